"""What an import checks (issue 23, items 7, 9 and 13).

- Item 7: an import held scores round entry refuses (a round's points -5, or 37 under a
  table where every card is a multiple of 5), and the -5 player won. Every round of a file
  is now scored by round entry's own check (``rounds.score_entry``).
- Item 13: "every problem" was only the first stage of checks: a group file with five
  faults was reported as "the file has 1 problem" (API, page, command line), and
  ``went_out_seat: 7`` was reported against the entries. One pass now finds every problem,
  each with where it is.
- Item 9: the rule set's id went raw into the ``rules`` column of a game's CSV
  (``=HYPERLINK(...)``); every text cell is now written as text.
"""

from __future__ import annotations

import csv
import doctest
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from sqlmodel import Session

from scorekeeper import cli, games
from scorekeeper.db import get_engine
from scorekeeper.errors import Invalid
from scorekeeper.games import rounds, transfer
from scorekeeper.models import Game, PlayGroup
from tests.conftest import GameBuilder


@pytest.fixture
def session(app: Flask) -> Iterator[Session]:
    with Session(get_engine(app), expire_on_commit=False) as session:
        yield session


@pytest.fixture
def group_file(session: Session, app: Flask, new_game: GameBuilder) -> dict[str, Any]:
    """A group with three finished games of Ann, Bob and Cy, exported; then its ids are
    changed, so the file imports beside what it was exported from."""
    group, _t = games.create_group(session, "Smiths", people=["Ann", "Bob", "Cy"])
    for _ in range(3):
        new_game(session, ["Ann", "Bob", "Cy"], [[None, 10, 20]], group_id=group.id, rounds="all")
    data: dict[str, Any] = json.loads(
        "".join(transfer.export_group_json(get_engine(app), group.id))
    )
    data["group"]["id"] = "g" * 22
    for number, game in enumerate(data["games"]):
        game["id"] = f"game-{number}-" + "x" * 16
    return data


def _problems(client: FlaskClient, data: dict[str, Any]) -> tuple[int, list[str]]:
    response = client.post("/api/v1/import", data=json.dumps(data), content_type="application/json")
    details = response.get_json()["details"] or {}
    return response.status_code, [f"{p['where']}: {p['problem']}" for p in details["problems"]]


def _counts(app: Flask) -> tuple[int, int]:
    with Session(get_engine(app)) as session:
        return tuple(  # type: ignore[return-value]
            session.execute(select(func.count()).select_from(m)).scalar_one()
            for m in (Game, PlayGroup)
        )


# --- item 7: the scores round entry refuses -----------------------------------------------------


@pytest.mark.parametrize(
    ("points", "says"),
    [
        (-5, "Bob's points cannot be negative (-5)"),
        (37, "Bob's 37 points cannot be scored with the"),
        (5001, "Bob's 5001 points is more than any hand holds"),
    ],
)
def test_import_refuses_the_scores_round_entry_refuses(
    app: Flask, client: FlaskClient, group_file: dict[str, Any], points: int, says: str
) -> None:
    entry = group_file["games"][1]["rounds"][2]["entries"][1]
    entry["points"] = entry["hand_points"] = points
    before = _counts(app)
    status, found = _problems(client, group_file)
    assert status == 400
    assert len(found) == 1 and found[0].startswith(f"game 2 ({group_file['games'][1]['id']}), ")
    assert found[0].split(": ", 1)[0].endswith("round 3, seat 1") and says in found[0]
    assert _counts(app) == before
    # Round entry says the very same of the very same points (one check for both).
    made = client.post("/api/v1/games", json={"rules": "liverpool", "players": ["Ann", "Bob"]})
    entered = client.post(
        f"/api/v1/games/{made.get_json()['id']}/rounds",
        json={"round": 1, "results": [{"player": "Ann", "went_out": True},
                                      {"player": "Bob", "points": points}]},
        headers={"Authorization": f"Bearer {made.get_json()['token']}"},
    )  # fmt: skip
    assert entered.status_code == 400 and says in entered.get_json()["error"]


def test_points_that_do_not_add_up_are_refused(
    client: FlaskClient, group_file: dict[str, Any]
) -> None:
    rounds = group_file["games"][0]["rounds"]
    rounds[0]["entries"][1]["points"] = 15  # hand_points says 10 (-5 was the attack's)
    rounds[1]["entries"][2]["cards"] = "AH 7C"  # 20, as typed: a hand of 25 is not
    rounds[1]["entries"][2]["hand_points"] = rounds[1]["entries"][2]["points"] = 25
    rounds[2]["entries"][1]["points"] = -5  # the attack: Bob "wins" with -5
    status, found = _problems(client, group_file)
    game = f"game 1 ({group_file['games'][0]['id']})"
    assert status == 400 and found == [
        f"{game}, round 1, seat 1: points: this entry scores 10, not 15",
        f"{game}, round 2, seat 2: points: this entry scores 20, not 25",
        f"{game}, round 2, seat 2: hand_points: this entry's hand scores 20, not 25",
        f"{game}, round 3, seat 1: points: this entry scores 10, not -5",
    ]


