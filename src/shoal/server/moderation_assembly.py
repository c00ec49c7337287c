"""Moderation, blocks and fair play put together from the app's other services (issue 61).

Each of the three domains is built with exactly what it uses (:class:`~.moderation.ports.Ports`,
the fair-play checks' functions); this module, a part of the assembly (:mod:`.context`
calls it), is the one place that knows where each of those comes from. It takes the
services it wires, never the assembly itself.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

from shoal.i18n import Text

from .accounts.models import User
from .accounts.service import Accounts
from .admin.actions import close_account, disable_account
from .admin.live import SiteAdmin
from .blocks.service import Blocks
from .blocks.service import build as build_blocks
from .blocks.store import BlockStore
from .bots.service import Bots
from .events import Events
from .fairplay.service import FairPlay
from .fairplay.service import build as build_fairplay
from .fairplay.store import FairplayStore
from .games.env import Games
from .games.session import LiveGame
from .moderation.chatrules import ChatRules
from .moderation.ports import Ports
from .moderation.service import Moderation
from .moderation.service import build as build_moderation
from .moderation.store import ModerationStore
from .notifications.service import Notifier
from .ratings.service import Ratings, settle_live
from .settings import Settings
from .studies.service import Studies
from .tournaments.service import Tournaments

__all__ = ["blocks_of", "moderation_of"]


def blocks_of(accounts: Accounts) -> Blocks:
    """The blocks of an app (they need only the accounts)."""
    store = accounts.store

    def find(name: str) -> User | None:
        found = store.by_name(name)
        return None if found is None else found[0]

    return build_blocks(BlockStore(store.engine), find=find, names=store.names)


def moderation_of(
    settings: Settings,
    events: Events,
    accounts: Accounts,
    games: Games,
    bots: Bots,
    ratings: Ratings,
    notifier: Notifier,
    tournaments: Tournaments,
    studies: Studies,
    admin: SiteAdmin,
) -> tuple[Moderation, FairPlay]:
    """The moderation and the fair-play checks of an app, from the services they act
    through; the fair-play checks listen to the games."""
    manager, engine = games.manager, games.store.engine
    users = accounts.store
    social = games.social

    def find(name: str) -> User | None:
        found = users.by_name(name)
        return None if found is None else found[0]

    def computer(user_id: int) -> bool:
        return any(bot.id == user_id for bot in bots.computers.values())

    async def set_disabled(user_id: int, disabled: bool) -> int:
        # the operator's own action (shoal admin disable): the sessions end and every
        # process closes the account's sockets (an operator's note); this one reads it now
        ended = await asyncio.to_thread(disable_account, engine, user_id, disabled)
        admin.poke()
        return ended

    async def notify(user_id: int, text: str | Text, data: dict[str, Any]) -> Any:
        return await notifier.notify(user_id, "moderation", text, data=data)

    async def close(user: User) -> Any:
        closed = await close_account(manager, engine, user)  # shoal admin close-user's
        admin.poke()
        return closed

    fairplay_store = FairplayStore(engine)
    ports = Ports(
        find=find,
        user=users.by_id,
        names=users.names,
        is_bot=bots.store.is_bot,
        computer=computer,
        chat_line=social.store.line,
        chat_around=social.store.around,
        hide_chat=social.store.hide,
        game=games.store.load,
        in_event=lambda game_id: tournaments.store.of_game(game_id) is not None,
        study=studies.store.get,
        hide_study=studies.hide,
        set_disabled=set_disabled,
        exclude_ratings=ratings.exclude,
        include_ratings=ratings.include,
        fairplay=fairplay_store.summary,
        notify=notify,
        close_account=close,
        withdraw_chat=social.withdraw,
    )
    rules = ChatRules(settings.chat_words, _host(settings.site_url))
    moderation = build_moderation(ModerationStore(engine), ports, rules, events)

    def changes(live: LiveGame) -> list[dict[str, Any]] | None:
        settle_live(ratings, live)  # once: the claim decides (it may be done)
        rated = ratings.rated_game(live.data.id)
        found = None if rated is None else rated["changes"]
        return found if isinstance(found, list) else None

    fairplay = build_fairplay(
        fairplay_store,
        spawn=manager.spawn,
        searches=lambda: games.computer.searches,
        changes=changes,
        is_bot=bots.store.is_bot,
        engine_users=ratings.excluded,
        report=moderation.site_report,
        in_event=ports.in_event,
    )
    manager.listen(fairplay)
    manager.on_evict(fairplay.forget)
    return moderation, fairplay


def _host(url: str) -> str | None:
    return urlsplit(url).hostname
