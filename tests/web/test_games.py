"""The game pages with Flask's test client: every route, every refusal, nothing half-saved."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, select

from scorekeeper import games
from scorekeeper.db import get_session, write_session
from scorekeeper.rules import format_cards
from tests.conftest import make_app

HX = {"HX-Request": "true"}
THREE = ["Ann", "Bob", "Cy"]


# --- helpers ---------------------------------------------------------------------------------


def text(response: Any) -> str:
    return response.get_data(as_text=True)


def create(client: FlaskClient, players: list[str] | None = None, **form: Any) -> str:
    """Start a game through the new-game form; returns its id."""
    data = {"player": players or THREE, "preset": "liverpool", "first_dealer": "0", **form}
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, text(response)
    match = re.fullmatch(r"/games/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match
    return match.group(1)


def form_fields(page: str) -> dict[str, str]:
    """The hidden fields of the entry form on a page (key, version, round)."""
    found = {}
    for name in ("key", "version", "round"):
        match = re.search(rf'name="{name}" value="([^"]*)"', page)
        if match:
            found[name] = match.group(1)
    return found


def round_data(
    client: FlaskClient,
    game_id: str,
    out: int | None,
    points: dict[int, Any] | None = None,
    cards: dict[int, str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = form_fields(text(client.get(f"/games/{game_id}")))
    if out is not None:
        data["out"] = str(out)
    for seat, value in (points or {}).items():
        data[f"points-{seat}"] = str(value)
    for seat, value in (cards or {}).items():
        data[f"cards-{seat}"] = value
    data.update(extra)
    return data


def play(client: FlaskClient, game_id: str, out: int, points: dict[int, Any], **kw: Any) -> Any:
    data = round_data(client, game_id, out, points, **kw)
    return client.post(f"/games/{game_id}/rounds", data=data, headers=HX)


def load(app: Flask, game_id: str) -> games.GameView:
    with app.app_context():
        return games.load_game(get_session(), game_id)


def field_errors(page: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'class="field-error"[^>]*>([^<]+)<', page)]


# --- home and new game -----------------------------------------------------------------------


def test_home_lists_only_this_devices_games_newest_first(app: Flask, client: FlaskClient) -> None:
    page = text(client.get("/"))
    assert "Start a game" in page and "No game in progress on this device" in page
    first = create(client, title="First night")
    second = create(client, title="Second night")
    finished = create(client, ["Ann", "Bob"], title="Quick one")
    for _ in range(7):
        assert play(client, finished, 0, {1: 5}).status_code == 200
    other = app.test_client()
    create(other, title="Someone else's")
    page = text(client.get("/"))
    assert page.index("Second night") < page.index("First night")
    assert "Someone else" not in page
    in_progress, done = page.split("<h2>Finished</h2>")
    assert "Quick one" in done and "won by Ann" in done and "First night" in in_progress
    assert f"/games/{first}" in page and f"/games/{second}" in page
    assert "Have a link?" in page
    has_printing = "printing.blank" in app.view_functions
    assert ("Blank score sheets" in page) == has_printing


def test_new_game_form_shows_presets_options_and_recent_names(client: FlaskClient) -> None:
    create(client, ["Zelda", "Yann"])
    response = client.get("/games/new")
    page = text(response)
    assert response.status_code == 200
    assert 'name="preset"' in page and "Liverpool Rummy" in page and "Family Liverpool" in page
    assert "Seven rounds of ten cards" in page  # the preset's summary
    assert "Every 2 is wild too." in page and 'name="opt.cut_bonus"' in page  # OPTIONS docs
    assert '<datalist id="recent-names">' in page and '<option value="Zelda">' in page
    assert "Cut for deal" in page


def test_preset_change_rerenders_only_the_form_with_its_summary(client: FlaskClient) -> None:
    data = {"player": ["Ann", "Bob", "Cy"], "preset": "deuces-six", "action": "preset"}
    response = client.post("/games/new", data=data, headers=HX)
    page = text(response)
    assert response.status_code == 200 and "<html" not in page
    assert page.startswith("{#") is False and 'id="new-game-form"' in page
    assert "Six rounds of ten cards with 2s wild" in page
    assert 'value="Ann"' in page and 'value="Cy"' in page  # nothing typed is lost
    assert "HX-Request" in response.headers["Vary"]
    full = client.post("/games/new", data=data)  # without htmx: the whole page
    assert "<html" in text(full)


@pytest.mark.parametrize(
    ("action", "players", "dealer", "expected", "expected_dealer"),
    [
        ("add", ["Ann", "Bob"], "", ["Ann", "Bob", ""], ""),
        ("remove-1", ["Ann", "Bob", "Cy"], "2", ["Ann", "Cy"], "1"),
        ("remove-1", ["Ann", "Bob", "Cy"], "1", ["Ann", "Cy"], ""),
        ("up-2", ["Ann", "Bob", "Cy"], "2", ["Ann", "Cy", "Bob"], "1"),
        ("down-0", ["Ann", "Bob", "Cy"], "1", ["Bob", "Ann", "Cy"], "0"),
        ("down-2", ["Ann", "Bob", "Cy"], "", ["Ann", "Bob", "Cy"], ""),
        ("remove-0", ["Ann", "Bob"], "", ["Ann", "Bob"], ""),  # never fewer than 2 rows
    ],
)
def test_player_rows_are_added_removed_and_moved_by_form_buttons(
    client: FlaskClient,
    action: str,
    players: list[str],
    dealer: str,
    expected: list[str],
    expected_dealer: str,
) -> None:
    data = {"player": players, "preset": "liverpool", "first_dealer": dealer, "action": action}
    page = text(client.post("/games/new", data=data, headers=HX))
    assert re.findall(r'name="player" value="([^"]*)"', page) == expected
    selected = re.search(r'<option value="(\d+)" selected>', page)
    assert (selected.group(1) if selected else "") == expected_dealer


def test_at_most_eight_player_rows(client: FlaskClient) -> None:
    data = {"player": [f"P{i}" for i in range(8)], "preset": "liverpool", "action": "add"}
    page = text(client.post("/games/new", data=data))
    assert len(re.findall(r'name="player"', page)) == 8
    assert re.search(r'value="add"[^>]*\sdisabled', page)


@pytest.mark.parametrize(
    ("form", "field", "words"),
    [
        ({"player": ["Ann"]}, "players", "2 to 8 players"),
        ({"player": ["Ann", "ann"]}, "players", "different name"),
        ({"player": ["Ann", "Bob"], "preset": "nope"}, "rules", "no rule set"),
        ({"player": ["Ann", "Bob"], "opt.cut_bonus": "lots"}, "options.cut_bonus", "whole number"),
        ({"player": ["Ann", "Bob"], "opt.cut_bonus": "50"}, "options", "between -500 and 0"),
        ({"player": ["Ann", "Bob"], "opt.cards_dealt": "x"}, "options.cards_dealt", "number"),
        ({"player": ["Ann", "Bob"], "opt.deuces_wild": "maybe"}, "options.deuces_wild", "yes"),
        ({"player": ["Ann", "Bob", "Cy"], "preset": "family", "opt.min_players": "9"}, "options",
         "between"),
        ({"player": ["Ann", "Bob"], "title": "x" * 250}, "title", "too long"),
        ({"player": ["Ann", "Bob", ""], "first_dealer": "2"}, "first_dealer", "one of the players"),
    ],
)  # fmt: skip
def test_new_game_errors_are_shown_next_to_their_field(
    app: Flask, client: FlaskClient, form: dict[str, Any], field: str, words: str
) -> None:
    data = {"preset": "liverpool", **form}
    response = client.post("/games/new", data=data, headers=HX)
    page = text(response)
    assert response.status_code == 400
    assert any(words in message for message in field_errors(page)), field_errors(page)
    if field.startswith("options"):
        assert '<details class="house-rules" open>' in page
    for name in form.get("player", []):
        if name:
            assert f'value="{name}"' in page  # typed values stay
    with app.app_context():
        assert games.list_games(get_session()) == []


def test_a_players_own_error_sits_on_their_row(client: FlaskClient) -> None:
    data = {"player": ["Ann", "B" * 250, "Cy"], "preset": "liverpool"}
    page = text(client.post("/games/new", data=data))
    row = page.split('id="player-1"')[1].split("</li>")[0]
    assert "too long" in row


def test_blank_rows_are_left_out_and_the_dealer_follows_its_player(
    app: Flask, client: FlaskClient
) -> None:
    game_id = create(client, ["Ann", "", "Bob", "Cy"], first_dealer="3")
    view = load(app, game_id)
    assert view.players == ("Ann", "Bob", "Cy") and view.first_dealer == 2


def test_create_applies_house_rules_and_cuts_for_deal(app: Flask, client: FlaskClient) -> None:
    data = {
        "opt.cards_dealt": "11",
        "opt.deuces_wild": "true",
        "opt.buy_limit": "none",
        "opt.point_table": "face-value",
        "opt.cut_bonus": "−25",
        "first_dealer": "",
        "title": "  Friday  ",
    }
    game_id = create(client, **data)
    view = load(app, game_id)
    assert view.options == {
        "cards_dealt": 11, "deuces_wild": True, "buy_limit": None,
        "point_table": "face-value", "cut_bonus": -25,
    }  # fmt: skip
    assert view.title == "Friday" and 0 <= view.first_dealer < 3
    page = text(client.get(f"/games/{game_id}"))
    assert "11 cards each" in page and "jokers and twos are wild" in page


def test_create_by_htmx_answers_with_a_redirect_header(client: FlaskClient) -> None:
    data = {"player": THREE, "preset": "liverpool", "action": "create"}
    response = client.post("/games/new", data=data, headers=HX)
    assert response.status_code == 200
    assert re.fullmatch(r"/games/[A-Za-z0-9_-]{22}", response.headers["HX-Redirect"])


# --- the game page ---------------------------------------------------------------------------


def test_game_page_shows_the_round_at_a_glance(client: FlaskClient) -> None:
    game_id = create(client, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"])
    response = client.get(f"/games/{game_id}")
    page = text(response)
    assert response.status_code == 200
    assert "Round 1" in page and "of 7" in page
    assert "Two sets — at least 6 cards" in page
    assert "10 cards each" in page and "3 decks + 6 jokers" in page
    facts = re.sub(r"\s+", " ", page.split('class="facts"')[1].split("</dl>")[0])
    assert 'Deals</dt><dd class="who">Ann' in facts
    assert 'Cuts</dt><dd class="who">Fay' in facts
    assert 'Plays first</dt><dd class="who">Bob' in facts
    assert "Buying</dt><dd>allowed" in facts
    assert "data-wake-lock" in page
    assert "Enter round 1" in page and 'name="key"' in page
    assert '<svg viewBox="0 0' in page and 'class="qr"' in page  # QR for the join link
    assert "style=" not in page and "<style" not in page  # the CSP forbids inline styles
    assert "<script>" not in page and " on" + "click=" not in page
    view_id = re.search(r'class="join-code"[^>]*>(\w+)<', page)
    assert view_id and len(view_id.group(1)) == 6


def test_the_qr_code_is_drawn_only_where_a_page_shows_it(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The share panel's QR code costs more than the rest of a saved round: a saved round's
    fragment (htmx) has no share panel, so it draws none; the full page draws it once."""
    import segno

    drawn: list[str] = []
    real = segno.make
    monkeypatch.setattr(
        segno, "make", lambda content, **kw: (drawn.append(content), real(content, **kw))[1]
    )
    game_id = create(client)
    page = text(client.get(f"/games/{game_id}"))
    assert 'class="qr"' in page and len(drawn) == 1 and "/join?code=" in drawn[0]
    saved = play(client, game_id, 0, {1: 10, 2: 15})  # reads the page for its form: a draw
    assert saved.status_code == 200 and "Saved round 1." in text(saved)
    assert len(drawn) == 2 and 'class="qr"' not in text(saved)


