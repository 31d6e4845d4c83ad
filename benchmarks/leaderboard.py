"""How fast a big group's statistics are, and what exporting and importing it costs.

    .venv/bin/python benchmarks/leaderboard.py [--games 10000] [--small 2000] [--calls 50]
                                               [--every 100] [--only sqlite|postgres]

For each database (a SQLite file, and a throwaway PostgreSQL server started as the tests
start theirs), seeds a group with ``--games`` finished Liverpool games of 4 to 8 of its 12
people (seven rounds each, a history line per round), in bulk inserts, then prints:

- the service calls the pages make: the leaderboard (all time, and one year), a person's
  page (their games, results and head-to-head) and the wins over time: median, p99 and max
  over ``--calls`` calls (target: p99 under 100 ms), and the median CPU time of this process
  (on a busy machine the wall time includes waiting for a core; with PostgreSQL most of the
  work is the server's, not counted there);
- exporting the group as JSON and as CSV, and importing the JSON into an empty database:
  wall time, the peak of memory Python allocated while doing it (``tracemalloc``; its
  bookkeeping slows the run, so the time is measured in a separate run without it), and the
  growth of the peak resident memory of a fresh process doing only that (``VmHWM``:
  what the machine gives, SQLite's and the driver's buffers included), for ``--small`` games
  and for ``--games`` games: the peaks should be about the same (streamed), not five times
  larger. A file of more than ``MAX_GAMES`` (5,000) games is refused, so the import of a
  larger group is skipped;
- another writer during an import of ``min(--games, MAX_GAMES)`` games: a game started
  every ``--every`` ms by another session while the import runs, and how long each waited
  (median, p99, max; target: a moment, tens of ms, not the length of the import).

The group's pages themselves are rendered by the web layer on top of these calls.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import insert
from sqlalchemy.engine import Engine
from sqlmodel import Session, col

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import benchmarks.keep_bytecode  # noqa: E402,F401  (first: keeps the compiled files)
from scorekeeper.db import create_all, make_engine, write_session  # noqa: E402
from scorekeeper.games import create_game, transfer  # noqa: E402
from scorekeeper.games import leaderboard as lb  # noqa: E402
from scorekeeper.games import person_stats as personal  # noqa: E402
from scorekeeper.games.access import new_game_id, new_join_code  # noqa: E402
from scorekeeper.models import Change, Entry, Game, Person, Player, PlayGroup, Round  # noqa: E402
from scorekeeper.rules.scoring import standings  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]
ROUNDS = 7
BATCH = 500


def seed(engine: Engine, games: int, seed_value: int = 17) -> tuple[str, list[int]]:
    """A group with ``games`` finished games, inserted in bulk; its id and people's ids."""
    rng = random.Random(seed_value)
    group_id = new_game_id()
    start = datetime(2024, 1, 1, tzinfo=UTC)
    with engine.begin() as connection:
        connection.execute(
            insert(PlayGroup),
            {"id": group_id, "name": "Benchmark family", "join_code": new_join_code(),
             "created_at": start},
        )  # fmt: skip
        people = [
            connection.execute(
                insert(Person),
                {"group_id": group_id, "name": n, "name_key": n.casefold(), "created_at": start},
            ).inserted_primary_key[0]
            for n in NAMES
        ]
    for first in range(0, games, BATCH):
        with engine.begin() as connection:
            _seed_batch(connection, rng, group_id, people, first, min(BATCH, games - first), start)
    settle(engine)
    return group_id, people


