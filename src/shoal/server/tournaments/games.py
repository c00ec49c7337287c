"""The games of a tournament: made for its pairings, ended on a no-show.

* :func:`make_game`: a pairing's game through the games' ``start_game`` (the same way a
  challenge starts one); a pairing of an account and one of the server's ``shoal-LEVEL``
  bots is a game against the computer, whose seat the bot's account holds; two such bots
  paired together play a game with no seat tokens, whose both seats the server's computer
  plays to the end (:meth:`Computer.duel <shoal.server.games.background.Computer.duel>`,
  the one loop of the computer's turns), committing each turn like any other move.
* :func:`no_show_data`: the data after a seat did not make its first turn in time: the
  other seat wins, and ``ended["no_show"]`` names the absent seat.
"""

from __future__ import annotations

from shoal.core import Seat, other

from ..games.env import Games
from ..games.models import GameData
from ..games.session import LiveGame
from ..games.start import Side
from .store import Tournament

__all__ = ["make_game", "no_show_data"]


async def make_game(games: Games, event: Tournament, first: Side, second: Side) -> GameData:
    """The game of a pairing of ``event``, ``first`` in the first seat (a side with a
    ``computer`` level is one of the server's bots, played by the server's computer): the
    event's game, options, clock and rating, and the event itself (the game counts)."""
    started = await games.start(
        game=event.game,
        options=dict(event.options),
        colour="first",
        time_control=event.clock,
        rated=event.rated,
        creator=first,
        other=second,
        event=event.id,
    )
    if first.computer is not None and second.computer is not None:  # two of the server's bots
        entry = await games.manager.entry(started.data.id)
        games.computer.duel(entry, (first.computer, second.computer))
    return started.data


def no_show_data(live: LiveGame, seat: Seat) -> GameData:
    """The data after ``seat`` did not make its first turn in time: the other seat wins."""
    side = live.state.side_name(seat)
    ended = {
        "winner": other(seat),
        "reason": f"{side} did not make a first move in time (a no-show)",
        "no_show": seat,
    }
    return live.next_data(ended=ended)