def test_family_round_one_says_no_buying(client: FlaskClient) -> None:
    game_id = create(client, ["Ann", "Bob", "Cy"], preset="family")
    assert "not this round" in text(client.get(f"/games/{game_id}"))


def test_read_only_for_a_device_without_rights(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    viewer = app.test_client()
    page = text(viewer.get(f"/games/{game_id}"))
    assert "Round 1" in page and "Ann" in page
    assert 'name="key"' not in page and "Enter round" not in page
    assert 'name="code"' in page and "Join" in page
    assert load(app, game_id).join_code not in page  # the code is only on editors' screens
    # No QR code (the join link with its code): the inline SVG carries class "qr". (Looking
    # for the letters "qr" anywhere also found them in random tokens.)
    assert 'class="qr"' not in page and "qr-box" not in page


def test_unknown_game_is_404_everywhere(client: FlaskClient) -> None:
    missing = "A" * 22
    for path in [
        f"/games/{missing}",
        f"/games/{missing}/watch",
        f"/games/{missing}/watch/board",
        f"/games/{missing}/history",
        f"/games/{missing}/join",
        "/games/short",
    ]:
        assert client.get(path).status_code == 404, path
    assert client.post(f"/games/{missing}/rounds", data={}).status_code == 404
    assert client.post(f"/games/{missing}/join", data={"code": "X"}).status_code == 404


# --- entering rounds -------------------------------------------------------------------------


def test_saving_a_round_confirms_each_players_points(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    response = play(client, game_id, 0, {1: 35}, cards={2: "AH 7c jk"}, cut_bonus="on")
    page = text(response)
    assert response.status_code == 200 and "<html" not in page  # the game body only
    assert "Saved round 1." in page
    notice = re.sub(r"\s+", " ", page.split('class="ok-box notice"')[1].split("</div>")[0])
    assert 'Ann</span> <span class="notice-points">+0</span> this round · went out' in notice
    assert 'Bob</span> <span class="notice-points">+35</span>' in notice
    # Cy cut (dealer Ann, so Cy on her right): 40 for the cards, 50 off for the exact cut.
    assert 'Cy</span> <span class="notice-points">−10</span> this round · cut bonus' in notice
    assert "Enter round 2" in page
    view = load(app, game_id)
    assert view.rounds[0].points == (0, 35, -10)
    assert view.rounds[0].entries[2].cards_text == "AH 7C JK"
    assert view.rounds[0].cut_bonus


def test_saving_without_htmx_redirects_to_the_confirmation(client: FlaskClient) -> None:
    game_id = create(client)
    data = round_data(client, game_id, 1, {0: 20, 2: 15})
    response = client.post(f"/games/{game_id}/rounds", data=data)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}?saved=1"
    page = text(client.get(response.headers["Location"]))
    assert "Saved round 1." in page and "+20" in page


@pytest.mark.parametrize(
    ("out", "points", "cards", "seat", "words"),
    [
        (None, {0: 5, 1: 5, 2: 5}, {}, None, "one player must have gone out"),
        (0, {1: 5}, {}, 2, "Cy has no score yet"),
        (0, {1: -5, 2: 5}, {}, 1, "cannot be negative"),
        (0, {1: 7, 2: 5}, {}, 1, "multiple of 5"),
        (0, {1: "lots", 2: 5}, {}, 1, "whole number"),
        (0, {1: 5, 2: 5}, {}, None, None),  # control: this one is fine
        (0, {1: 5}, {2: "AH ZZ"}, 2, "not a card"),
        (0, {0: 10, 1: 5, 2: 5}, {}, 0, "went out, so scores 0"),
    ],
)
def test_a_refused_round_saves_nothing_and_keeps_what_was_typed(
    app: Flask,
    client: FlaskClient,
    out: int | None,
    points: dict[int, Any],
    cards: dict[int, str],
    seat: int | None,
    words: str | None,
) -> None:
    game_id = create(client)
    before = load(app, game_id).version
    response = play(client, game_id, out, points, cards=cards)
    if words is None:
        assert response.status_code == 200
        return
    page = text(response)
    assert response.status_code == 400
    assert "Saved round" not in page
    if seat is None:
        boxes = [html.unescape(m) for m in re.findall(r'class="error-box"[^>]*>([^<]+)<', page)]
        assert any(words in b for b in boxes), boxes
    else:
        row = page.split(f'id="entry-errors-{seat}"')[1].split("</div>\n  </div>")[0]
        assert words in html.unescape(row)
    for s, value in points.items():
        assert f'name="points-{s}" id="points-{s}"\n             value="{value}"' in page
    for s, value in cards.items():
        assert f'name="cards-{s}" value="{value}"' in page
    if out is not None:
        assert f'name="out" value="{out}" checked' in page
    view = load(app, game_id)
    assert view.rounds == () and view.version == before


def test_every_problem_is_named_at_once(client: FlaskClient) -> None:
    game_id = create(client)
    page = text(play(client, game_id, 0, {1: "x"}, cards={2: "QQ"}))
    errors = " ".join(field_errors(page))
    assert "Bob's points must be a whole number" in errors and '"QQ" is not a card' in errors


def test_a_joker_the_game_cannot_hold_is_refused_beside_its_player_checked_once(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cards the game's decks never hold are refused by the rules core's one check (the form
    does not check them again): the message stands beside the player, the values as typed."""
    from scorekeeper.rules import scoring

    checked: list[str] = []
    real = scoring.cards_not_in_deck

    def counting(rules: Any, cards: Any) -> Any:
        cards = tuple(cards)
        checked.append(format_cards(cards))
        return real(rules, cards)

    monkeypatch.setattr(scoring, "cards_not_in_deck", counting)
    game_id = create(client, preset="deuces-six")
    response = play(client, game_id, 0, {2: 10}, cards={1: "7H JK"})
    page = text(response)
    assert response.status_code == 400
    assert "Six-round Deuces Wild is played without jokers: JK is not in its deck." in " ".join(
        field_errors(page)
    )
    assert 'name="cards-1" value="7H JK"' in page and 'value="10"' in page
    assert load(app, game_id).rounds == ()
    assert checked == ["7H JK"]
    checked.clear()
    assert play(client, game_id, 0, {2: 10}, cards={1: "7H 8C"}).status_code == 200
    assert checked == ["7H 8C"]


def test_a_double_tap_records_the_round_once(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    data = round_data(client, game_id, 0, {1: 10, 2: 15})
    first = client.post(f"/games/{game_id}/rounds", data=data, headers=HX)
    again = client.post(f"/games/{game_id}/rounds", data=data, headers=HX)
    assert first.status_code == 200 and again.status_code == 200
    assert "Saved round 1." in text(first)
    assert "already saved" in text(again)
    view = load(app, game_id)
    assert len(view.rounds) == 1 and view.totals == (0, 10, 15)


def test_a_stale_form_gets_409_with_the_fresh_values(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    stale = round_data(client, game_id, 0, {1: 10, 2: 15})
    play(client, game_id, 1, {0: 20, 2: 25})  # another tap saved round 1 meanwhile
    response = client.post(f"/games/{game_id}/rounds", data=stale, headers=HX)
    page = text(response)
    assert response.status_code == 409
    assert "already recorded" in page
    assert "+20" not in page and ">20<" in page  # the fresh scoreboard
    assert "Enter round 2" in page
    assert len(load(app, game_id).rounds) == 1


def test_a_saved_round_reads_the_game_once_and_a_409_too(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page reads the game for its form and hands it to the service, which plans against
    it (the version claim still catches a change committed since); a refusal carries the game
    it was refused against, so the 409's page is not read again either."""
    from scorekeeper.games import rounds, views

    reads: list[str] = []
    real = views.load_game

    def counting(session: Any, game_id: str) -> games.GameView:
        reads.append(game_id)
        return real(session, game_id)

    for module in (games, views, rounds):
        monkeypatch.setattr(module, "load_game", counting)
    game_id = create(client)
    stale = round_data(client, game_id, 0, {1: 10, 2: 15})
    reads.clear()
    assert play(client, game_id, 1, {0: 20, 2: 25}).status_code == 200
    assert len(reads) == 2  # the form's page, then the saved round: once
    reads.clear()
    response = client.post(f"/games/{game_id}/rounds", data=stale, headers=HX)
    assert response.status_code == 409 and ">20<" in text(response)
    assert reads == [game_id]


def test_a_form_from_before_an_edit_gets_409_and_keeps_its_values(
    app: Flask, client: FlaskClient
) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15})
    stale = round_data(client, game_id, 1, {0: 30, 2: 35})
    edit = edit_data(client, game_id, 1, out=0, points={1: 50, 2: 15})
    assert client.post(f"/games/{game_id}/rounds/1", data=edit).status_code == 303
    response = client.post(f"/games/{game_id}/rounds", data=stale, headers=HX)
    page = text(response)
    assert response.status_code == 409
    assert "changed this game meanwhile" in page
    assert 'value="30"' in page and 'value="35"' in page
    assert ">50<" in page  # the edited round as it is now
    fields = form_fields(page)
    assert fields["version"] == str(load(app, game_id).version)
    again = {**stale, **fields}
    assert client.post(f"/games/{game_id}/rounds", data=again, headers=HX).status_code == 200
    assert load(app, game_id).totals == (30, 50, 50)