def settle(engine: Engine) -> None:
    """What a running database has done to rows written long ago: PostgreSQL's autovacuum
    has marked their pages all-visible (so an index-only scan reads no table pages) and
    analysed the tables. Timing straight after a bulk load would measure neither."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.exec_driver_sql("VACUUM ANALYZE")


def _seed_batch(
    connection: Any, rng: random.Random, group_id: str, people: list[int], first: int,
    count: int, start: datetime,
) -> None:  # fmt: skip
    game_rows, player_rows, round_rows, changes, entries = [], [], [], [], []
    for index in range(first, first + count):
        at = start + timedelta(hours=3 * index)
        game_id = new_game_id()
        seats = rng.sample(range(len(people)), rng.randint(4, 8))
        game_rows.append({
            "id": game_id, "title": "", "preset": "liverpool", "options": "{}",
            "first_dealer": 0, "join_code": new_join_code(), "version": ROUNDS + 1,
            "created_at": at, "updated_at": at + timedelta(hours=1),
            "finished_at": at + timedelta(hours=1), "group_id": group_id,
        })  # fmt: skip
        totals, went_out = [0] * len(seats), [0] * len(seats)
        for number in range(1, ROUNDS + 1):
            out = rng.randrange(len(seats))
            went_out[out] += 1
            points = [0 if s == out else 5 * rng.randint(1, 30) for s in range(len(seats))]
            for s, p in enumerate(points):
                totals[s] += p
                entries.append((game_id, number, s, p))
            round_rows.append({
                "game_id": game_id, "number": number, "went_out_seat": out, "cut_bonus": False,
                "version": 1, "created_at": at, "updated_at": at,
            })  # fmt: skip
            changes.append({
                "game_id": game_id, "at": at, "actor": "", "action": "add_round",
                "round_number": number, "before": None, "after": json.dumps(points),
                "summary": f"Round {number} entered",
            })  # fmt: skip
        places = {s.seat: s.place for s in standings(totals)}
        for s, person in enumerate(seats):
            player_rows.append({
                "game_id": game_id, "seat": s, "name": NAMES[person],
                "person_id": people[person], "total": totals[s], "rounds": ROUNDS,
                "went_out": went_out[s], "exact_cuts": 0, "place": places[s],
                "won": places[s] == 1, "finished_at": at + timedelta(hours=1),
            })  # fmt: skip
    connection.execute(insert(Game), game_rows)
    connection.execute(insert(Player), player_rows)
    ids = connection.execute(
        insert(Round).returning(col(Round.id), sort_by_parameter_order=True),
        round_rows,
    ).scalars().all()  # fmt: skip
    round_id = {(r["game_id"], r["number"]): i for r, i in zip(round_rows, ids, strict=True)}
    connection.execute(
        insert(Entry),
        [{"round_id": round_id[(g, n)], "seat": s, "went_out": p == 0, "points": p,
          "hand_points": p, "cards": None, "bought": 0} for g, n, s, p in entries],
    )  # fmt: skip
    connection.execute(insert(Change), changes)


def timed(call: Callable[[], Any], calls: int) -> tuple[float, float, float, float]:
    """Median, p99 and max wall time, and median CPU time of this process, in ms (after two
    warm-up calls)."""
    call()
    call()
    times, cpu = [], []
    for _ in range(calls):
        began, began_cpu = time.perf_counter(), time.process_time()
        call()
        times.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - began_cpu) * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    return statistics.median(times), p99, times[-1], statistics.median(cpu)


def service_calls(engine: Engine, group_id: str, person: int, calls: int) -> None:
    year = lb.year_range(2025)
    with Session(engine, expire_on_commit=False) as session:
        checks: dict[str, Callable[[], Any]] = {
            "leaderboard, all time": lambda: lb.leaderboard(session, group_id),
            "leaderboard, 2025": lambda: lb.leaderboard(session, group_id, *year),
            "person page": lambda: personal.person_stats(session, group_id, person),
            "wins over time (months)": lambda: lb.wins_over_time(session, group_id),
            "season standings 2025": lambda: lb.season(session, group_id, *year),
        }
        for name, call in checks.items():
            median, p99, worst, cpu = timed(call, calls)
            session.rollback()
            print(
                f"  {name:<26} median {median:6.1f} ms   p99 {p99:6.1f} ms   "
                f"max {worst:6.1f} ms   cpu {cpu:5.1f} ms"
            )


def page_calls(url: str, group_id: str, person: int, calls: int) -> None:
    """The same figures through the app: the leaderboard and person pages as a browser gets
    them (service, template, response), with Flask's test client in this process."""
    from scorekeeper import create_app

    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "TESTING": True})
    client = app.test_client()
    pages = {
        "leaderboard page (HTTP)": f"/groups/{group_id}/leaderboard",
        "person page (HTTP)": f"/groups/{group_id}/people/{person}",
    }
    for name, path in pages.items():

        def get(path: str = path) -> None:
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code)

        median, p99, worst, cpu = timed(get, calls)
        print(
            f"  {name:<26} median {median:6.1f} ms   p99 {p99:6.1f} ms   "
            f"max {worst:6.1f} ms   cpu {cpu:5.1f} ms"
        )


