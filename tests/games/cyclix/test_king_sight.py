"""The option ``king_sight`` ([decision] in rules/cyclix.md, "Check"): ``always`` (a king
attacks the first tile it sees along each line, so the kings never see each other) or
``free``: a king in check from an enemy rook, bishop or knight attacks only the adjacent
tiles, so a move that leaves the enemy king in check from such a piece may let the kings see
each other; sight between the kings never counts as that check, and a king seen by an enemy
king that is not in check from such a piece is attacked.

Every test runs on both paths (``path``): the pure engine, and the native one, which for
``king_sight=free`` is the pure engine it falls back to (``fast.SUPPORTED_OPTIONS``)."""

from __future__ import annotations

import pytest

from shoal.core import IllegalActionError, InvalidOptionError, InvalidPositionError
from shoal.engine.protocol import EngineSession
from shoal.games import get
from shoal.games.cyclix import CyclixState

from ..paths import legal_on_path
from . import reference

# a1..g7; "~" a square without a tile. White king b1, Black king a4, a2 and a3 without tiles.
KINGS_APART = "......./......./......./k....../~....../~....../.K..... w RBNrbn - 0 0"
# White king a1 and Black king a4 see each other; White to move.
FACING = "......./......./......./k....../~....../~...R../K...... w BNrbn - 0 0"
# White king b1, Black king b3 with a tile on b2 between them.
NEAR = "......./......./......./......./.k...../~....../.K..... w RBNrbn - 0 0"
# White king a1, rook c3 on the diagonal to the Black king d4; b2 and c4 without tiles.
ROOK_BETWEEN = "......./......./......./..~k.../..R..../.~...../K...... w BNrbn - 0 0"
# Black to move, in check from the White rook c2 and from the White king's sight (a1 over the
# untiled b2 to the Black king c3); a Black knight e3 and rook g2 can take the rook.
CHECKED_TWICE = "......./......./......./......./..k.n../.~R...r/K...... b BNb - 0 0"

ISSUE_41_GAME = (
    "Rc3-d3 Bg6-f7 Nb2-c4 Bf7xc4 Rd3-d7 Re5-e7 Rd7-d6 Re7-e1 Ka1-b2 Re1-e7 Kb2-b1=N Bc4-d3 "
    "Nb2xd3 Kg7-g6 Nd3-e1 Re7-f7 Rd6-d5 Nf6-d7 Rd5-d3 Nd7-e5 Kb1-c2 Rf7-f2 Kc2-b3 Ne5-d7 "
    "Ba2-b1^ Kg6-f5 Bb1-a2^ Rf2-d2 Rd3xd7 Kf5-e4 Rd7-c7 Rd2-d6 Kb3-c4 Rd6-d2 Ba2-b1^ Rd2-d3 "
    "Ne1-f3 Ke4xf3 Rc7-d7 Rd3xd7 Kc4-c5 Kf3-g2=N Kc5-b5=R Kg2-g3=B Rc5-c4^ Nf3-g5 Rc4-d4 "
    "Rd7-c7 Kb5-a5=N Bg2-b7 Nb5xc7 Bb7-e4^ Ka5-a6 Ng5-e6 Nc7-d5 Be4-f5^ Rd4-e4^ Kg3-f3 "
    "Re4-f4 Ne6xf4 Nd5-c7 Kf3-f2=R Ka6-a4=R Kf2-e2 Nc7-e6"
)


def load(position: str, king_sight: str) -> CyclixState:
    state = get("cyclix", king_sight=king_sight).load(position)
    assert isinstance(state, CyclixState)
    return state


def agreed(state: CyclixState, path: str) -> set[str]:
    """The legal moves on ``path``, checked against the slow reference."""
    legal = legal_on_path(state, path)
    sight = state.game.options.king_sight
    assert legal == set(reference.moves(reference.from_string(state.position()), sight))
    return legal


def test_the_option_offers_always_by_default_and_free() -> None:
    info = {o.name: o for o in get("cyclix").option_infos()}["king_sight"]
    assert (info.default, info.choices, info.decision) == ("always", ("always", "free"), True)
    with pytest.raises(InvalidOptionError, match="king_sight"):
        get("cyclix", king_sight="sometimes")


def test_always_a_king_may_not_move_into_the_enemy_kings_sight(path: str) -> None:
    """always: two kings may never see each other: no move may create that (Kb1-a1 would
    put the White king in sight of the Black king on a4 across a2 and a3)."""
    state = load(KINGS_APART, "always")
    assert sorted(agreed(state, path)) == [
        f"Kb1-{to}{re}" for to in ("b2", "c1", "c2") for re in ("", "=B", "=N", "=R")
    ]
    with pytest.raises(IllegalActionError, match="the kings would see each other"):
        state.apply_text("Kb1-a1")


def test_free_a_king_in_check_from_an_enemy_rook_bishop_or_knight_attacks_only_adjacent_tiles(
    path: str,
) -> None:
    """free: "a king that is itself in check from an enemy rook, bishop or knight attacks only
    the adjacent tiles, so a move that leaves the enemy king in check from such a piece may let
    the kings see each other". Rc3-c4^ carries the rook's tile off the diagonal a1-d4 and
    checks the Black king from c4: legal under free only."""
    always, free = load(ROOK_BETWEEN, "always"), load(ROOK_BETWEEN, "free")
    assert agreed(free, path) == agreed(always, path) | {"Rc3-c4^"}
    with pytest.raises(IllegalActionError, match="the kings would see each other"):
        always.apply_text("Rc3-c4^")
    after = free.apply_text("Rc3-c4^")
    assert after.in_check  # from the rook, and from the White king's sight
    # in check the king steps to an adjacent tile; e5 stays on the White king's diagonal
    assert agreed(after, path) == {"Kd4xc4", "Kd4-d3", "Kd4-d5", "Kd4-e3"}


