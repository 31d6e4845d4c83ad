"""The referee (issue 25): the end of a run a card is laid off on is chosen on the page, the
Rules list holds this device's saved rule sets beside the presets, and each preset's rules
page judges examples from its own contracts."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db import write_session
from scorekeeper.games import saved_rules
from tests.browser import test_layout as test_browser_layout
from tests.browser.test_layout import shoot
from tests.printing.test_print_any_rules import OURS, device_of


def text_of(html: str, start: str) -> str:
    part = html[html.index(start) :]
    return " ".join(re.sub(r"<[^>]+>", " ", part).split())


def test_the_end_of_a_run_a_card_is_laid_off_on_is_chosen(client: FlaskClient) -> None:
    form = {"meld": "5H 6H 7H 8H", "card": "JK"}
    page = client.post("/referee?tool=layoff", data=form).get_data(as_text=True)
    assert 'name="end" value="low"' in page  # it fits at both ends: the choice is offered
    assert "goes on the high end of the run 5♥-8♥, standing for 9♥" in text_of(page, 'id="verdict"')
    page = client.post("/referee?tool=layoff", data=form | {"end": "low"}).get_data(as_text=True)
    verdict = text_of(page, 'id="verdict"')
    assert "goes on the low end of the run 5♥-8♥, standing for 4♥" in verdict
    assert re.search(r'value="low" checked', page)
    # A natural card that goes on one end only: the other end is refused, saying where.
    page = client.post(
        "/referee?tool=layoff", data={"meld": "5H 6H 7H 8H", "card": "9H", "end": "low"}
    ).get_data(as_text=True)
    assert "does not go on the low end of the run 5♥-8♥: only on the high end" in text_of(
        page, 'id="verdict"'
    )
    # A set has no ends: no choice.
    page = client.post("/referee?tool=layoff", data={"meld": "7H 7C 7S", "card": "7D"})
    assert 'name="end"' not in page.get_data(as_text=True)


def test_the_referee_offers_this_devices_saved_rule_sets(app: Flask, client: FlaskClient) -> None:
    with app.app_context(), write_session() as session:
        saved = saved_rules.save_rules(session, device_of(client), "Our sixes", OURS)
    page = client.get("/referee").get_data(as_text=True)
    select = page[
        page.index('id="ref-rules"') : page.index("</select>", page.index('id="ref-rules"'))
    ]
    assert '<optgroup label="Saved on this device">' in select
    assert f'<option value="saved:{saved.id}">Our sixes</option>' in select
    chosen = client.get(f"/referee?rules=saved:{saved.id}").get_data(as_text=True)
    assert "1: 1 run of 9</option>" in chosen  # its own rounds to judge by
    assert f'href="/rules/saved/{saved.id}">Rules</a>' in chosen
    answer = client.post(
        f"/referee?tool=contract&rules=saved:{saved.id}",
        data={"rules": f"saved:{saved.id}", "round": "1", "group": "3S 4S 5S 6S 7S 8S 9S 10S JS"},
    ).get_data(as_text=True)
    assert 'data-verdict="legal"' in answer
    stranger = client.application.test_client().get(f"/referee?rules=saved:{saved.id}")
    assert stranger.status_code == 400
    assert "no such rule set on this device" in stranger.get_data(as_text=True)


def test_each_presets_rules_page_judges_its_own_contracts(client: FlaskClient) -> None:
    page = text_of(client.get("/rules/shanghai").get_data(as_text=True), "<main")
    for note in (
        "round 5, 1 set and 1 run of 7",
        "round 10, 3 runs of 5",
        "round 8, 1 set and 1 run of 10",
    ):
        assert note in page
    run_of_seven = page[page.index("round 5, 1 set and 1 run of 7") :][:200]
    assert "Legal:" in run_of_seven and "run" in run_of_seven
    liverpool = text_of(client.get("/rules/liverpool").get_data(as_text=True), "<main")
    assert "run of 7" not in liverpool  # its runs are all of 4


sized = test_browser_layout.sized


@pytest.mark.browser
@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_a_finger_chooses_the_end_on_the_page(sized: Any, live_server: Any, size: str) -> None:
    page = sized(size)
    page.goto(f"{live_server.url}/referee?tool=layoff")
    page.fill("#slot-meld", "5H 6H 7H 8H")
    page.click("button[name=select][value=card]")
    page.click(".ref-picker [value=JK]")
    page.wait_for_selector(".ref-ends")
    assert "high end" in page.inner_text("#verdict")
    label = page.locator(".ref-ends label", has_text="The low end")
    box = label.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    label.click()
    page.wait_for_function(
        "() => document.querySelector('#verdict').innerText.includes('standing for 4♥')"
    )
    assert "goes on the low end" in page.inner_text("#verdict")
    assert page.locator(".ref-ends input[value=low]").is_checked()
    shoot(page, "referee-layoff-end")


def test_a_rules_page_without_jokers_has_no_joker_points(client: FlaskClient) -> None:
    sixes = text_of(client.get("/rules/deuces-six").get_data(as_text=True), "<main")
    assert "Joker 25" not in sixes and "A-2 25 · 3-9 5 · 10 J Q K 10." in sixes
    assert "Joker" in text_of(client.get("/rules/liverpool").get_data(as_text=True), "<main")