def drain(pieces: Iterator[str], path: Path) -> int:
    size = 0
    with path.open("w", encoding="utf-8") as out:
        for piece in pieces:
            size += len(piece)
            out.write(piece)
    return size


def measured(work: Callable[[], Any]) -> tuple[float, float]:
    """Seconds (plain run), and the peak MB allocated (a second run under tracemalloc)."""
    began = time.perf_counter()
    work()
    seconds = time.perf_counter() - began
    tracemalloc.start()
    work()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return seconds, peak


def _url(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def _work(kind: str, url: str, group_id: str, path: str) -> None:
    """One transfer, by plain values (a fresh process runs it for its resident memory)."""
    engine = make_engine(url)
    if kind == "import":
        with Session(engine) as session, open(path, "rb") as source:
            transfer.import_json(session, source)
    else:
        export = transfer.export_group_json if kind == "json" else transfer.export_group_csv
        drain(export(engine, group_id), Path(path))
    engine.dispose()


def _memory(field: str) -> float:
    """A figure of this process's memory from Linux (``VmRSS``: resident now; ``VmHWM``: the
    peak of resident memory since the process started its program), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1e3  # kB
    raise LookupError(field)


def _rss_child(kind: str, url: str, group_id: str, path: str) -> float:
    before = _memory("VmRSS")
    _work(kind, url, group_id, path)
    return _memory("VmHWM") - before


def rss_growth(kind: str, url: str, group_id: str, path: Path) -> float:
    """How far a fresh process's peak resident memory rises above what it held before the
    transfer (MB), after importing everything (the peak never goes down, so a fresh process
    for each; not ``ru_maxrss``, which a spawned process inherits from its parent)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return float(pool.apply(_rss_child, (kind, url, group_id, str(path))))


def transfers(make: Callable[[], Engine], engine: Engine, group_id: str, games: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="sk-bench-"))
    out = folder / "group.json"
    url = _url(engine)
    seconds, peak = measured(lambda: drain(transfer.export_group_json(engine, group_id), out))
    rss = rss_growth("json", url, group_id, folder / "again.json")
    size = out.stat().st_size / 1e6
    print(
        f"  {games:>6} games  export JSON {seconds:5.1f} s  peak {peak:5.1f} MB  "
        f"RSS +{rss:5.1f} MB  ({size:.0f} MB)"
    )
    csv_out = folder / "group.csv"
    seconds, peak = measured(lambda: drain(transfer.export_group_csv(engine, group_id), csv_out))
    rss = rss_growth("csv", url, group_id, folder / "again.csv")
    print(
        f"  {games:>6} games  export CSV  {seconds:5.1f} s  peak {peak:5.1f} MB  RSS +{rss:5.1f} MB"
    )
    if games > transfer.MAX_GAMES:
        print(f"  {games:>6} games  import JSON refused: more than {transfer.MAX_GAMES:,} games")
    else:
        _import_figures(make, group_id, games, out)
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()


