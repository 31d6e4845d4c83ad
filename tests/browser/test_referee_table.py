"""The referee's lay-off in headless Chromium: choosing the round a table meld went down in,
or the kind it was laid as, judges it again at once (issue 35 §1)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_referee import settled

pytestmark = pytest.mark.browser


def test_choosing_the_table_melds_round_and_kind(page: Any, live_server: Any) -> None:
    meld = "5H+6H+7H+8H+9H+10H+JH"
    page.goto(f"{live_server.url}/referee?tool=layoff&rules=ten-phase&meld={meld}&card=2H")
    expect(page.locator("#verdict [data-verdict=no]")).to_be_visible()
    page.select_option("#ref-meld-round", "8")
    settled(page)
    expect(page.locator("#verdict [data-verdict=fits]")).to_contain_text("flush of hearts")
    page.select_option("#ref-kind", "run")
    settled(page)
    expect(page.locator("#verdict [data-verdict=no]")).to_be_visible()
    expect(page.locator("#ref-meld-round")).to_have_value("8")
    assert page.csp_violations == []


def test_choosing_a_liverpool_table_melds_kind(page: Any, live_server: Any) -> None:
    table = "group=5H+5D+5C&group=5H+6H+7H+8H+9H+10H+JH&discard=2H"
    page.goto(f"{live_server.url}/referee?tool=liverpool&rules=ten-phase&{table}")
    expect(page.locator("#verdict [data-verdict=safe]")).to_be_visible()
    page.select_option("#ref-group-kind-2", "flush")
    settled(page)
    expect(page.locator("#verdict [data-verdict=playable]")).to_be_visible()
    expect(page.locator("#ref-group-kind-2")).to_have_value("flush")
    expect(page.locator("#ref-group-kind-1")).to_have_value("")
    assert page.csp_violations == []
