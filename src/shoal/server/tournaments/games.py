"""The games of a tournament: made for its pairings, ended on a no-show.

* :func:`make_games`: the games of pairings, started through the games' ``start_games``
  in one transaction (each as a challenge's game starts); a pairing of an account and one
  of the server's ``shoal-LEVEL`` bots is a game against the computer, whose seat the
  bot's account holds; two such bots paired together play a game with no seat tokens,
  whose both seats the server's computer plays to the end (:meth:`Computer.duel
  <shoal.server.games.background.Computer.duel>`, the one loop of the computer's turns),
  committing each turn like any other move.
* :func:`tell_player`: a player told of their new game (a ``tournament`` notification,
  and a mail where the account wants one).
* :func:`no_show_data`: the data after a seat did not make its first turn in time: the
  other seat wins, and ``ended["no_show"]`` names the absent seat.
* :func:`overdue_data`: what the no-show sweep commits for a game: its no-show once the
  stored first-move deadline has passed (:meth:`LiveGame.first_move_deadline
  <shoal.server.games.session.LiveGame.first_move_deadline>`).
* :func:`watch_game`: the tick's look at an event's live game still on: the computer's
  turn started again where no task plays it, the no-show committed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from shoal.core import Seat, other
from shoal.i18n import N_, Text

from ..errors import ApiError
from ..games.env import Games
from ..games.manager import GameEntry
from ..games.models import Claim, GameData
from ..games.session import LiveGame
from ..games.start import Agreement, Side
from ..notifications.service import Notifier
from .store import Entrant, Tournament

__all__ = ["make_games", "no_show_data", "overdue_data", "tell_player", "watch_game"]

log = logging.getLogger("shoal.server.tournaments")


async def make_games(
    games: Games,
    event: Tournament,
    pairs: Sequence[tuple[Side, Side, Callable[[str, str], Claim] | None]],
    first_move: float,
) -> list[GameData | None]:
    """The games of pairings of ``event`` (``(first, second, claim)`` each, ``first`` in the
    first seat; a side with a ``computer`` level is one of the server's bots, played by the
    server's computer), stored in one transaction: the event's game, options, clock and
    rating, and the event itself (the game counts); a live game stores ``first_move``, each
    side's seconds for its first turn (the no-show rule). ``claim``: the pairing's game id,
    stored in that transaction (:meth:`TournamentStore.game_claim
    <.store.TournamentStore.game_claim>`); None in the answer where it was lost (another
    process made the game, or the pairing has a result), and no game for it."""
    agreed = [
        Agreement(
            game=event.game,
            options=dict(event.options),
            colour="first",
            time_control=event.clock,
            rated=event.rated,
            creator=first,
            other=second,
            event=event.id,
            first_move=first_move,
            claim=claim,
        )
        for first, second, claim in pairs
    ]
    made: list[GameData | None] = []
    for (first, second, _), started in zip(pairs, await games.start_many(agreed)):
        made.append(None if started is None else started.data)
        if started is not None and first.computer is not None and second.computer is not None:
            entry = await games.manager.entry(started.data.id)  # two of the server's bots
            games.computer.duel(entry, (first.computer, second.computer))
    return made


async def tell_player(
    notifier: Notifier,
    event: Tournament,
    number: int,
    entrant: Entrant,
    opponent: Entrant,
    game_id: str,
) -> None:
    """Tell ``entrant`` of their game ``game_id`` against ``opponent`` in round ``number``
    of ``event``: a ``tournament`` notification, live on their open pages, and a mail where
    the account gives an address and wants mail of its turns (once per game)."""
    await notifier.notify(
        entrant.user_id,
        "tournament",
        Text(
            N_("{event}, round {round}: you play {opponent}"),
            {"event": event.name, "round": number, "opponent": opponent.name},
        ),
        game_id=game_id,
        data={"tournament": event.id, "link": f"/game/{game_id}"},
    )
    if notifier.mailer is not None:
        notifier.mailer.tournament_game(
            entrant.user_id,
            f"tournament:{event.id}:{game_id}",
            event.name,
            opponent.name,
            f"/game/{game_id}",
        )


def no_show_data(live: LiveGame, seat: Seat) -> GameData:
    """The data after ``seat`` did not make its first turn in time: the other seat wins."""
    side = live.state.side_name(seat)
    ended = {
        "winner": other(seat),
        "reason": f"{side} did not make a first move in time (a no-show)",
        "no_show": seat,
    }
    return live.next_data(ended=ended)


def overdue_data(live: LiveGame, now: float, first_move: float) -> GameData | None:
    """What the no-show sweep commits for ``live`` (an event's live game, on) at ``now``: its
    no-show once the stored first-move deadline has passed; None while it runs or where
    there is none (each side has made a turn). A game stored before the deadline was (no
    ``first_move`` in its clock) gets ``first_move`` seconds from now, stored: one write,
    and every process then reads the same deadline."""
    clock, seat = live.data.clock, live.state.to_move
    if clock is None or live.over or seat is None or live.state.turn >= 2:
        return None
    if "first_move" not in clock:
        return live.next_data(clock=dict(clock, first_move=float(first_move), since=now))
    deadline = live.first_move_deadline()
    if deadline is None or now < deadline:
        return None
    return no_show_data(live, seat)


async def watch_game(games: Games, entry: GameEntry, now: float, first_move: float) -> None:
    """The tick's look at an event's live game ``entry`` (on) at ``now``."""
    live = entry.live
    # the stored deadline: the same in every process, after a restart too
    if games.computer.level_to_move(live) is not None:
        # the computer's turn (a bot's, or both bots' in a duel): started again when no task
        # plays it (one that failed is logged), else left to the one that does
        games.computer.after_change(entry)
        return
    data = overdue_data(live, now, first_move)
    if data is None:
        return
    async with entry.lock:
        if entry.live.data.version != live.data.version:
            return
        try:
            await games.manager.commit(entry, data)
        except ApiError:  # another process ended it or a move came first
            return
    if data.ended is not None:
        log.info("no-show of seat %s in game %s", live.state.to_move, live.data.id)