def test_free_a_knight_check_lets_the_checking_side_leave_the_kings_in_sight(path: str) -> None:
    """free: Black answers a check by taking the checking rook with the knight, Ne3xc2: the
    knight on c2 checks the White king, which then attacks only its adjacent tiles, so the
    kings (a1, c3 over the untiled b2) may go on seeing each other."""
    state = load(CHECKED_TWICE, "free")
    assert state.in_check
    assert "Ne3xc2" in agreed(state, path)
    after = state.apply_text("Ne3xc2")
    assert after.in_check and agreed(after, path) == {"Ka1-a2", "Ka1-b1"}


def test_free_sight_between_the_two_kings_never_counts_as_the_check_that_allows_this(
    path: str,
) -> None:
    """free: "Sight between the kings never counts as the check that allows this": Kb1-a1
    would put the Black king in check only by the White king's own sight, so it stays
    illegal, as under always, and the refusal says why."""
    state = load(KINGS_APART, "free")
    assert sorted(agreed(state, path)) == [
        f"Kb1-{to}{re}" for to in ("b2", "c1", "c2") for re in ("", "=B", "=N", "=R")
    ]
    with pytest.raises(IllegalActionError) as refused:
        state.apply_text("Kb1-a1")
    message = str(refused.value)
    assert "attacked by the black king on a4" in message
    assert "no white rook, bishop or knight would check that king" in message


def test_free_a_king_seen_by_an_enemy_king_not_in_check_from_such_a_piece_is_attacked(
    path: str,
) -> None:
    """free: "A king seen along a line by an enemy king that is not in check from a rook,
    bishop or knight is attacked, and the player must end that check like any other". Black
    is in check from the rook c2 and from the White king's sight; Rg2xc2 ends the rook's
    check but leaves the kings in sight with the White king not in check: illegal."""
    state = load(CHECKED_TWICE, "free")
    legal = agreed(state, path)
    assert legal == {"Kc3-b3", "Kc3-b4", "Kc3-d3", "Kc3xc2", "Ne3xc2"}
    with pytest.raises(IllegalActionError) as refused:
        state.apply_text("Rg2xc2")
    message = str(refused.value)
    assert message.startswith("Rg2xc2: you are in check and the black king on c3 would still")
    assert "attacked by the white king on a1 (the kings would see each other" in message


def test_free_refuses_a_position_where_the_kings_see_each_other_and_no_piece_checks() -> None:
    """free: in FACING neither king is in check from a rook, bishop or knight, so the Black
    king (not to move) is attacked by the White king's sight: the position cannot arise."""
    for reading in ("always", "free"):
        with pytest.raises(InvalidPositionError, match="not to move has its king attacked"):
            load(FACING, reading)


def test_free_a_position_where_a_rook_checks_the_seen_king_loads_under_free_only() -> None:
    """CHECKED_TWICE: the White king on a1 sees the Black king, which is in check from the
    White rook: harmless under free, a position that cannot arise under always."""
    assert load(CHECKED_TWICE, "free").in_check
    with pytest.raises(InvalidPositionError, match="not to move has its king attacked"):
        load(CHECKED_TWICE, "always")


def test_free_a_king_next_to_the_enemy_king_is_still_attacked(path: str) -> None:
    """free: a king in check still attacks its adjacent tiles: Kb1-b2 or Kb1-c2 next to the
    Black king on b3 stays illegal under both readings."""
    for reading in ("always", "free"):
        state = load(NEAR, reading)
        assert sorted(agreed(state, path)) == [
            f"Kb1-{to}{re}" for to in ("a1", "c1") for re in ("", "=B", "=N", "=R")
        ], reading


def test_free_still_refuses_a_position_where_a_rook_attacks_the_side_not_to_move() -> None:
    """free changes only what a king in check threatens: a rook on g1 attacking the White king
    on a1, with Black to move, is still a position that cannot arise."""
    position = "......./......./......./k....../~....../~....../K.....r b RBNbn - 0 0"
    with pytest.raises(InvalidPositionError, match="not to move has its king attacked"):
        load(position, "free")


def test_free_issue_41_reproduction_ke2_d1_into_the_sight_of_the_king_on_a4() -> None:
    """Issue 41: after the game below, Black was offered Ke2-d1 into the sight of the White
    king on a4 (b3 and c2 untiled), with no rook, bishop or knight checking either king."""
    session = EngineSession()
    assert session.handle("new cyclix seed=288545018 king_sight=free").startswith("= ")
    for move in ISSUE_41_GAME.split():
        assert session.handle(f"play {move}") == "=\n\n", move
    legal = set(session.handle("legal")[2:].split())
    assert "Ke2-d1" not in legal and "Ke2-e1" in legal
    state = session.state
    assert isinstance(state, CyclixState)
    assert legal == set(reference.moves(reference.from_string(state.position()), "free"))
    refusal = session.handle("play Ke2-d1")
    assert refusal.startswith("? Ke2-d1: the black king on d1 would be attacked by the white")
    assert "no black rook, bishop or knight would check that king" in refusal
