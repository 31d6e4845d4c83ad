"""Blank sheets for any rule set (issue 25): the home page's form offers this device's saved
rule sets beside the presets, ``GET /print/blank.pdf`` prints them (``saved:<id>``,
``shared:<token>``), ``scorekeeper print blank`` prints a rule-set document from a file or a
shared rule set by its link, and ``POST /print/blank.pdf`` is in the OpenAPI document."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.cli import main as cli_main
from scorekeeper.db import write_session
from scorekeeper.games import saved_rules
from scorekeeper.rules import PRESETS, to_document
from scorekeeper.rules.contract import Contract
from tests.printing.test_printing import one_page_text

# Deuces Wild with a first round of its own: a run of 9, which no preset asks for.
SIXES = PRESETS["deuces-six"]
FIRST = dataclasses.replace(SIXES.rounds[0], contract=Contract.of(runs=1, run_length=9))
OURS = dataclasses.replace(SIXES, rounds=(FIRST, *SIXES.rounds[1:]))
OURS_FIRST = "One run of 9"


def device_of(client: FlaskClient) -> str:
    client.get("/")  # the device id is made on the first visit
    with client.session_transaction() as cookie:
        return str(cookie["device"])


def save(app: Flask, device: str, name: str) -> saved_rules.SavedView:
    with app.app_context(), write_session() as session:
        return saved_rules.save_rules(session, device, name, OURS)


def test_the_home_page_prints_a_blank_sheet_of_a_saved_rule_set(
    app: Flask, client: FlaskClient
) -> None:
    saved = save(app, device_of(client), "Our sixes")
    home = client.get("/").get_data(as_text=True)
    form = home[home.index('class="print-blank-form"') :]
    # Offered with its own player range (the form offers only those counts).
    players = f"{saved.rules.min_players}-{saved.rules.max_players}"
    assert f'<option value="saved:{saved.id}" data-players="{players}">Our sixes</option>' in form
    answer = client.get(f"/print/blank.pdf?preset=saved:{saved.id}&players=3")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    text = one_page_text(answer.data)
    assert "Our sixes" in text and OURS_FIRST in text
    assert answer.headers["Cache-Control"] == "private, no-cache"  # its owner may change it
    # By its sharing link's token, from any device; another device's saved id is not found.
    stranger = client.application.test_client()
    shared = stranger.get(f"/print/blank.pdf?preset=shared:{saved.token}")
    assert shared.status_code == 200 and OURS_FIRST in one_page_text(shared.data)
    refused = stranger.get(f"/print/blank.pdf?preset=saved:{saved.id}")
    assert refused.status_code == 404 and "no such rule set" in refused.get_data(as_text=True)
    assert client.get("/print/blank.pdf?preset=saved:x").status_code == 404


def test_the_command_line_prints_a_document_file_and_a_shared_rule_set(
    app: Flask, client: FlaskClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = tmp_path / "ours.json"
    document.write_text(json.dumps(to_document(dataclasses.replace(OURS, name="From a file"))))
    sheet = tmp_path / "sheet.pdf"
    assert cli_main(["print", "blank", "--rules", str(document), "-o", str(sheet)]) == 0
    text = one_page_text(sheet.read_bytes())
    assert "From a file" in text and OURS_FIRST in text

    saved = save(app, device_of(client), "Shared sixes")
    url = app.config["DATABASE_URL"]
    link = f"http://127.0.0.1:8000/rules/shared/{saved.token}"
    for given in (link, f"shared:{saved.token}"):
        args = ["--database-url", url, "print", "blank", "--preset", given, "-o", str(sheet)]
        assert cli_main(args) == 0
        assert "Shared sixes" in one_page_text(sheet.read_bytes())

    broken = to_document(OURS) | {"rounds": []}
    document.write_text(json.dumps(broken))
    assert cli_main(["print", "blank", "--rules", str(document), "-o", str(sheet)]) == 2
    assert "rounds" in capsys.readouterr().err
    document.write_text("{not json")
    assert cli_main(["print", "blank", "--rules", str(document)]) == 2
    assert "not a JSON rule-set document" in capsys.readouterr().err
    document.write_text(" " * (64 * 1024 + 1))
    assert cli_main(["print", "blank", "--rules", str(document)]) == 2
    assert "larger than" in capsys.readouterr().err
    assert cli_main(["print", "blank", "--rules", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_post_print_blank_is_in_the_openapi_document(client: FlaskClient) -> None:
    from openapi_spec_validator import validate

    document = client.get("/api/v1/openapi.json").get_json()
    validate(document)
    item = document["paths"]["/print/blank.pdf"]
    assert item["servers"] == [{"url": "/"}]  # outside /api/v1
    post = item["post"]
    assert set(post["responses"]["200"]["content"]) == {"application/pdf"}
    body = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    schema = document["components"]["schemas"][body.rsplit("/", 1)[1]]
    rules = json.dumps(schema["properties"]["rules"])
    assert "#/components/schemas/RuleDocument" in rules  # a preset's id or a whole document
    # What the document says is what the route does: a document sent prints its sheet.
    sent = {"rules": to_document(OURS), "players": 3, "paper": "Letter"}
    answer = client.post("/print/blank.pdf", json=sent)
    assert answer.status_code == 200 and OURS_FIRST in one_page_text(answer.data)