# --- item 13: every problem, in one pass, each where it is ------------------------------------


def test_one_pass_finds_every_problem_of_a_group_file(
    app: Flask, client: FlaskClient, group_file: dict[str, Any], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    group_file["group"]["name"] = "\u0007\u200b"  # 1: the group's own name, empty once cleaned
    first, second, third = group_file["games"]
    first["rounds"][0]["entries"][2].update(points=-5, hand_points=-5)  # 2: entry refuses it
    second["title"] = 7  # 3: a field of the wrong type ...
    second["rounds"][1]["went_out_seat"] = 7  # 4: ... and, in the same game, no seat 7
    third["players"][2]["person"] = "Zed"  # 5: a person the group does not have
    before = _counts(app)
    status, found = _problems(client, group_file)
    assert status == 400
    ids = [g["id"] for g in group_file["games"]]
    assert found == [
        "the group: its name cannot be empty",
        f"game 1 ({ids[0]}), round 1, seat 2: Cy's points cannot be negative (-5)",
        f"game 2 ({ids[1]}): title must be text, not a number",
        f"game 2 ({ids[1]}), round 2: went_out_seat: there is no seat 7 in a game of 3 "
        "players (the seats are 0 to 2)",
        f"game 3 ({ids[2]}): unknown person 'Zed': not in the group's people",
    ]
    assert _counts(app) == before
    # The page and the command line list the same five.
    text = json.dumps(group_file)
    page = client.post(
        "/groups/import",
        data={"file": (io.BytesIO(text.encode()), "smiths.json")},
        content_type="multipart/form-data",
    ).get_data(as_text=True)
    assert "the file has 5 problems" in page and page.count("<li><strong>") == 5
    backup = tmp_path / "smiths.json"
    backup.write_text(text)
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    assert cli.main(["--database-url", url, "import", str(backup)]) == 1
    said = capsys.readouterr().err
    assert "5 problems, the first: the group" in said and said.count("\n  ") >= 4


def test_a_game_of_the_wrong_shape_is_still_checked_round_by_round(
    session: Session, group_file: dict[str, Any]
) -> None:
    game = group_file["games"][0]
    game["version"] = "7"  # its shape: a problem, checked no further than that field
    game["rounds"][3]["cut_bonus"] = "yes"  # this round's shape: left out of the scoring
    game["rounds"][4]["entries"][1].update(points=-5, hand_points=-5)  # scored all the same
    with pytest.raises(Invalid) as refused:
        transfer.import_json(session, json.dumps(group_file))
    found = [f"{p['where']}: {p['problem']}" for p in refused.value.details["problems"]]
    where = f"game 1 ({game['id']})"
    assert found == [
        f"{where}: version must be a whole number, not text",
        f"{where}, round 4: cut_bonus must be true or false, not text",
        f"{where}, round 5, seat 1: Bob's points cannot be negative (-5)",
    ]


# --- item 9: every CSV cell is text, never a formula ------------------------------------------


FORMULA = '=HYPERLINK("http://e.x","y")'


def _starts_a_formula(cell: str) -> bool:
    if not cell or cell[0] not in "=+-@\t\r\n":
        return False
    return not (cell[0] == "-" and cell[1:].isdigit())  # a negative number is a number


def test_no_csv_cell_starts_a_formula(client: FlaskClient) -> None:
    rules = {
        "id": FORMULA,
        "name": "@SUM(1+1)",
        "rounds": [{"contract": [{"kind": "set", "min_length": 3}], "cards_dealt": 10}],
    }
    made = client.post(
        "/api/v1/games", json={"rules": rules, "players": ["=1+1", "+Bob", "-Cy", "@Dee"],
                               "title": "-title", "first_dealer": 0},
    )  # fmt: skip
    assert made.status_code == 201, made.get_data(as_text=True)
    game = made.get_json()
    results = [{"player": "=1+1", "went_out": True}, {"player": "+Bob", "cards": "AH 7C"},
               {"player": "-Cy", "points": 5}, {"player": "@Dee", "points": 10}]  # fmt: skip
    added = client.post(
        f"/api/v1/games/{game['id']}/rounds",
        json={"round": 1, "results": results},
        headers={"Authorization": f"Bearer {game['token']}"},
    )
    assert added.status_code == 201
    text = client.get(f"/api/v1/games/{game['id']}/export.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 4
    for row in rows:
        assert not any(_starts_a_formula(cell) for cell in row.values()), row
    stored = game["rules"]["id"] if isinstance(game["rules"], dict) else game["rules"]
    if stored.startswith("="):  # the rule set kept the id it was sent with
        assert rows[0]["rules"] == "'" + stored
    assert rows[0]["game_title"] == "'-title" and rows[0]["player"] == "'=1+1"


def test_the_examples_of_the_checks_run() -> None:
    """The worked examples of the one round check and of a CSV cell (doctests outside the
    rules core are not collected by themselves)."""
    for module in (rounds, transfer):
        assert doctest.testmod(module).failed == 0