def _import_figures(make: Callable[[], Engine], group_id: str, games: int, out: Path) -> None:
    targets = [make(), make()]

    def load() -> None:
        target = targets.pop(0)
        with Session(target) as session, out.open("rb") as source:
            transfer.import_json(session, source)
        target.dispose()

    seconds, peak = measured(load)
    fresh = make()
    rss = rss_growth("import", _url(fresh), group_id, out)
    fresh.dispose()
    print(
        f"  {games:>6} games  import JSON {seconds:5.1f} s  peak {peak:5.1f} MB  "
        f"RSS +{rss:5.1f} MB  ({seconds / games * 1000:.1f} ms a game)"
    )


def writer_waits(make: Callable[[], Engine], games: int, every_ms: float) -> None:
    """Another device starting games while a group of ``games`` is imported: how long each
    of its writes took (the import in a thread, the writes here)."""
    source = make()
    group_id, _people = seed(source, games)
    folder = Path(tempfile.mkdtemp(prefix="sk-bench-"))
    out = folder / "group.json"
    drain(transfer.export_group_json(source, group_id), out)
    source.dispose()
    target = make()
    done = threading.Event()
    took: dict[str, float] = {}

    def load() -> None:
        began = time.perf_counter()
        with Session(target) as session, out.open("rb") as file:
            transfer.import_json(session, file)
        took["import"] = time.perf_counter() - began
        done.set()

    worker = threading.Thread(target=load)
    worker.start()
    waits = []
    while not done.is_set():
        began = time.perf_counter()
        with write_session(target) as session:
            create_game(session, preset="liverpool", players=["Ann", "Bob"])
        waits.append((time.perf_counter() - began) * 1000)
        time.sleep(every_ms / 1000)
    worker.join()
    target.dispose()
    out.unlink()
    folder.rmdir()
    waits.sort()
    p99 = waits[min(len(waits) - 1, round(0.99 * (len(waits) - 1)))]
    print(
        f"  {games:>6} games  import {took['import']:5.1f} s; another writer meanwhile: "
        f"{len(waits)} games started, waited median {statistics.median(waits):6.1f} ms   "
        f"p99 {p99:6.1f} ms   max {waits[-1]:6.1f} ms"
    )


def run(label: str, make: Callable[[], Engine], args: argparse.Namespace) -> None:
    print(f"\n{label}")
    for games in (args.small, args.games):
        engine = make()
        began = time.perf_counter()
        group_id, people = seed(engine, games)
        print(f"  seeded {games} games in {time.perf_counter() - began:.1f} s")
        if games == args.games:
            service_calls(engine, group_id, people[0], args.calls)
            page_calls(_url(engine), group_id, people[0], args.calls)
        transfers(make, engine, group_id, games)
        engine.dispose()
    writer_waits(make, min(args.games, transfer.MAX_GAMES), args.every)


def sqlite_maker(folder: Path) -> Callable[[], Engine]:
    made = iter(range(1_000_000))

    def make() -> Engine:
        engine = make_engine(f"sqlite:///{folder / f'bench{next(made)}.sqlite3'}")
        create_all(engine)
        return engine

    return make


def postgres_maker(server: Any) -> Callable[[], Engine]:
    def make() -> Engine:
        engine = make_engine(server.create_database())
        create_all(engine)
        return engine

    return make


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--small", type=int, default=2_000)
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument(
        "--every", type=float, default=100, help="ms between another writer's games"
    )
    parser.add_argument("--only", choices=("sqlite", "postgres"))
    args = parser.parse_args()
    print(f"{args.games} games of 4-8 of {len(NAMES)} people, {ROUNDS} rounds each")
    if args.only != "postgres":
        with tempfile.TemporaryDirectory(prefix="sk-bench-") as folder:
            run("SQLite", sqlite_maker(Path(folder)), args)
    if args.only != "sqlite":
        sys.path.insert(0, str(ROOT / "tests"))
        import pgserver  # the tests' throwaway server

        server = pgserver.start()
        try:
            run("PostgreSQL", postgres_maker(server), args)
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SCOREKEEPER_SECRET_KEY", "benchmark")
    sys.exit(main())
