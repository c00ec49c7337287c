"""The conformance suite every shoal game must pass.

Each check is a function ``check(game, seeds)`` that raises ``AssertionError``
with a message on the first violation. ``CHECKS`` lists them by name, so a test
suite can parametrise over games x checks; :func:`run_all` runs them all.

>>> from shoal.games import get
>>> run_all(get("connect4"), seeds=range(3))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from .errors import GameOverError, IllegalActionError, InvalidNotationError, ShoalError
from .game import Action, Game, State
from .history import split_turns

__all__ = ["CHECKS", "random_games", "run_all"]

Check = Callable[[Game, Iterable[int]], None]


def random_games(game: Game, seed: int) -> Iterator[tuple[State, Action | None]]:
    """The states of one random game from ``initial(seed)``, each with the action taken."""
    rng = random.Random(seed)
    state = game.initial(seed)
    steps = 0
    while state.outcome is None:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        yield state, action
        state = state.child(action)
        steps += 1
        assert steps <= game.max_game_length, (
            f"{game.id}: game longer than max_game_length={game.max_game_length}"
        )
    yield state, None


def check_random_play(game: Game, seeds: Iterable[int]) -> None:
    """Random play ends; seats, legal actions and outcome agree at every step."""
    n = game.num_distinct_actions
    for seed in seeds:
        for state, _ in random_games(game, seed):
            legal = state.legal_actions()
            if state.outcome is None:
                assert state.to_move in (0, 1), f"{game.id}: to_move={state.to_move!r}"
                assert legal, f"{game.id}: no legal action before the end: {state.position()}"
                assert len(set(legal)) == len(legal), f"{game.id}: duplicate legal actions"
                assert all(0 <= a < n for a in legal), f"{game.id}: action out of range"
            else:
                assert state.to_move is None, f"{game.id}: a seat to move after the end"
                assert not legal, f"{game.id}: legal actions after the end"
                assert state.outcome.winner in (None, 0, 1)
                assert state.outcome.reason, f"{game.id}: an outcome without a reason"


def check_outcome_only_at_end(game: Game, seeds: Iterable[int]) -> None:
    """The outcome is None until the last state; is_over agrees with it."""
    for seed in seeds:
        states = [s for s, _ in random_games(game, seed)]
        for state in states[:-1]:
            assert state.outcome is None and not state.is_over
        assert states[-1].outcome is not None and states[-1].is_over


def check_text_round_trip(game: Game, seeds: Iterable[int]) -> None:
    """Every legal action formats to text that parses back to the same action."""
    for seed in seeds:
        for state, _ in random_games(game, seed):
            texts = set()
            for action in state.legal_actions():
                text = state.action_text(action)
                assert text not in texts, f"{game.id}: two actions share the text {text!r}"
                texts.add(text)
                back = state.parse_action(text)
                assert back == action, f"{game.id}: {text!r} parsed to {back} not {action}"


def _replay(state: State, actions: Iterable[Action]) -> State:
    for action in actions:
        state = state.apply(action)
    return state


def check_turn_round_trip(game: Game, seeds: Iterable[int]) -> None:
    """Each whole turn formats to turn text that parses back to the same actions.

    A game whose turn notation is order-free (Sytran writes a turn's stones
    sorted) may parse them back in another order, as long as it is the same
    actions and reaches the same state.
    """
    for seed in seeds:
        steps = list(random_games(game, seed))
        actions = [action for _, action in steps if action is not None]
        for turn in split_turns(steps[0][0], actions):
            start, turn_actions = turn.before, list(turn.actions)
            text = start.turn_text(turn_actions)
            back = start.parse_turn(text)
            if back != turn_actions:
                assert sorted(back) == sorted(turn_actions), (
                    f"{game.id}: turn {text!r} parsed to {back}"
                )
                assert _replay(start, back) == _replay(start, turn_actions), (
                    f"{game.id}: turn {text!r} reordered reaches another state"
                )


def check_position_round_trip(game: Game, seeds: Iterable[int]) -> None:
    """Position strings reload to an equal state with the same legal actions."""
    for seed in seeds:
        for state, _ in random_games(game, seed):
            text = state.position()
            assert "\n" not in text, f"{game.id}: a position string spans lines"
            loaded = game.load(text)
            assert loaded == state, f"{game.id}: {text!r} reloads to another state"
            assert loaded.position() == text
            assert list(loaded.legal_actions()) == list(state.legal_actions())
            assert loaded.to_move == state.to_move
            assert loaded.outcome == state.outcome


def check_determinism(game: Game, seeds: Iterable[int]) -> None:
    """The same seed gives the same start and, with the same choices, the same game."""
    for seed in seeds:
        first = [(s.position(), a) for s, a in random_games(game, seed)]
        second = [(s.position(), a) for s, a in random_games(game, seed)]
        assert first == second, f"{game.id}: seed {seed} is not reproducible"
        assert game.initial(seed) == game.initial(seed)


def check_apply_never_mutates(game: Game, seeds: Iterable[int]) -> None:
    """Applying an action leaves the state it was applied to unchanged."""
    for seed in seeds:
        for state, action in random_games(game, seed):
            if action is None:
                continue
            before = (state.key(), state.position(), tuple(state.legal_actions()))
            state.apply(action)
            after = (state.key(), state.position(), tuple(state.legal_actions()))
            assert before == after, f"{game.id}: apply changed the state {before[1]}"


def check_bad_input(game: Game, seeds: Iterable[int]) -> None:
    """Illegal numbers, malformed text and play after the end raise the error family."""
    for seed in seeds:
        last: State | None = None
        for state, _ in random_games(game, seed):
            last = state
            if state.outcome is not None:
                break
            before = state.position()
            legal = set(state.legal_actions())
            illegal = next((a for a in range(game.num_distinct_actions) if a not in legal), None)
            if illegal is not None:
                try:
                    state.apply(illegal)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{game.id}: illegal action {illegal} accepted")
            for bad in ("", "  ", "zz99-@@", "???", "\x00"):
                try:
                    state.parse_action(bad)
                except (InvalidNotationError, IllegalActionError):
                    pass
                else:
                    raise AssertionError(f"{game.id}: malformed {bad!r} accepted")
            for bad_position in ("", "nonsense", "/" * 5):
                try:
                    game.load(bad_position)
                except InvalidNotationError:
                    pass
                else:
                    raise AssertionError(f"{game.id}: bad position {bad_position!r} loaded")
            assert state.position() == before
        assert last is not None and last.outcome is not None
        try:
            last.apply(0)
        except GameOverError:
            pass
        else:
            raise AssertionError(f"{game.id}: an action accepted after the end")


def check_rendering(game: Game, seeds: Iterable[int]) -> None:
    """Text and SVG render; click paths cover exactly the legal actions."""
    for seed in seeds:
        previous: Action | None = None
        for state, action in random_games(game, seed):
            assert isinstance(game.render_text(state), str) and game.render_text(state)
            assert isinstance(game.status(state), str) and "\n" not in game.status(state)
            last = (previous,) if previous is not None else ()
            svg = game.render_svg(state, last=last)
            assert svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")
            paths = game.click_paths(state)
            assert set(paths) == set(state.legal_actions()), f"{game.id}: click paths"
            previous = action


def check_evaluation_range(game: Game, seeds: Iterable[int]) -> None:
    """The heuristic evaluation stays in [-1, 1] for both seats."""
    for seed in seeds:
        for state, _ in random_games(game, seed):
            for seat in (0, 1):
                value = game.evaluate(state, seat)
                assert -1.0 <= value <= 1.0, f"{game.id}: evaluate={value}"


def check_observation(game: Game, seeds: Iterable[int]) -> None:
    """Observations have the declared shape, for both seats, at every step."""
    size = 1
    for dim in game.observation_shape():
        size *= dim
    for seed in list(seeds)[:2]:
        for state, _ in random_games(game, seed):
            for seat in (0, 1):
                vector = game.observation(state, seat)
                assert len(vector) == size, f"{game.id}: observation length {len(vector)}"
                assert all(0.0 <= v <= 1.0 for v in vector), f"{game.id}: observation range"


def check_native_agrees(game: Game, seeds: Iterable[int]) -> None:
    """The compiled fast path (when the game has one for these options) agrees with the rules.

    Along random games: the same legal actions, status and evaluation, and
    applying the chosen action in C gives the packed pure child. Vacuous on the
    pure path (``SHOAL_PURE=1``, not built, or options the C code does not cover).
    """
    engine = game.native_engine()
    if engine is None:
        return
    for seed in seeds:
        for state, action in random_games(game, seed):
            packed = engine.pack(state)
            if packed is None:
                continue
            assert engine.legal_actions(packed) == tuple(state.legal_actions()), (
                f"{game.id}: native legal actions differ at {state.position()}"
            )
            over, winner, to_move, turn = engine.status(packed)
            outcome = state.outcome
            expected = -1 if outcome is None or outcome.winner is None else outcome.winner
            assert (over, winner, turn) == (outcome is not None, expected, state.turn), (
                f"{game.id}: native status differs at {state.position()}"
            )
            assert to_move == (-1 if state.to_move is None else state.to_move)
            if engine.has_evaluate:
                for seat in (0, 1):
                    mine = engine.evaluate(packed, seat)
                    assert abs(mine - game.evaluate(state, seat)) < 1e-9, (
                        f"{game.id}: native evaluation differs at {state.position()}"
                    )
            if action is not None:
                assert engine.apply(packed, action) == engine.pack(state.child(action)), (
                    f"{game.id}: native child differs after {state.action_text(action)} "
                    f"at {state.position()}"
                )


CHECKS: dict[str, Check] = {
    "random_play": check_random_play,
    "outcome_only_at_end": check_outcome_only_at_end,
    "text_round_trip": check_text_round_trip,
    "turn_round_trip": check_turn_round_trip,
    "position_round_trip": check_position_round_trip,
    "determinism": check_determinism,
    "apply_never_mutates": check_apply_never_mutates,
    "bad_input": check_bad_input,
    "rendering": check_rendering,
    "evaluation_range": check_evaluation_range,
    "observation": check_observation,
    "native_agrees": check_native_agrees,
}


def run_all(game: Game, seeds: Iterable[int] = range(5)) -> None:
    """Run every check on ``game`` (raises AssertionError on the first failure)."""
    seed_list = list(seeds)
    for check in CHECKS.values():
        try:
            check(game, seed_list)
        except ShoalError as error:  # a rules error where none belongs is a failure too
            raise AssertionError(
                f"{game.id}: unexpected {type(error).__name__}: {error}"
            ) from error