def test_a_game_with_no_cut_bonus_has_no_checkbox(client: FlaskClient) -> None:
    game_id = create(client, preset="liverpool-11")
    assert 'name="cut_bonus"' not in text(client.get(f"/games/{game_id}"))
    page = text(play(client, game_id, 0, {1: 10, 2: 15}, cut_bonus="on"))
    assert "has no cut bonus" in page


def test_cards_bought_are_kept(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15}, **{"bought-1": "2"})
    assert load(app, game_id).rounds[0].entries[1].bought == 2
    page = text(play(client, game_id, 0, {1: 10, 2: 15}, **{"bought-2": "x"}))
    assert "buys must be 0 or more" in page


# --- fixing mistakes -------------------------------------------------------------------------


def edit_data(
    client: FlaskClient, game_id: str, number: int, out: int, points: dict[int, Any]
) -> dict[str, Any]:
    page = text(client.get(f"/games/{game_id}/rounds/{number}/edit"))
    data: dict[str, Any] = {**form_fields(page), "out": str(out)}
    for seat, value in points.items():
        data[f"points-{seat}"] = str(value)
    return data


def test_edit_a_round_prefilled_and_saved(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10}, cards={2: "KH QH"})
    response = client.get(f"/games/{game_id}/rounds/1/edit")
    page = text(response)
    assert response.status_code == 200 and "Edit round 1" in page
    assert 'name="out" value="0" checked' in page
    assert 'value="10"' in page and 'value="KH QH"' in page
    data = edit_data(client, game_id, 1, out=1, points={0: 25, 2: 5})
    response = client.post(f"/games/{game_id}/rounds/1", data=data)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}?edited=1"
    assert "Round 1 updated." in text(client.get(response.headers["Location"]))
    assert load(app, game_id).rounds[0].points == (25, 0, 5)
    hx = client.post(f"/games/{game_id}/rounds/1", data=edit_data(
        client, game_id, 1, out=1, points={0: 30, 2: 5}), headers=HX)  # fmt: skip
    assert hx.headers["HX-Redirect"] == f"/games/{game_id}?edited=1"


