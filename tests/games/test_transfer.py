"""Export and import (scorekeeper.games.transfer) on SQLite and PostgreSQL: the round trip,
CSV, the command line, and hostile files that must change nothing."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from babel.support import Translations
from flask import Flask
from sqlalchemy import delete, func, select
from sqlalchemy.engine import Engine
from sqlmodel import Session

from scorekeeper import cli, games
from scorekeeper.db import create_all, get_engine, make_engine
from scorekeeper.errors import Conflict, GameError, Invalid, KeyReused
from scorekeeper.games import access, transfer
from scorekeeper.games import leaderboard as lb
from scorekeeper.models import Change, Entry, Game, Person, Player, PlayGroup, Round
from scorekeeper.rules import parse_cards
from scorekeeper.rules.document import to_document
from scorekeeper.rules.document_reader import from_document
from scorekeeper.rules.language import speaking
from scorekeeper.rules.presets import PRESETS
from tests.conftest import GameBuilder
from tests.test_i18n import CATALOGUES


@pytest.fixture
def engine(db_app: Flask) -> Engine:
    return get_engine(db_app)


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as session:
        yield session


@pytest.fixture
def empty(database_url: str, tmp_path: Path) -> Iterator[Engine]:
    """A second, empty database on the same backend."""
    if database_url.startswith("sqlite"):
        url = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    else:
        url = _another_pg(database_url)
    other = make_engine(url)
    create_all(other)
    yield other
    other.dispose()


def _another_pg(url: str) -> str:
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"{base.database}_empty"
    admin = make_engine(base.set(database="postgres").render_as_string(hide_password=False))
    with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def _group(session: Session, new_game: GameBuilder) -> str:
    group, _t = games.create_group(session, "<i>Smiths</i>", people=["Ann", "Nobody yet"])
    new_game(
        session,
        ["Ann", "Bob", "=Cy"],
        [[None, 10, 20]],
        group_id=group.id,
        rounds="all",
        cut_rounds={1},
    )
    view = new_game(session, ["Bob", "Ann"], [[15, None]], group_id=group.id, rounds=3)
    fixed = games.RoundInput((games.PlayerResult(points=25), games.PlayerResult(went_out=True)))
    games.replace_round(session, view.id, 2, fixed)
    games.undo_last_round(session, view.id)
    card_game, _t = games.start_group_game(
        session, group.id, players=["Ann", "Dee"], preset="liverpool", first_dealer=1
    )
    cards = games.RoundInput(
        (games.PlayerResult(went_out=True), games.PlayerResult(cards=parse_cards("AH JK 7C")))
    )
    games.add_round(session, card_game.id, 1, cards)
    return group.id


def _rows(board: lb.Leaderboard) -> list[lb.LeaderboardRow]:
    return [replace(row, person_id=0) for row in board.rows]


def _text(pieces: Iterator[str]) -> str:
    return "".join(pieces)


COUNTED = (PlayGroup, Person, Game, Player, Round, Entry, Change)


def _counts(engine: Engine) -> tuple[int, ...]:
    with Session(engine) as session:
        return tuple(
            session.execute(select(func.count()).select_from(model)).scalar_one()
            for model in COUNTED
        )


def test_a_group_round_trips_exactly(
    session: Session, engine: Engine, empty: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    exported = _text(transfer.export_group_json(engine, group_id))
    data = json.loads(exported)
    assert data["version"] == transfer.FORMAT_VERSION and len(data["games"]) == 3
    assert "join_code" not in exported and "token" not in exported
    with Session(empty, expire_on_commit=False) as other:
        done = transfer.import_json(other, exported.encode())
        assert (done.kind, done.id, done.games) == ("group", group_id, 3)
        assert games.can_edit_group(other, group_id, [done.token])
        again = _text(transfer.export_group_json(empty, group_id))
        assert again == exported
        board = lb.leaderboard(other, group_id)  # people get new ids: compare the rest
        assert _rows(board) == _rows(lb.leaderboard(session, group_id))
        first = data["games"][0]["id"]
        assert games.load_game(other, first).as_dict() == games.load_game(session, first).as_dict()
        assert games.history(other, first) == games.history(session, first)


def test_a_game_round_trips_exactly(session: Session, engine: Engine, empty: Engine) -> None:
    view, _t = games.create_game(session, preset="liverpool", players=["Ann", "Bob"])
    games.add_round(
        session, view.id, 1,
        games.RoundInput((games.PlayerResult(went_out=True), games.PlayerResult(points=40))),
    )  # fmt: skip
    exported = _text(transfer.export_game_json(engine, view.id))
    with Session(empty, expire_on_commit=False) as other:
        done = transfer.import_json(other, io.BytesIO(exported.encode()))
        assert done.kind == "game" and games.can_edit(other, view.id, [done.token])
    assert _text(transfer.export_game_json(empty, view.id)) == exported
    with Session(empty) as other, pytest.raises(Conflict):
        transfer.import_json(other, exported)  # already there


def _house_rules() -> dict[str, Any]:
    """A rule set of the table's own: no preset has it."""
    document = to_document(PRESETS["family"])
    document.update(id="our-house", name="Our house rules", players={"min": 2, "max": 6})
    document["rounds"] = document["rounds"][:3]
    del document["decks"]["for_players"]  # worked out again for the players range
    return document


