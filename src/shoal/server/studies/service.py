"""The studies' actions (issue 44): who may see and change what, and every change.

:class:`Studies` checks permissions, then changes the store:

* a study is seen by everyone when public or unlisted, and only by its owner and
  invited editors when private (to anyone else it does not exist: 404);
* its owner and editors change its chapters (moves, variations, comments, marks);
* only the owner changes its title, visibility and sync, invites or removes editors,
  moves the "sync" position that spectators follow, and deletes it.

Every change publishes a small event on the ``studies`` channel (:mod:`.live` turns it
into messages for the study's open pages, in every process). A refused change raises
an :class:`~shoal.server.errors.ApiError` in words before anything is stored.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from typing import Annotated, Any

from sqlalchemy.engine import Engine

from shoal.core import options_to_strings
from shoal.i18n import N_, SOURCE, Text
from shoal.records.tree import MoveTree

from ..accounts.models import User
from ..accounts.service import Accounts
from ..analysis.service import annotated_tree
from ..errors import ApiError
from ..events import Events
from ..games.manager import GameManager
from ..games.views import option_values
from ..provide import provided
from .chapters import build_game, check_tree, load_tree, trees_of_text
from .edits import Edit, apply_edit
from .live import CHANNEL, StudyHub
from .models import MAX_CHAPTERS, MAX_MEMBERS, MAX_TITLE, VISIBILITIES, Chapter, Study
from .store import NewChapter, StudyStore

__all__ = ["ChapterSpec", "Edit", "Notify", "Studies", "StudiesDep", "apply_edit"]

Notify = Callable[..., Awaitable[Any]]
"""The notifications' ``notify(user_id, kind, text, *, data=...)`` (an invitation told)."""

RETRIES = 8
"""How many times an edit is made again on a newer tree when another editor got there first."""


@dataclasses.dataclass(frozen=True)
class ChapterSpec:
    """Where a new chapter comes from: exactly one of a game (from its start or
    ``position``), a board's ``tree`` (with ``game``), a finished game ``game_id``, or a
    record ``text`` (one chapter per record in it)."""

    name: str = ""
    game: str | None = None
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    position: str | None = None
    tree: dict[str, Any] | None = None
    game_id: str | None = None
    text: str | None = None


_NAMELESS = {"study": N_("the study needs a name"), "chapter": N_("the chapter needs a name")}
_LONG = {
    "study": N_("the study's name has at most {max_title} characters"),
    "chapter": N_("the chapter's name has at most {max_title} characters"),
}


def _title(text: str, what: str) -> str:
    title = " ".join(text.split())
    if not title:
        raise ApiError(400, _NAMELESS[what])
    if len(title) > MAX_TITLE:
        raise ApiError(400, _LONG[what], max_title=MAX_TITLE)
    return title


