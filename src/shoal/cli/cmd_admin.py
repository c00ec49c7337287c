"""``shoal admin``: the server's users (list, disable, enable, set a password), bots
(mark an account a bot, give it an API token, revoke its tokens), moderators (grant and
revoke a role, list them: docs/moderation.md), recurring tournaments
(:mod:`shoal.cli.admin_tournaments`) and the answers to players' requests and abuse (export
a player's data, close an account, delete a game, ban an address range:
:mod:`shoal.cli.admin_operator`).

Every action works on an existing database at this shoal's revision (:mod:`.database`):
without ``--database`` (or ``SHOAL_DATABASE``) and with no ``./shoal.sqlite3`` it refuses,
rather than make an empty one.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from .database import add_database_option, existing_database

__all__ = ["add_parser"]


def _run(args: argparse.Namespace) -> int:
    from shoal.server.accounts.service import Accounts, check_password
    from shoal.server.accounts.store import AccountStore
    from shoal.server.errors import ApiError
    from shoal.server.games.store import Store

    url, why = existing_database(args)
    if url is None:
        print(f"shoal admin: {why}", file=sys.stderr)
        return 1
    from .admin_operator import ACTIONS
    from .admin_operator import run as operate

    if args.admin_command in ACTIONS:
        return operate(args, url)
    store = Store(url)
    try:
        accounts = AccountStore(store.engine)
        if args.admin_command == "list":
            print(f"{'id':>5}  {'username':<20}  {'created':<19}  state")
            for user in accounts.users():
                state = "deleted" if user.deleted else "disabled" if user.disabled else "active"
                created = user.created.isoformat(" ", "seconds")
                print(f"{user.id:>5}  {user.username:<20}  {created:<19}  {state}")
            return 0
        if args.admin_command in ("chat", "hide", "unhide"):
            return _chat(args, store)
        if args.admin_command == "tournament":
            from .admin_tournaments import run

            return run(args, store.engine)
        if args.admin_command == "roles":
            return _roles(store)
        if args.admin_command == "revoke" and len(args.names) == 2:
            args.role, args.username = args.names
            if args.role not in ("moderator", "operator"):
                print(
                    f"shoal admin: a role is moderator or operator, not {args.role!r}",
                    file=sys.stderr,
                )
                return 2
        elif args.admin_command == "revoke":
            if len(args.names) != 1:
                print("shoal admin: revoke NAME, or revoke ROLE NAME", file=sys.stderr)
                return 2
            args.role, args.username = None, args.names[0]
        found = accounts.by_name(args.username)
        if found is None or found[0].deleted:
            print(f"shoal admin: there is no user {args.username!r}", file=sys.stderr)
            return 1
        user = found[0]
        if args.admin_command == "grant" or getattr(args, "role", None) is not None:
            return _role(args.admin_command, args.role, store, user)
        if args.admin_command in ("bot", "token", "revoke"):
            return _bots(args.admin_command, store, user.id, user.username)
        from shoal.server.admin.actions import disable_account, end_sessions

        if args.admin_command in ("disable", "enable"):
            disabled = args.admin_command == "disable"
            ended = disable_account(store.engine, user.id, disabled)
            print(f"shoal admin: {user.username} {args.admin_command}d ({ended} sessions ended)")
            return 0
        password = args.password_stdin and sys.stdin.readline().rstrip("\n")
        if not password:
            password = getpass.getpass(f"new password for {user.username}: ")
        try:
            check_password(password, user.username)
        except ApiError as error:
            print(f"shoal admin: {error.message}", file=sys.stderr)
            return 1
        hasher = Accounts(store.engine)
        accounts.update_user(user.id, password_hash=hasher.hash(password))
        ended = end_sessions(store.engine, user.id)
        print(f"shoal admin: new password set for {user.username} ({ended} sessions ended)")
        return 0
    finally:
        store.close()


def _chat(args: argparse.Namespace, store: object) -> int:
    """``chat GAME`` lists a game's messages with their ids; ``hide``/``unhide ID``."""
    from shoal.server.games.social_store import SocialStore
    from shoal.server.games.store import Store

    assert isinstance(store, Store)
    social = SocialStore(store.engine)
    if args.admin_command == "chat":
        found = social.all_messages(args.game_id)
        if not found:
            print(f"shoal admin: no chat messages in game {args.game_id!r}")
            return 0
        for message, hidden in found:
            flag = "hidden" if hidden else "shown"
            print(f"{message.id:>6}  {message.room:<10} {flag:<6}  {message.name}: {message.text}")
        return 0
    hide = args.admin_command == "hide"
    if not social.hide(args.message_id, hide):
        print(f"shoal admin: there is no chat message {args.message_id}", file=sys.stderr)
        return 1
    what = "hidden (players and spectators no longer get it)" if hide else "shown again"
    print(f"shoal admin: message {args.message_id} {what}")
    return 0


