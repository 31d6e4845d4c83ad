"""Score sheets for rule sets of any number of rounds (1 to 20): the blank sheet, the game
sheet and the trophy, read back from the PDF; and blank sheets for a whole rule-set document
over HTTP (``POST /print/blank.pdf``).

Up to 10 rounds every sheet is one page (rows cut to fit). At 20 rounds a portrait sheet
(up to 5 players) still holds everything; a landscape one (6 to 8 players) keeps the whole
score table on page 1 (blank rows at least ``MIN_WRITING_ROW_MM`` tall) and puts the rest
of the footer on a second page, each page saying so."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.printing import render_blank_sheet, render_game_sheet, render_trophy
from scorekeeper.printing.sheets import points_text
from scorekeeper.rules import PRESETS, RuleSet, resolve_rules, to_document
from tests.conftest import GameBuilder

ROUND_COUNTS = (1, 7, 10, 20)


def document_with_rounds(count: int) -> dict[str, Any]:
    """Shanghai's rule set cut or repeated to ``count`` rounds."""
    document = to_document(PRESETS["shanghai"])
    rounds = document["rounds"]
    document["rounds"] = [copy.deepcopy(rounds[i % len(rounds)]) for i in range(count)]
    document["id"], document["name"] = f"rounds-{count}", f"Shanghai in {count} rounds"
    return document


def pages(pdf: bytes) -> list[str]:
    assert pdf.startswith(b"%PDF-")
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages]


def rows_in_order(text: str, rules: RuleSet) -> None:
    """Every round's row, numbered and with its contract, in order."""
    at = 0
    for number, spec in enumerate(rules.rounds, start=1):
        row = f"{number} {spec.contract.describe(words=True)} {spec.cards_dealt} cards dealt"
        found = text.find(row, at)
        assert found >= 0, row
        at = found + len(row)


@pytest.mark.parametrize("rounds", ROUND_COUNTS)
@pytest.mark.parametrize("players", [3, 8])
def test_blank_sheets_hold_every_round(rounds: int, players: int) -> None:
    rules = resolve_rules(document_with_rounds(rounds))
    found = pages(render_blank_sheet(rules, players))
    text = " ".join(found)
    rows_in_order(text, rules)
    assert "TOTAL" in text and "KEY RULES" in text
    if rounds <= 10 or players <= 5:
        assert len(found) == 1, (rounds, players)
    else:
        # Landscape, 20 rows one can write in: the rows on page 1, the footer goes on.
        assert len(found) == 2
        assert "Continued on the next page" in found[0]
        assert "Continued: page 2 of 2" in found[1]
        assert "20 " in found[0] and "KEY RULES" in found[1]


def test_fitted_rows_are_still_tall_enough_to_write_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 10 rounds on a landscape page the rows are cut, never below the writing height."""
    from scorekeeper.printing import render
    from scorekeeper.printing.sheets import blank_sheet

    sheet = blank_sheet(resolve_rules(document_with_rounds(10)), 6)
    chosen: list[render.RowFit | None] = []
    real = render.render_html

    def watching(sheet: Any, fit: str = "", rows: render.RowFit | None = None) -> str:
        chosen.append(rows)
        return real(sheet, fit, rows)

    monkeypatch.setattr(render, "render_html", watching)
    assert len(pages(render.render_pdf(sheet))) == 1
    final = chosen[-1]
    assert final is not None and final.height_mm is not None and not final.measure
    assert render.MIN_WRITING_ROW_MM <= final.height_mm < 11.5  # the default landscape row


@pytest.mark.parametrize("rounds", ROUND_COUNTS)
@pytest.mark.parametrize("players", [3, 8])
def test_game_sheets_and_trophies_hold_every_round(
    app: Flask, rounds: int, players: int, new_game: GameBuilder
) -> None:
    names = ["Ann", "Bob", "Carmen", "Dev", "Elena", "Farid", "Grandma Rose", "Hiro"][:players]
    # Each round a player goes out in turn; the others hold 5 × (seat + round).
    rows = [
        [None if seat == number % players else 5 * (seat + number) for seat in range(players)]
        for number in range(1, rounds + 1)
    ]
    view = new_game(app, names, rows, rules=document_with_rounds(rounds))
    found = pages(render_game_sheet(view))
    if rounds <= 10 or players <= 5:
        assert len(found) == 1, (rounds, players)
    else:
        # 20 rounds on a landscape page: the whole table on page 1, the key rules go on.
        assert len(found) == 2
        assert "Continued on the next page" in found[0] and "Continued: page 2" in found[1]
    text = found[0]
    rows_in_order(text, view.rules)
    assert "Final scores" in text
    # The totals row: each total (with its place) in seat order.
    at = text.index("TOTAL")
    for total in view.totals:
        at = text.index(f" {points_text(total)} ", at) + 1
    trophy = pages(render_trophy(view))
    assert len(trophy) == 1
    assert f"{points_text(min(view.totals))} points" in trophy[0]


# --- POST /print/blank.pdf: any rule set ----------------------------------------------------


def test_a_blank_sheet_for_a_whole_document(client: FlaskClient) -> None:
    document = document_with_rounds(12)
    document["rounds"][11]["contract"] = [{"kind": "run", "min_length": 9}]
    answer = client.post(
        "/print/blank.pdf", json={"rules": document, "names": ["Ann", "Bob"], "players": 4}
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert answer.mimetype == "application/pdf"
    text = " ".join(pages(answer.data))
    rows_in_order(text, resolve_rules(document))
    assert "12 One run of 9" in text
    assert "Ann" in text and "Player 4" in text


def test_a_preset_with_options_by_post(client: FlaskClient) -> None:
    answer = client.post(
        "/print/blank.pdf",
        json={"rules": "liverpool", "options": {"jokers": "players-minus-one"}},
    )
    assert answer.status_code == 200
    text = " ".join(pages(answer.data))
    assert "4 players: 2 decks and 3 jokers." in text  # the preset has 4 jokers
    assert "Player 4" in text


def test_a_bad_document_lists_every_problem(client: FlaskClient) -> None:
    document = document_with_rounds(3)
    document["rounds"][1]["contract"][0]["min_length"] = 1
    document["players"]["min"] = 9
    answer = client.post("/print/blank.pdf", json={"rules": document})
    assert answer.status_code == 400
    body = answer.get_json()
    problems = body["details"]["problems"]
    assert len(problems) == 2
    assert any(p.startswith("players.min:") for p in problems)
    assert any(p.startswith("rounds[1].contract[0]:") for p in problems)
    assert "2 problems" in body["error"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"rules": "poker"}, "poker"),
        ({"rules": 7}, "preset's id or a rule-set document"),
        ({"rules": "liverpool", "options": {"no_such": 1}}, "no_such"),
        ({"rules": "liverpool", "players": 9}, "9"),
        ({"rules": "liverpool", "players": "lots"}, "players must be a number"),
        ({"rules": "liverpool", "names": "Ann"}, "names must be a list"),
        ({"rules": "liverpool", "paper": "A3"}, "A4 or Letter"),
        ({"rules": "liverpool", "orientation": "sideways"}, "portrait or landscape"),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_requests_are_4xx_with_a_message(client: FlaskClient, body: Any, message: str) -> None:
    answer = client.post("/print/blank.pdf", json=body)
    assert answer.status_code == 400, answer.get_data(as_text=True)[:300]
    assert message in answer.get_json()["error"]


def test_a_body_that_is_not_json_is_refused(client: FlaskClient) -> None:
    answer = client.post("/print/blank.pdf", data="rules=liverpool")
    assert answer.status_code == 415
    assert "JSON" in answer.get_json()["error"]