class Studies:
    """Studies: permissions, chapters, edits, likes."""

    def __init__(
        self,
        engine: Engine,
        events: Events,
        accounts: Accounts,
        manager: GameManager,
        notify: Notify | None = None,
    ) -> None:
        self.store = StudyStore(engine)
        self.events = events
        self.accounts = accounts
        self.manager = manager
        """The loaded games (a chapter may come from a finished game)."""
        self.hub = StudyHub(self.store, self.chapter_view, events)
        """The open pages of each study in this process."""
        self.notify = notify
        """Tells an account of its invitation (the notifications' ``notify``)."""

    # -- reading (queries: call these in a worker thread, or from a def route) --------------
    def name_of(self, user_id: int) -> str:
        user = self.accounts.store.by_id(user_id)
        return user.username if user is not None else "?"

    def visible(self, study_id: str, user: User | None) -> Study:
        """The study if ``user`` may see it (404 otherwise: a private study is not shown)."""
        study = self.store.get(study_id)
        if study is None or not study.can_view(None if user is None else user.id):
            raise ApiError(404, "there is no study {study}", study=repr(study_id))
        return study

    def editable(self, study_id: str, user: User) -> Study:
        """The study if ``user`` may change it (403 for a reader who is not an editor)."""
        study = self.visible(study_id, user)
        if not study.can_edit(user.id):
            raise ApiError(403, "only the study's owner and its invited editors change it")
        return study

    def owned(self, study_id: str, user: User) -> Study:
        """The study if ``user`` owns it (403 for an editor or a reader)."""
        study = self.visible(study_id, user)
        if study.owner_id != user.id:
            raise ApiError(403, "only the study's owner changes this")
        return study

    def chapter_of(self, study: Study, chapter_id: int) -> Chapter:
        chapter = self.store.chapter(study.id, chapter_id)
        if chapter is None:
            raise ApiError(404, "the study has no chapter {chapter}", chapter=chapter_id)
        return chapter

    def study_view(self, study: Study, user: User | None) -> dict[str, Any]:
        """The study for a reader: title, owner, members, chapters, sync, likes, rights."""
        uid = None if user is None else user.id
        return {
            "id": study.id,
            "title": study.title,
            "owner": self.name_of(study.owner_id),
            "visibility": study.visibility,
            "hidden": study.hidden,
            "sync": study.sync,
            "position": {"chapter": study.sync_chapter, "path": list(study.sync_path)},
            "members": [self.name_of(m) for m in study.members],
            "likes": study.likes,
            "liked": uid is not None and self.store.likes(study.id, uid),
            "can_edit": study.can_edit(uid),
            "is_owner": uid == study.owner_id,
            "chapters": [
                {"id": c.id, "name": c.name, "game": c.game} for c in self.store.chapters(study.id)
            ],
            "created": study.created.isoformat(),
            "updated": study.updated.isoformat(),
        }

    @staticmethod
    def chapter_view(chapter: Chapter) -> dict[str, Any]:
        """A chapter for a page: its game, options, sides and the annotated tree."""
        game = build_game(chapter.game, chapter.options)
        tree = load_tree(game, chapter.tree)
        return {
            "id": chapter.id,
            "study": chapter.study_id,
            "name": chapter.name,
            "game": {"id": game.id, "title": game.title},
            "options": option_values(game),
            "sides": list(tree.start.sides()),
            "tree": annotated_tree(tree),
            "version": chapter.version,
        }

    def listing(
        self, user: User | None, *, game: str | None, mine: bool, order: str
    ) -> list[dict[str, Any]]:
        """Public studies (of a game), or with ``mine`` the reader's own and those it edits."""
        if order not in ("likes", "new"):
            raise ApiError(400, "order is 'likes' or 'new', not {order}", order=repr(order))
        if game is not None:
            build_game(game, {})
        if mine and user is None:
            raise ApiError(401, "you are not signed in")
        found = self.store.listing(
            game=game,
            member_id=user.id if mine and user is not None else None,
            public_only=not mine,
            order=order,
        )
        return [
            {
                "id": study.id,
                "title": study.title,
                "owner": self.name_of(study.owner_id),
                "visibility": study.visibility,
                "likes": study.likes,
                "games": names,
                "updated": study.updated.isoformat(),
            }
            for study, names in found
        ]

    # -- making ---------------------------------------------------------------------------
    async def new_chapters(
        self, spec: ChapterSpec, first: int, language: str = SOURCE
    ) -> list[NewChapter]:
        """The chapters a spec makes (numbered names from ``first`` when none is given, in
        ``language``, the maker's: "Hoofdstuk 2")."""

        def numbered(n: int) -> str:
            return Text(N_("Chapter {n}"), {"n": n}).say(language)

        sources = [
            name
            for name, value in (
                ("game_id", spec.game_id),
                ("text", spec.text),
                ("tree", spec.tree),
            )
            if value is not None
        ]
        if len(sources) > 1:
            raise ApiError(
                400,
                "a chapter comes from one source, not {choices}",
                choices=" and ".join(sources),
            )
        name = spec.name
        if spec.text is not None:
            made = []
            for n, (record, tree) in enumerate(trees_of_text(spec.text)):
                title = record.extra_tags.get("Chapter") or (name if n == 0 and name else "")
                title = _title(title or numbered(first + n), "chapter")
                made.append((title, tree.game.id, _options(tree), tree.to_json_dict()))
            return made
        if spec.game_id is not None:
            entry = await self.manager.entry(spec.game_id)
            if not entry.live.over:
                raise ApiError(409, "the game is not over yet: it joins a study once it has ended")
            record = entry.live.record()
            tree = MoveTree(record.game, record.start_state(), record.actions)
            players = " – ".join(p for p in record.players if p)
            title = _title(name or players or numbered(first), "chapter")
            return [(title, record.game.id, _options(tree), tree.to_json_dict())]
        if spec.game is None:
            raise ApiError(400, "a chapter needs a game, a finished game_id or a record text")
        game = build_game(spec.game, spec.options)
        if spec.tree is not None:
            tree = load_tree(game, spec.tree)
        else:
            try:
                start = game.load(spec.position) if spec.position else game.initial(0)
            except Exception as error:  # ShoalError and the parsers' ValueErrors
                raise ApiError(400, "the position: {error}", error=error) from None
            tree = MoveTree(game, start)
        check_tree(tree)
        options = _options(tree)
        return [(_title(name or numbered(first), "chapter"), game.id, options, tree.to_json_dict())]

    async def create(
        self,
        user: User,
        title: str,
        visibility: str,
        chapters: Sequence[ChapterSpec],
        language: str = SOURCE,
    ) -> str:
        """A new study of ``user`` with its first chapters: its id (a chapter without a name
        is named in ``language``, the maker's)."""
        title = _title(title, "study")
        _check_visibility(visibility)
        if not chapters:
            raise ApiError(400, "a study starts with at least one chapter")
        made: list[NewChapter] = []
        for spec in chapters:
            made.extend(await self.new_chapters(spec, len(made) + 1, language))
        if len(made) > MAX_CHAPTERS:
            raise ApiError(
                400,
                "a study holds at most {max_chapters} chapters",
                max_chapters=MAX_CHAPTERS,
            )
        return await asyncio.to_thread(self.store.create, user.id, title, visibility, made)

    async def add_chapters(
        self, study_id: str, user: User, spec: ChapterSpec, language: str = SOURCE
    ) -> list[int]:
        """Add the chapters of ``spec`` to a study ``user`` edits: their ids (a chapter without
        a name is named in ``language``)."""

        def chapters() -> tuple[Study, int]:
            study = self.editable(study_id, user)
            return study, len(self.store.chapters(study.id))

        study, count = await asyncio.to_thread(chapters)
        made = await self.new_chapters(spec, count + 1, language)
        if count + len(made) > MAX_CHAPTERS:
            raise ApiError(
                400,
                "a study holds at most {max_chapters} chapters",
                max_chapters=MAX_CHAPTERS,
            )
        ids = await asyncio.to_thread(self.store.add_chapters, study.id, made)
        self.publish(study.id, "study")
        return ids

    # -- changing (the queries in a worker thread; the page's event published in the loop) ----
    async def edit(
        self, study_id: str, chapter_id: int, user: User, edit: Edit
    ) -> tuple[Chapter, tuple[int, ...]]:
        """Make ``edit`` on the chapter's tree (again on a newer tree if another editor
        changed it meanwhile): the chapter after and the path the edit leaves chosen."""
        after, path = await asyncio.to_thread(self._edit, study_id, chapter_id, user, edit)
        self.publish(after.study_id, "chapter", chapter=after.id, by=user.username)
        return after, path

    def _edit(
        self, study_id: str, chapter_id: int, user: User, edit: Edit
    ) -> tuple[Chapter, tuple[int, ...]]:
        study = self.editable(study_id, user)
        for _ in range(RETRIES):
            chapter = self.chapter_of(study, chapter_id)
            game = build_game(chapter.game, chapter.options)
            tree = load_tree(game, chapter.tree)
            path = apply_edit(tree, edit)
            if self.store.save_tree(chapter.id, chapter.version, tree.to_json_dict()):
                return self.chapter_of(study, chapter_id), path
        raise ApiError(409, "the chapter is changing too fast: try again")

    async def rename_chapter(self, study_id: str, chapter_id: int, user: User, name: str) -> None:
        def rename() -> str:
            study = self.editable(study_id, user)
            chapter = self.chapter_of(study, chapter_id)
            self.store.rename_chapter(chapter.id, _title(name, "chapter"))
            return study.id

        self.publish(await asyncio.to_thread(rename), "study")

    async def remove_chapter(self, study_id: str, chapter_id: int, user: User) -> None:
        def remove() -> str:
            study = self.editable(study_id, user)
            chapter = self.chapter_of(study, chapter_id)
            if len(self.store.chapters(study.id)) == 1:
                raise ApiError(409, "a study keeps at least one chapter: delete the study instead")
            self.store.remove_chapter(chapter.id)
            return study.id

        self.publish(await asyncio.to_thread(remove), "study")

    async def settings(
        self,
        study_id: str,
        user: User,
        *,
        title: str | None,
        visibility: str | None,
        sync: bool | None,
    ) -> None:
        """The owner changes the title, the visibility or the sync."""

        def change() -> str | None:
            study = self.owned(study_id, user)
            values: dict[str, Any] = {}
            if title is not None:
                values["title"] = _title(title, "study")
            if visibility is not None:
                _check_visibility(visibility)
                values["visibility"] = visibility
            if sync is not None:
                values["sync"] = sync
            if not values:
                return None
            self.store.update(study.id, **values)
            return study.id

        changed = await asyncio.to_thread(change)
        if changed is not None:
            self.publish(changed, "study")

    async def set_position(
        self, study_id: str, user: User, chapter_id: int, path: list[int]
    ) -> None:
        """The owner's position, which spectators follow while sync is on."""

        def place() -> Study:
            study = self.owned(study_id, user)
            chapter = self.chapter_of(study, chapter_id)
            tree = load_tree(build_game(chapter.game, chapter.options), chapter.tree)
            try:
                tree.node(path)
            except ValueError as error:
                raise ApiError(400, str(error)) from None
            self.store.update(study.id, sync_chapter=chapter.id, sync_path=list(path))
            return study

        study = await asyncio.to_thread(place)
        if study.sync:
            self.publish(study.id, "position", chapter=chapter_id, path=list(path))

    async def invite(self, study_id: str, user: User, username: str) -> None:
        """Make ``username`` an editor of the study ``user`` owns, and tell them."""

        def add() -> tuple[Study, int]:
            study = self.owned(study_id, user)
            member = self.accounts.user_id(username)
            if member is None:
                raise ApiError(404, "there is no player {username}", username=repr(username))
            if member == study.owner_id:
                raise ApiError(400, "the owner edits the study already")
            if len(study.members) >= MAX_MEMBERS:
                raise ApiError(
                    400,
                    "a study has at most {max_members} invited editors",
                    max_members=MAX_MEMBERS,
                )
            if not self.store.add_member(study.id, member):
                raise ApiError(409, "{username} edits this study already", username=username)
            return study, member

        study, member = await asyncio.to_thread(add)
        self.publish(study.id, "study")
        if self.notify is not None:
            text = Text(
                N_("{username} invites you to edit the study “{title}”"),
                {"username": user.username, "title": study.title},
            )
            await self.notify(member, "study", text, data={"link": f"/studies/{study.id}"})

    async def uninvite(self, study_id: str, user: User, username: str) -> None:
        def drop() -> str:
            study = self.owned(study_id, user)
            member = self.accounts.user_id(username)
            if member is None or not self.store.remove_member(study.id, member):
                raise ApiError(
                    404,
                    "{username} is not an editor of this study",
                    username=username,
                )
            return study.id

        self.publish(await asyncio.to_thread(drop), "study")

    def like(self, study_id: str, user: User, on: bool) -> int:
        """``user`` likes the study (or not); how many do (queries: in a thread)."""
        study = self.visible(study_id, user)
        return self.store.like(study.id, user.id, on)

    async def remove(self, study_id: str, user: User) -> None:
        def delete() -> str:
            study = self.owned(study_id, user)
            self.store.remove(study.id)
            return study.id

        self.publish(await asyncio.to_thread(delete), "gone")

    async def hide(self, study_id: str, hidden: bool) -> Study:
        """A moderator hides the study (or shows it again): only its owner and editors see a
        hidden study; the open pages of everyone else get ``gone`` in every process (issue
        61). 404 when there is no such study."""
        study = await asyncio.to_thread(self.store.get, study_id)
        if study is None:
            raise ApiError(404, "there is no study {study}", study=repr(study_id))
        await asyncio.to_thread(self.store.update, study.id, hidden=hidden)
        self.publish(study.id, "study")
        return study

    def publish(self, study_id: str, kind: str, **more: Any) -> None:
        self.events.publish(CHANNEL, {"study": study_id, "kind": kind, **more})


def _check_visibility(visibility: str) -> None:
    if visibility not in VISIBILITIES:
        raise ApiError(
            400,
            "visibility is {choices}, not {visibility}",
            choices=", ".join(VISIBILITIES),
            visibility=repr(visibility),
        )


def _options(tree: MoveTree) -> dict[str, str]:
    """The options of a tree's game that differ from their defaults, as words."""
    return options_to_strings(tree.game.options)


StudiesDep = Annotated[Studies, provided(Studies)]
"""A route parameter of this type receives the app's :class:`Studies`."""