def test_edit_conflict_shows_the_fresh_values(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15})
    first = edit_data(client, game_id, 1, out=0, points={1: 20, 2: 15})
    second = edit_data(client, game_id, 1, out=0, points={1: 40, 2: 15})
    assert client.post(f"/games/{game_id}/rounds/1", data=first).status_code == 303
    response = client.post(f"/games/{game_id}/rounds/1", data=second, headers=HX)
    page = text(response)
    assert response.status_code == 409
    assert "changed on another device meanwhile" in page
    assert 'value="40"' in page and "20</span> points" in page  # kept as typed; recorded now
    assert load(app, game_id).rounds[0].points == (0, 20, 15)


def test_edit_errors_and_missing_rounds(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    assert client.get(f"/games/{game_id}/rounds/1/edit").status_code == 404
    play(client, game_id, 0, {1: 10, 2: 15})
    bad = edit_data(client, game_id, 1, out=0, points={1: -3, 2: 15})
    response = client.post(f"/games/{game_id}/rounds/1", data=bad)
    assert response.status_code == 400 and "cannot be negative" in text(response)
    assert 'value="-3"' in text(response)
    assert load(app, game_id).rounds[0].points == (0, 10, 15)
    assert client.post(f"/games/{game_id}/rounds/2", data=bad).status_code == 404


def test_undo_asks_first_then_removes_the_last_round(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15})
    play(client, game_id, 1, {0: 20, 2: 25})
    response = client.get(f"/games/{game_id}/undo")
    page = text(response)
    assert response.status_code == 200 and "Undo round 2?" in page
    assert len(load(app, game_id).rounds) == 2  # asking changes nothing
    data = {"round": "2", "version": re.search(r'name="version" value="(\d+)"', page).group(1)}
    response = client.post(f"/games/{game_id}/undo", data=data)
    assert response.status_code == 303
    assert "Round 2 undone" in text(client.get(response.headers["Location"]))
    assert len(load(app, game_id).rounds) == 1
    # A confirmation shown before round 2 was entered again is stale.
    play(client, game_id, 2, {0: 5, 1: 5})
    response = client.post(f"/games/{game_id}/undo", data=data)
    assert response.status_code == 409 and "changed this game meanwhile" in text(response)
    assert "Undo round 2?" in text(response) and "+5" in text(response)  # the fresh round
    assert len(load(app, game_id).rounds) == 2
    wrong_round = client.post(f"/games/{game_id}/undo", data={"round": "1"})
    assert wrong_round.status_code == 400 and "only the last round" in text(wrong_round)


