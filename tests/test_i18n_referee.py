"""Issue 26, part three B: the referee's tools, the arranger's "why not", lay-offs and joker
swaps, the rule-document reader, the API's field wording, the service's refusals, the history
lines, the offline page and the manifest speak Spanish and German; and issue 24's specific
"why not" for the new house rules (sets of different ranks, runs of different suits, wilds
capped per meld or kept apart, colour melds and flushes short of cards).

The English-left check is tests/test_i18n.py's: each catalogue sentence's longest English run
of words must not stand in a text said in another language.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.db import get_engine, write_session
from scorekeeper.errors import Invalid
from scorekeeper.games import transfer
from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.language import N_, speaking
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.rulesets import Contract, GoingOut, MeldKind, MeldSpec, RoundSpec, RuleSet
from scorekeeper.rules.scoring import PlayerResult
from tests.conftest import GameBuilder
from tests.rules.test_arranger import IMPOSSIBLE
from tests.test_i18n import LANGUAGES, english_left, translations

ROOT = Path(__file__).resolve().parent.parent

# --- the referee's pages ----------------------------------------------------------------------

# Every tool with cards in its slots, so its verdict (and its sentences) shows too.
REFEREE_PAGES = [
    "/referee?tool=contract&group=7H+7C+7S&group=8D+8C+JK&hand=9S",
    "/referee?tool=contract&group=7H+8S+9H+10H&group=8D",
    "/referee?tool=arrange&hand=7H+7C+7S+8D+8C+8S+9H",
    "/referee?tool=arrange&hand=7H+7C+9D+8S+KD+2C+4H+5H+QS+JD",
    "/referee?tool=layoff&meld=7H+8H+9H+10H&card=JH",
    "/referee?tool=layoff&meld=7H+8H+9H+10H&card=JC",
    "/referee?tool=layoff&meld=5H+6H+7H+8H&card=JK&end=low",
    "/referee?tool=swap&meld=7H+JK+9H+10H&card=8H",
    "/referee?tool=swap&meld=7H+JK+9H+10H&card=8C",
    "/referee?tool=swap&meld=7H+7C+JK&card=7S",
    "/referee?tool=liverpool&group=3H+4H+5H+6H&group=9S+9C+9D&discard=7H",
    "/referee?tool=points&hand=7H+JK+AS",
    "/referee?tool=points&rules=carioca&hand=7H+JK",
    "/referee?tool=arrange&rules=kalooki&round=4&hand=3H+4H+5H+6H+8H+9H+10H+JH+3C+4C+5C+6C",
]


def _page(client: FlaskClient, path: str, language: str) -> str:
    response = client.get(path, headers={"Accept-Language": language})
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


def _visible(page: str) -> str:
    """A page's text and the attributes a person reads (labels, placeholders)."""
    page = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.DOTALL)
    attributes = re.findall(r'(?:aria-label|placeholder|title|alt)="([^"]*)"', page)
    return re.sub(r"<[^>]+>", " ", page) + " " + " ".join(attributes)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_referee_pages_leave_no_english_sentence(client: FlaskClient, language: str) -> None:
    """Each tool (its tab names, heading, intro, slot labels and hints, and its verdict) in
    the reader's language, with none of the catalogue's English sentences left."""
    left = {}
    for path in REFEREE_PAGES:
        page = _page(client, path, language)
        assert f'<html lang="{language}"' in page
        found = english_left(_visible(page), language)
        if found:
            left[path] = found
    assert left == {}


def test_the_english_left_check_finds_english_on_an_english_page(client: FlaskClient) -> None:
    """The check above can fail: on the English page it finds the tools' own sentences."""
    for language in LANGUAGES:
        found = english_left(_visible(_page(client, REFEREE_PAGES[4], "en")), language)
        assert "Can this card be laid off on this meld?" in found
        assert "Tap the meld on the table, then choose the card and tap it" in found


