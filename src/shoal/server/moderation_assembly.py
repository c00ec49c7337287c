"""Moderation, blocks and fair play put together from the app's other services (issue 61).

Each of the three domains is built with exactly what it uses (:class:`~.moderation.ports.Ports`,
the fair-play checks' functions); this module is the one place that knows where each of
those comes from, as :mod:`.context` is for the rest.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

from .accounts.models import User
from .admin.actions import close_account, disable_account
from .blocks.service import Blocks
from .blocks.service import build as build_blocks
from .blocks.store import BlockStore
from .context import ServerContext
from .fairplay.service import FairPlay
from .fairplay.service import build as build_fairplay
from .fairplay.store import FairplayStore
from .games.session import LiveGame
from .moderation.chatrules import ChatRules
from .moderation.ports import Ports
from .moderation.service import Moderation
from .moderation.service import build as build_moderation
from .moderation.store import ModerationStore
from .ratings.service import settle_live

__all__ = ["assemble", "blocks_of"]


def blocks_of(context: ServerContext) -> Blocks:
    """The blocks of an app (they need only the accounts)."""
    store = context.accounts.store

    def find(name: str) -> User | None:
        found = store.by_name(name)
        return None if found is None else found[0]

    return build_blocks(BlockStore(store.engine), find=find, names=store.names)


def assemble(context: ServerContext) -> tuple[Moderation, FairPlay]:
    """The moderation and the fair-play checks of the app of ``context`` (once its bots,
    studies and tournaments are made); the fair-play checks listen to the games."""
    engine = context.store.engine
    accounts = context.accounts.store
    moderation_store = ModerationStore(engine)

    def find(name: str) -> User | None:
        found = accounts.by_name(name)
        return None if found is None else found[0]

    def computer(user_id: int) -> bool:
        return any(bot.id == user_id for bot in context.bots.computers.values())

    async def set_disabled(user_id: int, disabled: bool) -> int:
        # the operator's own action (shoal admin disable): the sessions end and every
        # process closes the account's sockets (an operator's note); this one reads it now
        ended = await asyncio.to_thread(disable_account, engine, user_id, disabled)
        context.admin.poke()
        return ended

    async def notify(user_id: int, text: str, data: dict[str, Any]) -> Any:
        return await context.notifier.notify(user_id, "moderation", text, data=data)

    async def close(user: User) -> Any:
        closed = await close_account(context.manager, engine, user)  # shoal admin close-user's
        context.admin.poke()
        return closed

    fairplay_store = FairplayStore(engine)
    ports = Ports(
        find=find,
        user=accounts.by_id,
        names=accounts.names,
        is_bot=context.bots.store.is_bot,
        computer=computer,
        chat_line=context.social.store.line,
        chat_around=context.social.store.around,
        hide_chat=context.social.store.hide,
        game=context.store.load,
        in_event=lambda game_id: context.tournaments.store.of_game(game_id) is not None,
        study=context.studies.store.get,
        hide_study=context.studies.hide,
        set_disabled=set_disabled,
        exclude_ratings=context.ratings.exclude,
        include_ratings=context.ratings.include,
        fairplay=fairplay_store.summary,
        notify=notify,
        close_account=close,
        withdraw_chat=context.social.withdraw,
    )
    rules = ChatRules(context.settings.chat_words, _host(context.settings.site_url))
    moderation = build_moderation(moderation_store, ports, rules, context.events)

    def changes(live: LiveGame) -> list[dict[str, Any]] | None:
        settle_live(context.ratings, live)  # once: the claim decides (it may be done)
        rated = context.ratings.rated_game(live.data.id)
        found = None if rated is None else rated["changes"]
        return found if isinstance(found, list) else None

    fairplay = build_fairplay(
        fairplay_store,
        spawn=context.manager.spawn,
        searches=lambda: context.computer.searches,
        changes=changes,
        is_bot=context.bots.store.is_bot,
        engine_users=context.ratings.excluded,
        report=moderation.site_report,
        in_event=ports.in_event,
    )
    context.manager.listen(fairplay)
    return moderation, fairplay


def _host(url: str) -> str | None:
    return urlsplit(url).hostname
