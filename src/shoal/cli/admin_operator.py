"""``shoal admin``'s answers to players' requests and abuse: a player's data, closing an
account, deleting a game, banning an address range.

* ``export-user NAME [--output FILE]``: everything the site holds about a player, as JSON
  (:func:`shoal.server.admin.export.export_user`; the player's own download holds the same).
* ``close-user NAME``: the player's own deletion, done by the operator.
* ``delete-game ID``: a game and what hangs on it, gone.
* ``ban-address CIDR [--guests] [--days N] [--reason TEXT]``, ``unban-address CIDR``,
  ``bans``: banned address ranges.

Each runs in its own process and tells the running servers through a note in the
database (:mod:`shoal.server.admin.notes`): on PostgreSQL at once (``NOTIFY``), on SQLite
within the server's tick (2 s).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

__all__ = ["ACTIONS", "add_to_admin", "run"]

ACTIONS = ("export-user", "close-user", "delete-game", "ban-address", "unban-address", "bans")
"""The actions of this module."""


def add_to_admin(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the operator's actions to ``shoal admin``."""
    export = actions.add_parser(
        "export-user",
        help="everything the site holds about a player, as JSON",
        description="Print (or write to --output) everything the site holds about a player: "
        "account, email address, games with their records, chat lines, notifications, "
        "studies, push devices, ratings and their history... as one JSON document, the same "
        "as the player's own download (format in docs/server.md). No secret is in it.",
    )
    export.add_argument("username", metavar="NAME")
    export.add_argument("--output", metavar="FILE", help="write here (default: print it)")
    close = actions.add_parser(
        "close-user",
        help="close a player's account, as their own deletion does",
        description="Close an account on the player's request: their sessions end and their "
        "open pages are closed on every server, their games stay under 'deleted player', "
        "their notifications, email address and push devices go, their open seeks and "
        "challenges are withdrawn. The name is not given out again.",
    )
    close.add_argument("username", metavar="NAME")
    delete = actions.add_parser(
        "delete-game",
        help="delete a game (every server drops it at once)",
        description="Delete a game with its seats, chat, offers, correspondence clock, "
        "notifications and review; every server drops it from memory and closes its pages. "
        "A game of an event is refused (its result counts in the standings).",
    )
    delete.add_argument("game_id", metavar="ID")
    ban = actions.add_parser(
        "ban-address",
        help="ban an address range from changing anything",
        description="Ban an address range (CIDR, or one address): its people may read the "
        "site, not play, write, sign up or sign in (403); its open pages close. With "
        "--guests only its guests are banned: signed-in accounts there go on.",
    )
    ban.add_argument("network", metavar="CIDR", help="e.g. 203.0.113.0/24, 2001:db8::/32")
    ban.add_argument("--guests", action="store_true", help="ban its guests only")
    ban.add_argument("--days", type=float, help="for this many days (default: until lifted)")
    ban.add_argument("--reason", default="", help="a note for the operators (never shown)")
    unban = actions.add_parser("unban-address", help="lift the ban of an address range")
    unban.add_argument("network", metavar="CIDR", help="the range exactly as it was banned")
    actions.add_parser("bans", help="list the banned address ranges")


def run(args: argparse.Namespace, url: str) -> int:
    """Do ``admin ACTION`` (one of :data:`ACTIONS`) on the database at ``url``."""
    from shoal.server.games.store import Store

    store = Store(url)
    try:
        if args.admin_command in ("ban-address", "unban-address", "bans"):
            return _bans(args, store)
        if args.admin_command == "delete-game":
            return _delete_game(args, store)
        return _user(args, store)
    finally:
        store.close()


def _fail(message: str) -> int:
    print(f"shoal admin: {message}", file=sys.stderr)
    return 1


def _user(args: argparse.Namespace, store: Any) -> int:
    from shoal.server.accounts.store import AccountStore

    found = AccountStore(store.engine).by_name(args.username)
    if found is None:
        return _fail(f"there is no user {args.username!r}")
    user = found[0]
    if args.admin_command == "export-user":
        from shoal.server.admin.export import export_user

        text = json.dumps(export_user(store, user), indent=1, ensure_ascii=False) + "\n"
        if args.output:
            try:
                with open(args.output, "w", encoding="utf-8") as out:
                    out.write(text)
            except OSError as error:
                return _fail(f"cannot write {args.output}: {error.strerror}")
            print(f"shoal admin: {user.username}'s data written to {args.output}")
        else:
            sys.stdout.write(text)
        return 0
    if user.deleted:
        return _fail(f"{user.username}'s account is closed already")
    from shoal.server.admin.actions import close_account
    from shoal.server.games.manager import GameManager

    async def close() -> Any:
        manager = GameManager(store)
        try:
            return await close_account(manager, store.engine, user)
        finally:
            await manager.close()
            await store.close_in_loop()

    closed = asyncio.run(close())
    print(
        f"shoal admin: {user.username}'s account closed: {closed.sessions} sessions ended, "
        f"{len(closed.games)} games now show 'deleted player'"
    )
    return 0


def _delete_game(args: argparse.Namespace, store: Any) -> int:
    from shoal.server.admin.actions import GameInEvent, delete_game

    try:
        deleted = delete_game(store.engine, args.game_id)
    except GameInEvent as error:
        return _fail(str(error))
    if not deleted:
        return _fail(f"there is no game {args.game_id!r}")
    print(f"shoal admin: game {args.game_id} deleted (every server drops it)")
    return 0


def _bans(args: argparse.Namespace, store: Any) -> int:
    from shoal.server.admin.actions import ban_address, unban_address
    from shoal.server.admin.bans import BanStore, utcnow

    if args.admin_command == "bans":
        now = utcnow()
        print(f"{'range':<24} {'who':<7} {'until':<17} {'since':<17} reason")
        for ban in BanStore(store.engine).all():
            until = f"{ban.expires:%Y-%m-%d %H:%M}" if ban.expires else "lifted by hand"
            if ban.expires is not None and ban.expires <= now:
                until = "ended"
            since = f"{ban.created:%Y-%m-%d %H:%M}" if ban.created else ""
            who = "guests" if ban.guests_only else "all"
            print(f"{ban.network:<24} {who:<7} {until:<17} {since:<17} {ban.reason}")
        return 0
    try:
        if args.admin_command == "unban-address":
            if not unban_address(store.engine, args.network):
                return _fail(f"{args.network} is not banned (list them: shoal admin bans)")
            print(f"shoal admin: {args.network} may change things again")
            return 0
        ban, new = ban_address(
            store.engine,
            args.network,
            guests_only=args.guests,
            reason=args.reason,
            days=args.days,
        )
    except ValueError as error:
        return _fail(str(error))
    who = "its guests are" if ban.guests_only else "it is"
    until = f" until {ban.expires:%Y-%m-%d %H:%M} UTC" if ban.expires else ""
    again = "" if new else " (the earlier ban of this range is replaced)"
    print(f"shoal admin: {ban.network} banned: {who} refused every change{until}{again}")
    return 0
