"""The round claim under contention: four racers, each with its own connections, try to
pair the same rounds of one event on PostgreSQL at the same moment; each round is stored
by exactly one of them. (test_workers_postgres.py runs four real server processes.)"""

from __future__ import annotations

import threading

from sqlalchemy import create_engine, text

from shoal.pairing.records import Pairing, Round
from shoal.server.accounts.store import AccountStore
from shoal.server.games.store import Store
from shoal.server.tournaments.store import TournamentStore

from ...pg import PostgresServer

ROUNDS = 30
RACERS = 4


def test_four_racers_claim_each_round_once(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    store = Store(url)  # the schema, by migrations
    user = AccountStore(store.engine).create_user("alice", "not a real hash")
    assert user is not None
    event = TournamentStore(store.engine).create(
        name="race",
        description="",
        game="connect4",
        options={},
        format="swiss",
        rounds=ROUNDS,
        clock="1+0",
        rated=False,
        starts_at=None,
        max_players=4,
        creator_id=user.id,
    )
    assert TournamentStore(store.engine).start(event.id, None)
    barrier = threading.Barrier(RACERS)
    won: list[list[int]] = [[] for _ in range(RACERS)]
    errors: list[BaseException] = []

    def race(i: int) -> None:
        engine = create_engine(url)  # a pool of its own: its own sessions
        mine = TournamentStore(engine)
        try:
            for number in range(1, ROUNDS + 1):
                barrier.wait(timeout=30)  # all four try round ``number`` together
                rnd = Round(number, (Pairing("a", "b"), Pairing("c", "d")), bye=None)
                if mine.claim_rounds(event.id, [rnd], float(number)):
                    won[i].append(number)
        except BaseException as error:  # kept for the main thread: a crash is a failure
            errors.append(error)
            barrier.abort()  # the others fail at once rather than wait out the barrier
        finally:
            engine.dispose()

    racers = [threading.Thread(target=race, args=(i,)) for i in range(RACERS)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(timeout=60)
        assert not racer.is_alive(), "a racer still runs after 60 s"
    assert errors == []
    claimed = sorted(n for mine in won for n in mine)
    assert claimed == list(range(1, ROUNDS + 1))  # each round once, by one racer
    with store.engine.connect() as db:
        count, distinct = db.execute(
            text("SELECT count(*), count(DISTINCT number) FROM shoal_tournament_rounds")
        ).one()
        games = db.execute(text("SELECT count(*) FROM shoal_tournament_games")).scalar()
    assert (count, distinct, games) == (ROUNDS, ROUNDS, 2 * ROUNDS)
    assert TournamentStore(store.engine).get(event.id).round == ROUNDS  # type: ignore[union-attr]
    store.engine.dispose()