def test_undo_with_nothing_to_undo(client: FlaskClient) -> None:
    game_id = create(client)
    assert client.get(f"/games/{game_id}/undo").status_code == 400
    assert client.post(f"/games/{game_id}/undo", data={}).status_code == 400


def test_history_names_the_device_and_old_and_new_values(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15})
    data = edit_data(client, game_id, 1, out=0, points={1: 20, 2: 15})
    client.post(f"/games/{game_id}/rounds/1", data=data)
    joiner = app.test_client()
    joiner.post(f"/games/{game_id}/join", data={"code": load(app, game_id).join_code})
    play(joiner, game_id, 2, {0: 5, 1: 5})
    response = client.get(f"/games/{game_id}/history")
    page = re.sub(r"\s+", " ", html.unescape(text(response)))
    assert response.status_code == 200
    assert "Round 1 edited: Bob 10 → 20" in page
    assert "Bob: 10 → 20" in page
    assert "creator device" in page and "joined device 2" in page
    assert page.index("Round 2 entered") < page.index("Round 1 edited") < page.index("created")
    assert app.test_client().get(f"/games/{game_id}/history").status_code == 200  # watchers too


# --- access ----------------------------------------------------------------------------------


def test_edits_without_rights_are_403_and_change_nothing(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    play(client, game_id, 0, {1: 10, 2: 15})
    before = load(app, game_id)
    stranger = app.test_client()
    data = round_data(client, game_id, 1, {0: 5, 2: 5})
    attempts = [
        stranger.post(f"/games/{game_id}/rounds", data=data),
        stranger.post(f"/games/{game_id}/rounds", data=data, headers=HX),
        stranger.get(f"/games/{game_id}/rounds/1/edit"),
        stranger.post(f"/games/{game_id}/rounds/1", data=data),
        stranger.get(f"/games/{game_id}/undo"),
        stranger.post(f"/games/{game_id}/undo", data={"round": "1"}),
        stranger.post(f"/games/{game_id}/play-again"),
    ]
    for response in attempts:
        assert response.status_code == 403
        assert "join code" in text(response)
    assert attempts[1].headers["HX-Retarget"] == "#flash"
    assert load(app, game_id) == before
    with app.app_context():
        assert len(games.list_games(get_session())) == 1


def test_a_forged_cookie_grant_is_refused(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    stranger = app.test_client()
    with stranger.session_transaction() as cookie:
        cookie["grants"] = [[game_id, "x" * 43, "creator device"]]
    assert stranger.get(f"/games/{game_id}/undo").status_code == 403


def test_join_with_the_code(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    code = load(app, game_id).join_code
    other = app.test_client()
    wrong = other.post(f"/games/{game_id}/join", data={"code": "WRONG1"}, headers=HX)
    assert wrong.status_code == 403
    assert "join code is not right" in text(wrong) and 'id="join"' in text(wrong)
    assert 'value="WRONG1"' in text(wrong)
    response = other.post(f"/games/{game_id}/join", data={"code": code.lower()})
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{game_id}"
    page = text(other.get(f"/games/{game_id}"))
    assert "Enter round 1" in page
    assert (
        other.post(f"/games/{game_id}/join", data={"code": code}, headers=HX).headers["HX-Redirect"]
        == f"/games/{game_id}"
    )


def test_the_qr_link_asks_for_one_tap_and_grants_nothing_by_itself(
    app: Flask, client: FlaskClient
) -> None:
    game_id = create(client)
    code = load(app, game_id).join_code
    page = text(client.get(f"/games/{game_id}"))
    assert html.unescape(page).count(f"/games/{game_id}/join?code={code}") == 0  # only in the QR
    other = app.test_client()
    response = other.get(f"/games/{game_id}/join?code={code}")
    confirm = text(response)
    assert response.status_code == 200
    assert f'value="{code}"' in confirm and "tap Join" in confirm
    assert "Enter round" not in text(other.get(f"/games/{game_id}"))  # still read-only
    other.post(f"/games/{game_id}/join", data={"code": code})
    assert "already enter rounds" in text(other.get(f"/games/{game_id}/join?code={code}"))


def test_join_attempts_are_rate_limited_per_address(tmp_path: Any) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'rl.sqlite3'}", tmp_path, JOIN_RATE_LIMIT="3/minute")
    owner = app.test_client()
    first, second = create(owner), create(owner)
    guesser = app.test_client()
    codes = [f"/games/{first}/join", f"/games/{second}/join", f"/games/{first}/join"]
    for path in codes:
        assert guesser.post(path, data={"code": "AAAAAA"}).status_code == 403
    response = guesser.post(f"/games/{second}/join", data={"code": load(app, second).join_code})
    assert response.status_code == 429
    assert "Too many join-code attempts" in text(response)
    assert "Enter round" not in text(guesser.get(f"/games/{second}"))
    # Another address may still try.
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    ok = elsewhere.post(f"/games/{second}/join", data={"code": load(app, second).join_code})
    assert ok.status_code == 303


@pytest.mark.parametrize("storage", ["database", "memory://"])
def test_a_stranger_cannot_lock_the_scorers_out(tmp_path: Any, storage: str) -> None:
    """Wrong codes count against the address that sends them, not against the game."""
    app = make_app(
        f"sqlite:///{tmp_path / 'rl.sqlite3'}",
        tmp_path,
        JOIN_RATE_LIMIT="2 per minute",
        RATELIMIT_STORAGE=storage,
    )
    game_id = create(app.test_client())
    stranger = app.test_client()
    stranger.environ_base["REMOTE_ADDR"] = "203.0.113.7"
    statuses = [
        stranger.post(f"/games/{game_id}/join", data={"code": "AAAAAA"}, headers=HX).status_code
        for _ in range(5)
    ]
    assert statuses == [403, 403, 429, 429, 429]
    for n in range(3):  # the family's devices, each on an address of its own
        scorer = app.test_client()
        scorer.environ_base["REMOTE_ADDR"] = f"10.0.0.{n + 1}"
        right = scorer.post(f"/games/{game_id}/join", data={"code": load(app, game_id).join_code})
        assert right.status_code == 303
        assert "Enter round" in text(scorer.get(f"/games/{game_id}"))


def test_a_refused_join_takes_no_write_lock(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong code, or an attempt over the limit, is answered from reads alone."""
    from scorekeeper import db

    game_id = create(app.test_client())
    stranger = app.test_client()
    stranger.post(f"/games/{game_id}/join", data={"code": "AAAAAA"})  # counted: one write
    writes: list[str] = []
    real = db.begin_write
    for module in (games.access, games.store):  # the attempt counter, the game's lock
        monkeypatch.setattr(module, "begin_write", lambda s: (writes.append("w"), real(s))[1])
    app.config["JOIN_RATE_LIMIT"] = "1 per minute"
    over = stranger.post(f"/games/{game_id}/join", data={"code": "AAAAAA"})
    assert over.status_code == 429 and writes == []
    app.config["JOIN_RATE_LIMIT"] = "10 per minute"
    wrong = stranger.post(f"/games/{game_id}/join", data={"code": "AAAAAA"})
    assert wrong.status_code == 403 and writes == ["w"]  # the attempt's count, nothing more


def test_a_device_keeps_every_grant(app: Flask, client: FlaskClient) -> None:
    """No grant is dropped to make room for another (the cookie used to hold 40)."""
    ids = [create(client, players=[f"Ann {n}", "Bob"]) for n in range(45)]
    for game_id in (ids[0], ids[20], ids[-1]):
        assert client.get(f"/games/{game_id}/undo").status_code in (200, 400)  # not 403
        assert "Enter round 1" in text(client.get(f"/games/{game_id}"))
    home = text(client.get("/"))
    assert all(game_id in home for game_id in ids)
    cookie = client.get_cookie("session")
    assert cookie is not None and len(cookie.value) < 200


def test_grants_kept_in_an_old_cookie_move_to_the_device(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    with app.app_context(), write_session() as session:
        token = games.grant_edit(session, game_id, "joined device 2")
    old = app.test_client()
    with old.session_transaction() as cookie:
        cookie["grants"] = [[game_id, token, "joined device 2"]]
    assert "Enter round 1" in text(old.get(f"/games/{game_id}"))
    with old.session_transaction() as cookie:
        assert "grants" not in cookie and cookie["device"]
    assert "Enter round 1" in text(old.get(f"/games/{game_id}"))
    assert game_id in text(old.get("/"))


# --- finishing -------------------------------------------------------------------------------


def test_finish_shows_standings_and_a_shared_win_then_play_again(
    app: Flask, client: FlaskClient
) -> None:
    game_id = create(client, preset="deuces-six")
    for number in range(1, 7):
        # Ann and Bob share the win: they go out in turn and take the same points.
        out = number % 2
        response = play(client, game_id, out, {1 - out: 10, 2: 50})
        assert response.status_code == 200
    page = text(response)
    assert "Final standings" in page and "Ann and Bob share the win with 30 points" in page
    assert "Enter round" not in page and "Play again" in page
    full = text(client.get(f"/games/{game_id}"))
    assert "Final standings" in full and "Round 6" not in full.split("Final standings")[0]
    late = play(client, game_id, 0, {1: 5, 2: 5})
    assert late.status_code in (400, 409)
    response = client.post(f"/games/{game_id}/play-again")
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    assert new_id != game_id
    new = load(app, new_id)
    assert new.players == ("Ann", "Bob", "Cy") and new.preset == "deuces-six"
    assert new.first_dealer == 1
    assert "Enter round 1" in text(client.get(f"/games/{new_id}"))


def test_a_single_winner(client: FlaskClient) -> None:
    game_id = create(client, preset="deuces-six")
    for _ in range(6):
        response = play(client, game_id, 0, {1: 10, 2: 50})
    assert "Ann wins with 0 points" in text(response)


# --- watching --------------------------------------------------------------------------------


def test_watch_page_polls_its_board(client: FlaskClient) -> None:
    game_id = create(client)
    response = client.get(f"/games/{game_id}/watch")
    page = text(response)
    assert response.status_code == 200
    # A live region (static/js/live.js): polls the version, fetches the board when it moved.
    assert f'data-live-poll="/games/{game_id}/live"' in page
    assert 'data-live-version="1"' in page
    assert f'data-live-src="/games/{game_id}/watch/board"' in page
    assert "data-wake-lock" in page and "Enter round" not in page


def test_an_unchanged_poll_costs_one_lookup(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = create(client)
    calls: list[str] = []
    real = games.load_game

    def counting(session: Any, gid: str) -> games.GameView:
        calls.append(gid)
        return real(session, gid)

    monkeypatch.setattr(games, "load_game", counting)
    board = f"/games/{game_id}/watch/board"
    unchanged = client.get(f"{board}?v=1", headers=HX)
    assert unchanged.status_code == 204 and unchanged.data == b"" and calls == []
    etag = unchanged.headers["ETag"]
    conditional = client.get(board, headers={**HX, "If-None-Match": etag})
    assert conditional.status_code == 304 and calls == []
    play(client, game_id, 0, {1: 10, 2: 15})
    calls.clear()
    changed = client.get(f"{board}?v=1", headers=HX)
    assert changed.status_code == 200 and len(calls) == 1
    page = text(changed)
    assert "<html" not in page and 'data-live-version="2"' in page and ">15<" in page
    assert changed.headers["ETag"] != etag
    assert "HX-Request" in changed.headers["Vary"]
    assert client.get(f"{board}?v=2", headers=HX).status_code == 204


# --- odds and ends ---------------------------------------------------------------------------


HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "{{7*7}}"]


def test_hostile_names_are_escaped_everywhere(app: Flask, client: FlaskClient) -> None:
    game_id = create(client, HOSTILE, title="<b>bold</b> {{7*7}}")
    play(client, game_id, 0, {1: 10, 2: 15})
    pages = [
        text(client.get(path))
        for path in [
            "/",
            f"/games/{game_id}",
            f"/games/{game_id}/watch",
            f"/games/{game_id}/history",
            f"/games/{game_id}/undo",
            f"/games/{game_id}/rounds/1/edit",
            f"/games/{game_id}/join",
            "/games/new",
        ]
    ]
    pages.append(text(app.test_client().get(f"/games/{game_id}")))
    for page in pages:
        assert "<script>alert" not in page
        assert "<img src=x" not in page
        assert "<b>bold</b>" not in page
        assert ">49<" not in page and " 49 " not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages[1]
    assert "{{7*7}}" in pages[1]


def test_open_a_pasted_link(client: FlaskClient) -> None:
    game_id = create(client)
    response = client.get("/games/open", query_string={"link": f"http://x/games/{game_id}"})
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{game_id}"
    response = client.get(
        "/games/open", query_string={"link": f"http://x/games/{game_id}/join?code=ABC234"}
    )
    assert response.headers["Location"] == f"/games/{game_id}/join?code=ABC234"
    bad = client.get("/games/open", query_string={"link": "hello"})
    assert bad.status_code == 400 and "not a game link" in text(bad)


def test_links_to_other_parts_appear_only_when_installed(app: Flask, client: FlaskClient) -> None:
    game_id = create(client)
    page = text(client.get(f"/games/{game_id}"))
    for endpoint, words in [
        ("referee.page", ">Referee<"),
        ("referee.rules_page", ">Rules<"),
        ("printing.game_sheet", "Score sheet (PDF)"),
    ]:
        assert (words in page) == (endpoint in app.view_functions), endpoint


def test_forms_carry_csrf_and_refuse_without_it(tmp_path: Any) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    page = text(client.get("/games/new"))
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert f'"X-CSRFToken": "{token}"' in page  # htmx sends it as a header
    data = {"player": THREE, "preset": "liverpool"}
    refused = client.post("/games/new", data=data)
    assert refused.status_code == 400 and "security token" in text(refused)
    assert client.post("/games/new", data={**data, "csrf_token": token}).status_code == 303
    by_header = client.post("/games/new", data=data, headers={**HX, "X-CSRFToken": token})
    assert by_header.status_code == 200 and "HX-Redirect" in by_header.headers
    game_id = by_header.headers["HX-Redirect"].rsplit("/", 1)[1]
    game_page = text(client.get(f"/games/{game_id}"))
    assert game_page.count('name="csrf_token"') >= 1
    no_token = client.post(f"/games/{game_id}/rounds", data=round_data(client, game_id, 0, {}))
    assert no_token.status_code == 400


# --- on both databases -----------------------------------------------------------------------


def test_round_entry_flow_on_each_database(db_app: Flask) -> None:
    client = db_app.test_client()
    game_id = create(client)
    assert play(client, game_id, 0, {1: 10}, cards={2: "AS 2D"}).status_code == 200
    refused = play(client, game_id, None, {0: 5, 1: 5, 2: 5})
    assert refused.status_code == 400
    data = round_data(client, game_id, 1, {0: 20, 2: 25})
    assert client.post(f"/games/{game_id}/rounds", data=data, headers=HX).status_code == 200
    assert client.post(f"/games/{game_id}/rounds", data=data, headers=HX).status_code == 200
    stale = {**data, "key": "another-key"}
    assert client.post(f"/games/{game_id}/rounds", data=stale, headers=HX).status_code == 409
    edit = edit_data(client, game_id, 1, out=0, points={1: 15, 2: 20})
    assert client.post(f"/games/{game_id}/rounds/1", data=edit).status_code == 303
    view = load(db_app, game_id)
    assert [r.points for r in view.rounds] == [(0, 15, 20), (20, 0, 25)]
    page = text(client.get(f"/games/{game_id}/undo"))
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    undo = client.post(f"/games/{game_id}/undo", data={"round": "2", "version": version})
    assert undo.status_code == 303
    assert len(load(db_app, game_id).rounds) == 1
    poll = client.get(f"/games/{game_id}/watch/board?v={load(db_app, game_id).version}")
    assert poll.status_code == 204


def test_home_links_to_the_referee_and_the_rules(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'href="/referee"' in page and 'href="/rules"' in page


def test_starting_a_game_twice_with_one_key_opens_one_game(app: Any, client: FlaskClient) -> None:
    """A double tap on "Start" (or a retry after a timeout) must not create two games."""
    from scorekeeper.db import get_engine
    from scorekeeper.models import Game

    form = {"player": ["Ann", "Bob", "Cy"], "preset": "liverpool", "action": "create"}
    page = client.get("/games/new").get_data(as_text=True)
    key = re.search(r'name="key" value="([^"]+)"', page)
    assert key
    first = client.post("/games/new", data=form | {"key": key.group(1)})
    again = client.post("/games/new", data=form | {"key": key.group(1)})
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    with Session(get_engine(app)) as session:
        assert len(session.exec(select(Game)).all()) == 1
    # A new key is a new game.
    other = client.post("/games/new", data=form | {"key": "another-key"})
    assert other.headers["Location"] != first.headers["Location"]
    # Another device sending the same key starts a game of its own: a key never hands one
    # device's game (and edit rights to it) to another.
    game_id = first.headers["Location"].rsplit("/", 1)[1]
    stranger = app.test_client()
    retry = stranger.post("/games/new", data=form | {"key": key.group(1)})
    assert retry.status_code == 303
    assert not retry.headers["Location"].endswith(game_id)
    assert stranger.get(f"/games/{game_id}/rounds/1/edit").status_code == 403
    # The same device, same key, other names: refused with the names kept, nothing started.
    changed = client.post(
        "/games/new", data=form | {"key": key.group(1), "player": ["Ann", "Bob", "Dee"]}
    )
    assert changed.status_code == 422
    text = changed.get_data(as_text=True)
    assert "already started a game" in text and 'value="Dee"' in text
    with Session(get_engine(app)) as session:
        assert len(session.exec(select(Game)).all()) == 3


def test_play_again_twice_with_one_key_starts_one_new_game(app: Any, client: FlaskClient) -> None:
    from scorekeeper.db import get_engine
    from scorekeeper.models import Game

    form = {"player": ["Ann", "Bob"], "preset": "liverpool", "action": "create"}
    game_id = client.post("/games/new", data=form).headers["Location"].rsplit("/", 1)[1]
    first = client.post(f"/games/{game_id}/play-again", data={"key": "k1"})
    again = client.post(f"/games/{game_id}/play-again", data={"key": "k1"})
    assert first.status_code == 303 and first.headers["Location"] == again.headers["Location"]
    with Session(get_engine(app)) as session:
        assert len(session.exec(select(Game)).all()) == 2


def test_recent_names_come_from_this_devices_games_only(app: Any, client: FlaskClient) -> None:
    form = {"player": ["Zelda", "Yorick"], "preset": "liverpool", "action": "create"}
    assert client.post("/games/new", data=form).status_code == 303
    mine = client.get("/games/new").get_data(as_text=True)
    assert '<option value="Zelda">' in mine
    stranger = app.test_client().get("/games/new").get_data(as_text=True)
    assert "Zelda" not in stranger


def test_the_watch_fragment_is_rendered_once_per_version(app: Any, client: FlaskClient) -> None:
    """Many screens polling a changed game cost one render, and a change shows at once."""
    from unittest import mock

    import scorekeeper.web.games as pages

    form = {"player": ["Ann", "Bob"], "preset": "liverpool", "action": "create"}
    game_id = client.post("/games/new", data=form).headers["Location"].rsplit("/", 1)[1]
    url = f"/games/{game_id}/watch/board"
    with mock.patch.object(pages.games, "load_game", wraps=pages.games.load_game) as loads:
        first = client.get(url, headers={"HX-Request": "true"})
        second = app.test_client().get(url, headers={"HX-Request": "true"})
        assert first.data == second.data and loads.call_count == 1
    assert b'id="watch-board"' in first.data and b"<html" not in first.data
    client.post(
        f"/games/{game_id}/rounds",
        data={"round": "1", "out": "0", "points-1": "25", "key": "k"},
    )
    after = client.get(url, headers={"HX-Request": "true"})
    assert after.data != first.data and b"25" in after.data


def test_polls_read_the_version_without_an_orm_session(
    db_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What screens poll (the watch fragment, GET of a game) costs one version lookup and no
    ORM session while nothing changes, and sees a change at once, on SQLite and PostgreSQL."""
    from scorekeeper import db

    client = db_app.test_client()
    game_id = create(client)
    sessions: list[object] = []
    real_session = db.Session

    def counting_session(*args: Any, **kwargs: Any) -> Any:
        sessions.append(args)
        return real_session(*args, **kwargs)

    monkeypatch.setattr(db, "Session", counting_session)
    board, api = f"/games/{game_id}/watch/board", f"/api/v1/games/{game_id}"
    for _ in range(3):
        assert client.get(f"{board}?v=1", headers=HX).status_code == 204
        assert client.get(api, headers={"If-None-Match": '"1"'}).status_code == 304
    assert sessions == []
    play(client, game_id, 0, {1: 10, 2: 15})
    changed = client.get(f"{board}?v=1", headers=HX)
    assert changed.status_code == 200 and ">15<" in text(changed)
    assert client.get(api, headers={"If-None-Match": '"1"'}).get_json()["version"] == 2
    assert client.get(f"{board}?v=2", headers=HX).status_code == 204
