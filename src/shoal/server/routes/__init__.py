"""The routes of the app, one module per area, each with its request and response models.

* ``catalog``: the games, their options, rules pages and start boards; the computer's levels.
* ``games``: starting a game, its view, actions, undo, resignation, hints, the live socket.
* ``seats``: claiming an online game's invite link (once).
* ``offers``: draw offers, takeback requests, aborts between the players.
* ``chat``: a game's chat rooms, mutes, and the social socket (offers and chat live).
* ``records``: a game's record and replay; uploaded records.
* ``learn``: the courses, and a learner's attempt at a step.
* ``auth``: signing up, in and out, passwords (the session cookie).
* ``users``: the signed-in player (``/api/me``...) and profiles.
* ``pages``: the web client's pages, pictures and plots.
* ``review``: game reviews, computed once in the background (issue 26).
* ``analysis``: the analysis board: positions, record import/export, the live engine.
* ``ratings``: leaderboards, a game's rating changes, rating histories (issue 23).
* ``lobby``: open seeks, live over a socket; accepting one starts a game (issue 22).
* ``challenges``: one account challenges another by name (issue 22); a challenge's page.
* ``notifications``: notifications, their live count, mail settings, unsubscribing.
* ``bot``: the Bot API (tokens, event and game streams, moves) and games against bots.
* ``puzzles``: the puzzles, an attempt judged, puzzle ratings and streaks (issue 25).
* ``stats``: a game's first-player and draw rates in human games (issue 47).

Areas to come (lobby, ratings, puzzles, analysis) get a module
here each and a line in :data:`ROUTERS`. A route module never imports another
(an import-linter contract says so): what areas share lives below them, in
``shoal.server.context``, ``.changes``, ``.manager``, ``.session``, ``.storage``.
"""

from fastapi import APIRouter

from . import (
    analysis,
    auth,
    bot,
    catalog,
    challenges,
    chat,
    games,
    learn,
    lobby,
    notifications,
    offers,
    pages,
    puzzles,
    ratings,
    records,
    review,
    seats,
    stats,
    users,
)

__all__ = ["ROUTERS"]

ROUTERS: tuple[APIRouter, ...] = (
    catalog.router,
    games.router,
    seats.router,
    offers.router,
    chat.router,
    records.router,
    learn.router,
    auth.router,
    users.router,
    review.router,
    analysis.router,
    lobby.router,
    challenges.router,
    notifications.router,
    bot.router,
    ratings.router,
    puzzles.router,
    stats.router,
    pages.router,
)
"""Every area's router, in the order the app includes them."""