def _stored_documents(engine: Engine) -> dict[str, str | None]:
    with Session(engine) as session:
        return {gid: doc for gid, doc in session.execute(select(Game.id, Game.rule_document))}


def test_rule_documents_round_trip(session: Session, engine: Engine, empty: Engine) -> None:
    """A game keeps the whole rule set it was started with through export and import, a
    rule set of the table's own too (its preset id names no preset)."""
    group, _t = games.create_group(session, "Joneses")
    house, _t = games.start_group_game(
        session, group.id, players=["Ann", "Bob"], preset=_house_rules(), first_dealer=0
    )
    games.add_round(
        session, house.id, 1,
        games.RoundInput((games.PlayerResult(went_out=True), games.PlayerResult(points=40))),
    )  # fmt: skip
    games.start_group_game(session, group.id, players=["Ann", "Cy"], preset="liverpool")
    exported = _text(transfer.export_group_json(engine, group.id))
    documents = [g["rule_document"] for g in json.loads(exported)["games"]]
    assert [from_document(d).name for d in documents] == ["Our house rules", "Liverpool Rummy"]
    with Session(empty, expire_on_commit=False) as other:
        transfer.import_json(other, exported)
        assert games.load_game(other, house.id).rules == games.load_game(session, house.id).rules
        assert games.load_game(other, house.id).rules.round_count == 3
    assert _stored_documents(empty) == _stored_documents(engine)
    assert _text(transfer.export_group_json(empty, group.id)) == exported
    assert _text(transfer.export_group_csv(empty, group.id)) == _text(
        transfer.export_group_csv(engine, group.id)
    )