def _role(command: str, role: str, store: object, user: object) -> int:
    """``grant ROLE NAME`` and ``revoke ROLE NAME`` (moderators, issue 61)."""
    from shoal.server.accounts.models import User
    from shoal.server.bots.store import BotStore
    from shoal.server.games.store import Store
    from shoal.server.moderation.roles import grant, revoke
    from shoal.server.moderation.store import ModerationStore

    assert isinstance(store, Store) and isinstance(user, User)
    roles = ModerationStore(store.engine)
    if command == "grant":
        if BotStore(store.engine).is_bot(user.id):
            print(
                f"shoal admin: {user.username} is a bot: a bot moderates nothing", file=sys.stderr
            )
            return 1
        try:
            changed = grant(roles, user, role)
        except ValueError as error:
            print(f"shoal admin: {error}", file=sys.stderr)
            return 2
        what = f"is now {role}" if changed else f"was {role} already"
        print(f"shoal admin: {user.username} {what}")
        return 0
    had = roles.role(user.id)
    if had != role:
        print(f"shoal admin: {user.username} is not {role}", file=sys.stderr)
        return 1
    revoke(roles, user)
    print(f"shoal admin: {user.username} is no longer {role}")
    return 0


def _roles(store: object) -> int:
    """``roles``: every account with a role."""
    from shoal.server.accounts.store import AccountStore
    from shoal.server.games.store import Store
    from shoal.server.moderation.store import ModerationStore

    assert isinstance(store, Store)
    roles = ModerationStore(store.engine).all_roles()
    names = AccountStore(store.engine).names(list(roles))
    if not roles:
        print("shoal admin: nobody has a role (shoal admin grant moderator NAME)")
    for user_id, role in sorted(roles.items(), key=lambda item: names.get(item[0], "")):
        print(f"{names.get(user_id, '?'):<20}  {role}")
    return 0


def _bots(command: str, store: object, user_id: int, username: str) -> int:
    from shoal.server.bots.service import new_api_token
    from shoal.server.bots.store import BotStore
    from shoal.server.games.store import Store

    assert isinstance(store, Store)
    bots = BotStore(store.engine)
    if command == "bot":
        done = bots.mark(user_id)
        print(f"shoal admin: {username} " + ("is now a bot" if done else "was a bot already"))
        return 0
    if command == "revoke":
        print(f"shoal admin: {bots.revoke_tokens(user_id)} API tokens of {username} revoked")
        return 0
    if not bots.is_bot(user_id):
        print(
            f"shoal admin: {username} is not a bot (first: shoal admin bot {username})",
            file=sys.stderr,
        )
        return 1
    if bots.level_of(user_id) is not None:
        print(f"shoal admin: {username} is the server's own AI: it needs no token", file=sys.stderr)
        return 1
    token = new_api_token(bots, user_id)
    print(f"shoal admin: API token for {username} (shown once; keep it secret):")
    print(token)
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``admin`` and its actions."""
    p = sub.add_parser(
        "admin",
        help="manage the server's users, moderators, bans and players' requests",
        description="List users, disable or enable one (a disabled user's sessions end and "
        "their pages close), set a new password, mark a bot, give it an API token or revoke "
        "its tokens; give or take back a moderator's role; list a game's chat and hide (or "
        "show again) a message; export a player's data, close an account, delete a game, ban "
        "an address range. The running servers learn of each change (docs/server.md, 'The "
        "operator's commands').",
    )
    add_database_option(p, "the site's database (it must exist)")
    actions = p.add_subparsers(dest="admin_command", metavar="ACTION", required=True)
    actions.add_parser("list", help="list the users")
    for name, what in (("disable", "disable a user"), ("enable", "enable a user again")):
        one = actions.add_parser(name, help=what)
        one.add_argument("username")
    for name, what in (
        ("bot", "mark an account a bot (it may then get API tokens)"),
        ("token", "a new API token for a bot (printed once)"),
    ):
        one = actions.add_parser(name, help=what)
        one.add_argument("username")
    revoke = actions.add_parser(
        "revoke",
        help="revoke every API token of a bot (revoke NAME), or take a role back "
        "(revoke moderator NAME)",
    )
    revoke.add_argument("names", nargs="+", metavar="[ROLE] USERNAME")
    grant = actions.add_parser(
        "grant", help="give an account a role: moderator (the /mod queue) or operator"
    )
    grant.add_argument("role", choices=("moderator", "operator"))
    grant.add_argument("username")
    actions.add_parser("roles", help="list the accounts with a role")
    chat = actions.add_parser("chat", help="list a game's chat messages with their ids")
    chat.add_argument("game_id", metavar="GAME_ID")
    for name, what in (("hide", "hide a chat message"), ("unhide", "show a hidden message again")):
        one = actions.add_parser(name, help=what)
        one.add_argument("message_id", type=int, metavar="MESSAGE_ID")
    from .admin_operator import add_to_admin as add_operator_actions
    from .admin_tournaments import add_to_admin

    add_to_admin(actions)
    add_operator_actions(actions)
    pw = actions.add_parser("password", help="set a new password (asked, or read from stdin)")
    pw.add_argument("username")
    pw.add_argument(
        "--password-stdin", action="store_true", help="read the password from standard input"
    )
    p.set_defaults(func=_run)
