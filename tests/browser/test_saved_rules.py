"""Saved rule sets in headless Chromium: "Download as a file" downloads the rule set (on the
owner's page and on the shared page) instead of replacing the page with raw JSON.

htmx boosts every link of the page (``hx-boost`` on ``<body>``): a boosted link is fetched and
swapped into the page, so a download link must opt out, as the other download links do.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper.rules.document_reader import from_document
from tests.browser.test_builder import round_opened, settled

pytestmark = pytest.mark.browser


def save_sevens(page: Any, base: str) -> str:
    """Build Liverpool with round 1 asking for a run of 7, save it as "Sevens"; the saved
    page's address."""
    page.goto(base + "/rules/build?from=liverpool")
    page.click("[data-round='1'] summary")
    round_opened(page, 0)
    page.select_option("#r0-m0-kind", "run")
    settled(page)
    page.fill("#r0-m0-length", "7")
    page.press("#r0-m0-length", "Tab")
    settled(page)
    page.fill("#builder-name", "Sevens")
    page.click("button[value=save]")
    page.wait_for_url(re.compile(r".*/rules/saved/\d+\?saved=1$"))
    return str(page.url)


def download(page: Any, tmp_path: Path) -> dict[str, Any]:
    """Click "Download as a file": a download of the rule set, the page left as it was."""
    before = page.url
    with page.expect_download() as event:
        page.click("text=Download as a file")
    file = event.value
    assert file.suggested_filename == "sevens.json"
    target = tmp_path / file.suggested_filename
    file.save_as(target)
    assert page.url == before
    expect(page.locator("h1")).to_have_text("Sevens")  # still the rules page, not raw JSON
    document: dict[str, Any] = json.loads(target.read_text(encoding="utf-8"))
    return document


def test_download_as_a_file_downloads(page: Any, live_server: Any, tmp_path: Path) -> None:
    save_sevens(page, live_server.url)
    # Saving right after typing the name aborts the live update the typing started (htmx
    # logs it); what counts here is what the download does.
    page.console_errors.clear()
    document = download(page, tmp_path)
    assert document["name"] == "Sevens"
    assert from_document(document).rounds[0].contract.describe() == "1 set and 1 run of 7"
    # The shared page (another device's view) downloads the same file.
    share_link = page.input_value("#share-link")
    page.goto(share_link)
    assert download(page, tmp_path) == document
    assert page.console_errors == []


def test_changing_saved_rules_keeps_them(page: Any, live_server: Any) -> None:
    """ "Change them", then any change: the builder used to start again from Liverpool (its
    "Start from" list had no entry for the saved rules, so the browser sent the first)."""
    save_sevens(page, live_server.url)
    page.click("text=Change them")
    expect(page.locator("#builder-base")).to_have_value("saved")
    page.click("[data-round='2'] summary")
    page.fill("#r1-dealt", "11")
    page.press("#r1-dealt", "Tab")
    settled(page)
    expect(page.locator("#builder-name")).to_have_value("Sevens")
    expect(page.locator("#r1-dealt")).to_have_value("11")
    page.click("[data-round='1'] summary")
    round_opened(page, 0)
    expect(page.locator("#r0-m0-kind")).to_have_value("run")
    expect(page.locator("#builder-summary-text")).to_contain_text("11 cards")