def test_csv_has_a_row_per_player_per_round(
    session: Session, engine: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    rows = list(csv.DictReader(io.StringIO(_text(transfer.export_group_csv(engine, group_id)))))
    assert len(rows) == 7 * 3 + 2 * 2 + 1 * 2
    first = rows[0]
    assert (first["round"], first["player"], first["went_out"]) == ("1", "Ann", "True")
    cy = [r for r in rows if r["seat"] == "2"]
    assert cy[0]["player"] == "'=Cy"  # not a spreadsheet formula
    assert (cy[0]["points"], cy[0]["cut_bonus"], cy[-1]["running_total"]) == ("-30", "True", "90")
    assert any(r["cards"] == "AH JK 7C" for r in rows)


def _entry(data: Any, game: int, seat: int) -> Any:
    return data["games"][game]["rounds"][0]["entries"][seat]


def _hostile(exported: str) -> list[tuple[str, Any]]:
    data = json.loads(exported)
    game = data["games"][0]

    def changed(edit: Any) -> str:
        copy = json.loads(exported)
        edit(copy)
        return json.dumps(copy)

    huge_rounds = dict(game, rounds=[game["rounds"][0]] * 40_000)
    return [
        ("not json", "{nope"),
        ("empty", ""),
        ("a list", "[]"),
        ("wrong version", changed(lambda d: d.update(version=99))),
        ("wrong format", changed(lambda d: d.update(format="other"))),
        ("missing field", changed(lambda d: d["games"][1].pop("rounds"))),
        ("wrong type", changed(lambda d: d["games"][1].update(first_dealer="0"))),
        ("unknown field", changed(lambda d: d["games"][1].update(admin=True))),
        ("unknown person", changed(lambda d: d["games"][1]["players"][0].update(person="Eve"))),
        ("10 MB of rounds", changed(lambda d: d["games"].append(huge_rounds))),
        ("too many rounds", changed(lambda d: d["games"][0]["rounds"].append(game["rounds"][0]))),
        ("a game twice", changed(lambda d: d["games"].append(d["games"][0]))),
        # Control characters are cleaned out of a name, as at every door: none left is empty.
        ("only control characters", changed(lambda d: d["group"].update(name="\u0000\u200b"))),
        ("bad seat", changed(lambda d: _entry(d, 0, 0).update(seat=5))),
        (
            "bad cards",
            changed(lambda d: d["games"][2]["rounds"][0]["entries"][1].update(cards="ZZ")),
        ),
        ("bad rules", changed(lambda d: d["games"][0].update(rules="poker"))),
        ("bad rule document", changed(lambda d: d["games"][0]["rule_document"]["rounds"].clear())),
        ("rule document not an object", changed(lambda d: d["games"][1].update(rule_document=[]))),
        (
            "rule document of other rules",
            changed(lambda d: d["games"][0].update(rule_document=to_document(PRESETS["family"]))),
        ),
        ("bad id", changed(lambda d: d["games"][0].update(id="../../etc"))),
        ("trailing", exported + "{}"),
        ("truncated", exported[: len(exported) // 2]),
        ("deep", '{"format":"scorekeeper","version":1,"kind":"group","group":' + "[" * 100_000),
    ]


def test_hostile_imports_change_nothing(
    session: Session, engine: Engine, empty: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    exported = _text(transfer.export_group_json(engine, group_id))
    before = _counts(empty)
    for name, text in _hostile(exported):
        with Session(empty) as other, pytest.raises(GameError) as refused:
            transfer.import_json(other, text.encode())
            pytest.fail(f"{name} was imported")
        assert refused.value.status in (400, 409), name
        assert refused.value.message, name
        assert _counts(empty) == before, name


def test_a_file_over_the_size_cap_is_refused(
    session: Session, engine: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    exported = _text(transfer.export_group_json(engine, group_id))
    with Session(engine) as other, pytest.raises(Invalid, match="too large"):
        transfer.import_json(other, exported.encode(), max_bytes=1000)


def test_the_command_line_backs_up_and_restores(
    session: Session, engine: Engine, database_url: str, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], new_game: GameBuilder,
) -> None:  # fmt: skip
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    group_id = _group(session, new_game)
    backup = tmp_path / "backup.json"
    args = ["--database-url", database_url, "export", "group"]
    assert cli.main([*args, f"https://host/groups/{group_id}", "-o", str(backup)]) == 0
    assert cli.main([*args, group_id, "--csv", "-o", str(tmp_path / "g.csv")]) == 0
    assert (tmp_path / "g.csv").read_text().startswith("game_id,")
    restored = tmp_path / "restored.sqlite3"
    assert cli.main(["--database-url", f"sqlite:///{restored}", "import", str(backup)]) == 0
    assert "Edit token:" in capsys.readouterr().out
    assert cli.main(["--database-url", f"sqlite:///{restored}", "import", str(backup)]) == 1
    assert "already here" in capsys.readouterr().err
    # A file with a problem in each game: every problem is listed, one a line.
    broken = json.loads(backup.read_text())
    for game in broken["games"]:
        game["title"] = ["not a title"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    assert cli.main(["--database-url", fresh, "import", str(bad)]) == 1
    listed = [line for line in capsys.readouterr().err.splitlines() if line.startswith("  ")]
    assert len(listed) == len(broken["games"]) and all("title" in line for line in listed)
    copy = tmp_path / "copy.json"
    url = f"sqlite:///{restored}"
    assert cli.main(["--database-url", url, "export", "group", group_id, "-o", str(copy)]) == 0
    assert copy.read_text() == backup.read_text()
    assert cli.main(["--database-url", url, "export", "game", "no-such-game-here-at-all"]) == 1


# --- edit rights to what an import made -------------------------------------------------------

DEVICE = "d" * 30


def test_the_importers_token_edits_the_group_and_each_of_its_games(
    session: Session, engine: Engine, empty: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    exported = _text(transfer.export_group_json(engine, group_id))
    game_ids = [g["id"] for g in json.loads(exported)["games"]]
    with Session(empty, expire_on_commit=False) as other:
        done = transfer.import_json(other, exported)
        assert games.can_edit_group(other, group_id, [done.token])
        for game_id in game_ids:
            assert games.can_edit(other, game_id, [done.token]), game_id
            assert not games.can_edit(other, game_id, ["x" * 43])
            [grant] = games.edit_grants(other, game_id, [done.token])
            assert (grant.kind, grant.label, grant.yours) == ("api", "imported", True)
        view = games.load_game(other, game_ids[2])  # unfinished: a round can be entered
        games.require_edit(other, view.id, [done.token])
        entry = games.RoundInput((games.PlayerResult(went_out=True), games.PlayerResult(points=5)))
        assert games.add_round(other, view.id, 2, entry)[0].rounds[-1].number == 2
        # The token is for these games only: a game made later is not the importer's.
        later, _t = games.create_game(other, preset="liverpool", players=["A", "B"])
        assert not games.can_edit(other, later.id, [done.token])


def test_a_device_that_imports_a_group_may_edit_each_of_its_games(
    session: Session, engine: Engine, empty: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    exported = _text(transfer.export_group_json(engine, group_id))
    game_ids = [g["id"] for g in json.loads(exported)["games"]]
    with Session(empty, expire_on_commit=False) as other:
        done = transfer.import_json(other, exported, device=DEVICE)
        assert done.token == ""
        assert games.can_edit_group(other, group_id, device=DEVICE)
        assert all(games.can_edit(other, g, [], DEVICE) for g in game_ids)
        assert sorted(games.device_game_ids(other, DEVICE)) == sorted(game_ids)
        assert not games.can_edit(other, game_ids[0], [], "e" * 30)


# --- every problem, with where it is ------------------------------------------------------------


def _problems(refused: pytest.ExceptionInfo[GameError]) -> list[str]:
    details = refused.value.details
    assert isinstance(details, dict)
    return [f"{p['where']}: {p['problem']}" for p in details["problems"]]


def test_every_problem_is_listed_with_where_it_is(
    session: Session, engine: Engine, empty: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    exported = _text(transfer.export_group_json(engine, group_id))
    data = json.loads(exported)
    first, second, third = (g["id"] for g in data["games"])
    data["games"][0]["rounds"][2]["went_out_seat"] = 2
    data["games"][0]["players"][1]["name"] = "\u200b "  # nothing left once cleaned
    data["games"][1]["rounds"][0]["entries"][1]["points"] = "10"
    data["games"][2]["rounds"][0]["entries"][1]["cards"] = "ZZ"
    data["games"].append(json.loads(exported)["games"][0])  # game 1 again, as exported
    before = _counts(empty)
    with Session(empty) as other, pytest.raises(Invalid) as refused:
        transfer.import_json(other, json.dumps(data))
    assert _counts(empty) == before
    found = _problems(refused)
    assert found == [
        f"game 1 ({first}), player 2: the name cannot be empty",
        f"game 1 ({first}), round 3: the entry of the player who went out must say so",
        f"game 2 ({second}), round 1, seat 1: points must be a whole number, not text",
        f"game 3 ({third}), round 1, seat 1: cards: " + found[3].split("cards: ", 1)[-1],
        f"game 4 ({first}): a game with this id is already here, or earlier in the file",
    ]
    assert '"ZZ" is not a card' in found[3]
    assert refused.value.status == 400  # not every problem is a conflict
    assert refused.value.message == f"5 problems, the first: {found[0]}"


def test_a_file_that_breaks_off_lists_the_problems_before_it(
    session: Session, engine: Engine, empty: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    data = json.loads(_text(transfer.export_group_json(engine, group_id)))
    data["games"][0]["first_dealer"] = 5
    text = json.dumps(data)
    cut = text.index(data["games"][2]["id"]) + 30  # game 3 breaks off
    with Session(empty) as other, pytest.raises(Invalid) as refused:
        transfer.import_json(other, text[:cut])
    found = _problems(refused)
    assert len(found) == 2 and found[0].startswith("game 1 (")
    assert "the seats must be numbered" in found[0]
    assert found[1].startswith("the file: game 3 is not valid JSON")


def _clones(exported: str, count: int) -> dict[str, Any]:
    """The group with ``count`` copies of its first game, each with an id of its own."""
    data = json.loads(exported)
    game = data["games"][0]
    data["games"] = [dict(game, id=f"clone-{n:06d}-of-game-1") for n in range(count)]
    return data


def test_problems_stop_at_the_cap(
    session: Session, engine: Engine, empty: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    data = _clones(_text(transfer.export_group_json(engine, group_id)), 80)
    for game in data["games"]:
        game["version"] = 0
    with Session(empty) as other, pytest.raises(Invalid) as refused:
        transfer.import_json(other, json.dumps(data))
    assert len(_problems(refused)) == transfer.MAX_PROBLEMS
    assert refused.value.details["more"] is True
    assert refused.value.message.startswith(f"{transfer.MAX_PROBLEMS} or more problems")


def test_many_games_are_written_in_batches_all_or_nothing(
    session: Session, engine: Engine, empty: Engine, new_game: GameBuilder
) -> None:
    """More games than a batch: every game arrives whole; a problem in the last batch (a
    game twice, found after two batches were written) leaves nothing."""
    group_id = _group(session, new_game)
    count = 2 * transfer.WRITE_BATCH + 17
    data = _clones(_text(transfer.export_group_json(engine, group_id)), count)
    twice = json.loads(json.dumps(data))
    twice["games"].append(twice["games"][3])
    before = _counts(empty)
    with Session(empty) as other, pytest.raises(Conflict) as refused:
        transfer.import_json(other, json.dumps(twice))
    assert _problems(refused) == [
        f"game {count + 1} (clone-000003-of-game-1): a game with this id is already here, or "
        "earlier in the file"
    ]
    assert _counts(empty) == before
    with Session(empty, expire_on_commit=False) as other:
        done = transfer.import_json(other, json.dumps(data))
        assert done.games == count
        board = lb.leaderboard(other, group_id)
        assert {row.name: row.games for row in board.rows} == {"Ann": count, "Bob": count,
                                                                "=Cy": count}  # fmt: skip
        assert games.can_edit(other, f"clone-{count - 1:06d}-of-game-1", [done.token])
    history = len(data["games"][0]["history"])
    assert _counts(empty)[2:] == (count, 3 * count, 7 * count, 21 * count, history * count)


# --- a retried import ---------------------------------------------------------------------------


def test_a_retried_import_is_answered_not_repeated(
    session: Session, engine: Engine, empty: Engine, new_game: GameBuilder
) -> None:
    group_id = _group(session, new_game)
    exported = _text(transfer.export_group_json(engine, group_id))
    game_ids = [g["id"] for g in json.loads(exported)["games"]]
    secret = "s" * 30  # the client's own, sent with both requests
    key = {"idempotency_key": "backup-2026-01", "client": "token:abc", "secret": secret}
    with Session(empty, expire_on_commit=False) as other:
        first = transfer.import_json(other, exported, **key)
        after = _counts(empty)
        again = transfer.import_json(other, io.BytesIO(exported.encode()), **key)
        assert (again.kind, again.id, again.games, again.replayed) == ("group", group_id, 3, True)
        assert not first.replayed and again.token == first.token  # the same rights, no new ones
        assert _counts(empty) == after
        assert games.can_edit_group(other, group_id, [again.token])
        assert all(games.can_edit(other, g, [again.token]) for g in game_ids)
        other_file = exported.replace('"Ann"', '"Anne"')
        with pytest.raises(KeyReused):
            transfer.import_json(other, other_file, **key)
        with pytest.raises(Conflict, match="already carried out"):  # no secret: no rights
            transfer.import_json(other, exported, **(key | {"secret": None}))
        with pytest.raises(Conflict, match="already here"):  # another client's key
            transfer.import_json(other, exported, idempotency_key=key["idempotency_key"])
        with pytest.raises(Conflict, match="already here"):  # no key: not a retry
            transfer.import_json(other, exported)
        assert _counts(empty) == after


def test_a_retried_import_of_a_game(session: Session, engine: Engine, empty: Engine) -> None:
    view, _t = games.create_game(session, preset="liverpool", players=["Ann", "Bob"])
    exported = _text(transfer.export_game_json(engine, view.id))
    key = {"idempotency_key": "k1", "secret": "t" * 40}
    with Session(empty, expire_on_commit=False) as other:
        first = transfer.import_json(other, exported, **key)
        again = transfer.import_json(other, exported, **key)
        assert (again.kind, again.id, again.replayed) == ("game", view.id, True)
        assert games.can_edit(other, view.id, [again.token]) and again.token == first.token
        assert len(games.edit_grants(other, view.id)) == 1
        with pytest.raises(KeyReused):
            transfer.import_json(other, exported.replace("Bob", "Rob"), **key)
        device = "d" * 30  # a browser: its device holds the rights, a retry keeps them
        exported_again = _text(transfer.export_game_json(engine, view.id))
        with Session(empty, expire_on_commit=False) as third:
            third.execute(delete(Game).where(Game.id == view.id))
            third.commit()
            made = transfer.import_json(third, exported_again, idempotency_key="k2", device=device)
            retried = transfer.import_json(
                third, exported_again, idempotency_key="k2", device=device
            )
            assert made.token == retried.token == "" and retried.replayed
            assert games.can_edit(third, view.id, [], device)
            assert len(games.edit_grants(third, view.id)) == 1


def test_a_new_id_never_reads_as_a_command_line_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """An id typed after ``scorekeeper export group`` must not start with "-" (argparse
    would read it as an option): one that would is drawn again."""
    drawn = iter(["-starts-with-a-dash", "_fine", "unused"])
    monkeypatch.setattr(access.secrets, "token_urlsafe", lambda n: next(drawn))
    assert access.new_game_id() == "_fine"


def test_the_csv_says_each_contract_in_the_readers_language(
    session: Session, engine: Engine, new_game: GameBuilder
) -> None:
    """The contracts in words are worked out once per rule set and language: a German export
    after an English one is in German (they were kept by rule set alone, so the first reader's
    language stayed)."""
    group_id = _group(session, new_game)

    def contracts() -> list[str]:
        text = _text(transfer.export_group_csv(engine, group_id))
        return [row["contract"] for row in csv.DictReader(io.StringIO(text))]

    english = contracts()
    with speaking(Translations.load(str(CATALOGUES), ["de"])):
        german = contracts()
    assert english[0] and german[0]
    assert all(a != b for a, b in zip(english, german, strict=True) if a), (english[0], german[0])
    assert contracts() == english