def test_the_tools_words_in_german_and_spanish(client: FlaskClient) -> None:
    """The table's words (the rule book's "Words at the table"): anlegen, Meldung, Satz,
    Folge, Joker; acomodar, combinación, trío, escala, comodín."""
    german = _visible(_page(client, REFEREE_PAGES[4], "de"))
    assert "Anlegen" in german and "Meldung auf dem Tisch" in german
    assert "J♥ passt oben an die Meldung „Folge 7♥-10♥“." in german
    spanish = _visible(_page(client, REFEREE_PAGES[2], "es"))
    assert "¿Puedo bajarme?" in spanish and "trío de sietes" in spanish
    numbered = _visible(_page(client, REFEREE_PAGES[0], "es"))
    assert "Combinación 2" in numbered and "Cartas que quedan en la mano" in numbered
    mixed = _visible(_page(client, REFEREE_PAGES[1], "es"))  # a meld judged as a run
    assert "no es válida como escala" in mixed and "parece: escala" in mixed


# --- the arranger's "why not" -----------------------------------------------------------------


def _reason(rules: RuleSet, round_number: int, hand: str) -> str:
    arrangement = arrange(rules, round_number, parse_cards(hand))
    assert not arrangement.possible
    return arrangement.reason


def _cards_named(text: str) -> set[str]:
    return set(re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", text))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("preset", "round_number", "hand", "reason"), IMPOSSIBLE)
def test_the_why_not_of_the_rulings_cases_speaks_the_language(
    preset: str, round_number: int, hand: str, reason: str, language: str
) -> None:
    """The arranger's cases (tests/test_arranger.py, from the rulings): the same reason, in
    the language, naming the same cards and counts, no English left."""
    english = _reason(PRESETS[preset], round_number, hand)
    assert english == reason
    with speaking(translations(language)):
        said = _reason(PRESETS[preset], round_number, hand)
    assert said != english
    assert english_left(said, language) == []
    assert _cards_named(said) == _cards_named(english)
    assert set(re.findall(r"\d+", said)) == set(re.findall(r"\d+", english))  # the counts


def _colour_round(length: int) -> RuleSet:
    """Liverpool's rules with one round: a colour meld of ``length`` cards, then a discard."""
    contract = Contract((MeldSpec(MeldKind.COLOR, length),))
    return dataclasses.replace(
        PRESETS["liverpool"], rounds=(RoundSpec(contract, 10, GoingOut("discard")),)
    )


# Issue 24's house rules, each the one thing standing in the way: (rules, round, hand, the
# English reason, words the Spanish and the German reasons hold).
SPECIFIC = [
    pytest.param(
        PRESETS["carioca"], 1, "7H 7C 7S 7D 7H 7C 2S 4D 9C JH QS KD",
        "No way to make 2 sets: the sets of a lay-down must be of different ranks.",
        "valores distintos", "verschiedene Ränge", id="carioca-sets-of-one-rank",
    ),
    pytest.param(
        PRESETS["kalooki"], 1, "7H 7C 7S 7D 7H 7C 8H 8C 8S",
        "No way to make 3 sets: the sets of a lay-down must be of different ranks.",
        "valores distintos", "verschiedene Ränge", id="kalooki-sets-of-one-rank",
    ),
    pytest.param(
        PRESETS["kalooki"], 4, "3H 4H 5H 6H 8H 9H 10H JH 3C 4C 5C 6C",
        "No way to make 3 runs: the runs of a lay-down must be of different suits.",
        "palos distintos", "verschiedene Farben", id="kalooki-runs-of-one-suit",
    ),
    pytest.param(
        PRESETS["carioca"], 3, "3H JK 5H JK 7H 8S 9S 10S JS KD 2C 4D",
        "No way to make 2 runs: under these rules a meld holds 1 wild card at most.",
        "como mucho 1 comodín", "höchstens 1 Joker", id="carioca-one-wild-per-meld",
    ),
    pytest.param(
        PRESETS["continental"], 3, "3H JK JK 6H 2C 8S 9S 10S JS",
        "No way to make 2 runs: under these rules two wild cards may not stand side by side "
        "in a run.",
        "no pueden ir juntos", "nicht nebeneinander", id="continental-wilds-apart",
    ),
    pytest.param(
        PRESETS["ten-phase"], 8, "2H 3H 4H 5H KS 6C 7C 8D 9S 10S",
        "No way to make 1 flush: a flush needs 7 cards of one suit, wild cards included, and "
        "this hand has 5 at most.",
        "7 cartas del mismo palo", "7 Karten einer Farbe", id="ten-phase-flush-short",
    ),
    pytest.param(
        _colour_round(7), 1, "2H 3H 4D 5D KS 6C 7C 8S 9S 10S",
        "No way to make 1 colour meld: a colour meld needs 7 cards of one colour, wild cards "
        "included, and this hand has 6 at most.",
        "7 cartas del mismo color", "7 Karten in Rot oder in Schwarz", id="colour-meld-short",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "round_number", "hand", "english", "es", "de"), SPECIFIC)
def test_a_house_rule_in_the_way_is_named(
    rules: RuleSet, round_number: int, hand: str, english: str, es: str, de: str
) -> None:
    """Where one house rule alone stands in the way (the hand would do without it), or a
    colour meld or flush lacks cards of one colour or suit, the reason says so, in English,
    Spanish and German (before, the reason only counted cards or said the natural cards
    were too few)."""
    assert _reason(rules, round_number, hand) == english
    for language, words in (("es", es), ("de", de)):
        with speaking(translations(language)):
            said = _reason(rules, round_number, hand)
        assert words in said, said
        assert english_left(said, language) == []


def test_without_the_house_rule_the_hand_would_do() -> None:
    """The hands above are each stopped by their house rule alone."""
    carioca = PRESETS["carioca"]
    assert arrange(
        dataclasses.replace(carioca, set_ranks=PRESETS["liverpool"].set_ranks),
        1,
        parse_cards("7H 7C 7S 7D 7H 7C 2S 4D 9C JH QS KD"),
    ).possible
    assert arrange(
        dataclasses.replace(carioca, wilds_per_meld=None),
        3,
        parse_cards("3H JK 5H JK 7H 8S 9S 10S JS KD 2C 4D"),
    ).possible
    kalooki = PRESETS["kalooki"]
    assert arrange(
        dataclasses.replace(kalooki, same_suit_runs=PRESETS["liverpool"].same_suit_runs),
        4,
        parse_cards("3H 4H 5H 6H 8H 9H 10H JH 3C 4C 5C 6C"),
    ).possible


# --- lay-offs and joker swaps through the API, in German --------------------------------------


def _api(client: FlaskClient, path: str, body: object, language: str) -> tuple[int, dict]:
    response = client.post(f"/api/v1{path}", json=body, headers={"Accept-Language": language})
    return response.status_code, response.get_json()


@pytest.mark.parametrize(
    ("path", "body", "german"),
    [
        ("/referee/layoff", {"rules": "liverpool", "meld": "5H 6H 7H 8H", "card": "JK"},
         "Joker passt oben an die Meldung „Folge 5♥-8♥“ und steht dort für 9♥. Er könnte "
         "stattdessen auch unten angelegt werden."),
        ("/referee/layoff", {"rules": "liverpool", "meld": "5H 6H 7H 8H", "card": "10H"},
         "10♥ passt nicht an die Meldung „Folge 5♥-8♥“: Nur 4♥ oder 9♥ würde passen."),
        ("/referee/layoff", {"rules": "liverpool", "meld": "5H 6H 7H 8H", "card": "9C"},
         "9♣ ist kein Herz: Die Karte passt nicht an die Meldung „Folge 5♥-8♥“."),
        ("/referee/joker-swap", {"rules": "liverpool", "meld": "8C 9C JK JC", "card": "10C"},
         "10♣ tritt an die Stelle, an der Joker in der Meldung „Folge 8♣-J♣“ für 10♣ steht; "
         "Joker muss in diesem Zug gespielt werden."),
        ("/referee/joker-swap", {"rules": "liverpool", "meld": "7H 7C JK", "card": "7S"},
         "Ein Joker in einem Satz ist tot: Er darf nicht genommen werden."),
    ],
)  # fmt: skip
def test_lay_offs_and_joker_swaps_answer_in_german(
    client: FlaskClient, path: str, body: dict, german: str
) -> None:
    status, english = _api(client, path, body, "en")
    assert status == 200
    status, answer = _api(client, path, body, "de")
    assert status == 200
    assert answer["reason"] == german
    assert english_left(answer["reason"], "de") == []
    said = ("reason", "description")  # the sentences; the data (cards, ends, codes) the same
    assert {k: v for k, v in answer.items() if k not in said} == {
        k: v for k, v in english.items() if k not in said
    }


# --- the API's refusals, the document reader, the service -------------------------------------


def test_an_api_validation_error_in_spanish_keeps_its_english_code_and_field(
    client: FlaskClient,
) -> None:
    status, answer = _api(client, "/referee/contract", {"rules": "liverpool", "round": "x"}, "es")
    assert status == 400
    assert answer["details"]["field"] == "round"
    assert answer["error"] == "round debe ser un número entero, no texto"
    status, missing = _api(client, "/referee/layoff", {"rules": "liverpool", "meld": "7H"}, "es")
    assert status == 400 and missing["error"] == "falta card"
    assert missing["details"]["field"] == "card"
    status, english = _api(client, "/referee/layoff", {"rules": "liverpool", "meld": "7H"}, "en")
    assert english["error"] == "card is missing"


def test_a_rule_set_document_problem_in_spanish(client: FlaskClient) -> None:
    """The document reader's sentences, the part names (rounds[0].cards_dealt) in English."""
    document = {"name": "Ours", "rounds": [{"contract": [{"kind": "set", "min_length": 3}],
                                           "cards_dealt": "ten"}]}  # fmt: skip
    status, answer = _api(client, "/referee/contract", {"rules": document, "round": 1,
                                                         "melds": ["7H 7C 7S"]}, "es")  # fmt: skip
    assert status == 400
    assert answer["details"]["code"] == "bad-rule-document"
    assert "rounds[0].cards_dealt: debe ser un número entero, no el texto" in answer["error"]
    assert answer["error"].startswith("rules: el documento del reglamento tiene")
    assert english_left(answer["error"], "es") == []


def test_a_service_refusal_in_german(app: Flask, new_game: GameBuilder) -> None:
    """A refusal the game service builds with numbers in it, said in German (the views show
    the service's sentence as it comes)."""
    game = new_game(app, ["Ann", "Bob"], rounds="all")
    entry = games.RoundInput((PlayerResult(went_out=True), PlayerResult(points=5)))
    for language, sentence in (
        ("de", "das Spiel ist vorbei: alle 7 Runden sind eingetragen"),
        ("en", "the game is over: all 7 rounds are recorded"),
    ):
        with (
            app.app_context(),
            write_session() as session,
            pytest.raises(Invalid) as refused,
            speaking(translations(language)),
        ):
            games.add_round(session, game.id, 8, entry)
        assert refused.value.message == sentence
    with speaking(translations("de")), pytest.raises(Invalid) as named:
        games.clean_name("  ", N_("The group's name"))
    assert named.value.message == "Der Name der Gruppe darf nicht leer sein"


def test_a_round_games_history_lines_in_spanish(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    """The history keeps its lines in English; its page says them in the reader's language."""
    game = new_game(app, ["Ann", "Bob"], rounds=2)
    page = _page(client, f"/games/{game.id}/history", "es")
    assert "Ronda 2 anotada" in page or "Ronda 2" in page
    assert "Partida creada: Ann, Bob juegan a" in page
    assert english_left(_visible(page), "es") == []
    english = _page(client, f"/games/{game.id}/history", "en")
    assert "Game created: Ann, Bob play" in english


# --- the offline page, the service worker, the manifest --------------------------------------


def test_the_offline_page_in_spanish(client: FlaskClient) -> None:
    """The page the service worker keeps and shows offline: every sentence of it (its
    templates too) in the reader's language."""
    page = _page(client, "/offline", "es")
    assert '<html lang="es"' in page
    assert "Sin conexión." in page
    assert "no puede conectar con el anotador" in page
    for name in ("home", "none", "game"):
        assert f'<template data-offline="{name}">' in page
    assert "<!--offline-body-->" in page and "<!--/offline-body-->" in page
    assert "<!--games-->" in page
    assert english_left(_visible(page), "es") == []
    assert "cannot reach the scorekeeper" in _page(client, "/offline", "en")


def test_the_service_worker_fills_in_the_kept_offline_page() -> None:
    """The worker keeps /offline and takes its pieces by the names the page gives them."""
    worker = (ROOT / "static" / "js" / "sw.js").read_text()
    assert 'const OFFLINE_URL = "/offline";' in worker
    for name in ("home", "none", "game"):
        assert f'piece(page, "{name}")' in worker or f'piece(texts[1], "{name}")' in worker
    template = (ROOT / "templates" / "offline.html").read_text()
    assert template.count("data-offline=") == 3


def test_the_manifest_speaks_the_language(client: FlaskClient) -> None:
    answer = client.get("/manifest.webmanifest", headers={"Accept-Language": "de"})
    manifest = json.loads(answer.get_data(as_text=True))
    assert manifest["lang"] == "de" and manifest["name"] == "Scorekeeper"
    assert manifest["description"].startswith("Punkte für Liverpool-Rommé")
    assert {"Accept-Language", "Cookie"} <= set(answer.vary)
    english = json.loads(client.get("/manifest.webmanifest").get_data(as_text=True))
    assert english["lang"] == "en" and english["description"].startswith("Score Liverpool")
    assert english["icons"] == manifest["icons"]


# --- importing a file ---------------------------------------------------------------------------


def test_an_import_refused_in_german_names_each_problem_and_place(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    """The import's problems (and where each is: the group, game 1, round 2, seat 1) in the
    reader's language; the file's field names (points, went_out_seat) stay as in the file."""
    with app.app_context(), write_session() as session:
        group, _token = games.create_group(session, "Smiths", people=["Ann", "Bob"])
    new_game(app, ["Ann", "Bob"], [[None, 10]], group_id=group.id, rounds=2)
    data = json.loads("".join(transfer.export_group_json(get_engine(app), group.id)))
    data["group"]["id"] = "g" * 22
    data["group"]["people"].append(dict(data["group"]["people"][0]))  # a person twice
    game = data["games"][0]
    game["id"] = "game-1-" + "x" * 16
    game["rounds"][1]["entries"][1]["points"] += 1  # not what the round scores
    game["rounds"][1]["went_out_seat"] = 5  # no such seat
    game["title"] = 7  # a field of the wrong type: pydantic's error, in whole sentences

    def problems(language: str) -> list[str]:
        page = client.post(
            "/groups/import",
            data={"file": (io.BytesIO(json.dumps(data).encode()), "smiths.json")},
            content_type="multipart/form-data",
            headers={"Accept-Language": language},
        ).get_data(as_text=True)
        if language != "en":
            assert english_left(_visible(page), language) == []
        return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in
                re.findall(r"<li><strong>(.*?)</li>", page, flags=re.DOTALL)]  # fmt: skip

    english = problems("en")
    german = problems("de")
    assert len(german) == len(english) >= 3
    assert any("the group" in p and "it lists a person twice" in p for p in english)
    assert any("die Gruppe" in p and "sie führt eine Person doppelt" in p for p in german)
    assert any("Runde 2" in p and "went_out_seat: es gibt keinen Platz 5" in p for p in german)
    assert any("Runde 2, Platz 1" in p and "points: dieser Eintrag zählt" in p for p in german)
    assert any("title must be text, not a number" in p for p in english)
    assert any("title muss Text sein, nicht eine Zahl" in p for p in german), german
