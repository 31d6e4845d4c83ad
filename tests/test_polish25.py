"""The small things of issue 25, item 13: deleting a saved rule set asks first; the
leaderboard and the group page offer a season trophy only for a year that has one."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import to_document

from . import test_browser_layout
from .test_browser_layout import shoot
from .test_print_any_rules import OURS, device_of, save

sized = test_browser_layout.sized


def between(page: str, start: str, end: str) -> str:
    at = page.index(start)
    return page[at : page.index(end, at)]


# --- deleting a saved rule set asks first ----------------------------------------------------


def test_the_delete_button_of_a_saved_rule_set_is_behind_a_question(
    app: Flask, client: FlaskClient
) -> None:
    saved = save(app, device_of(client), "Our sixes")
    page = client.get(f"/rules/saved/{saved.id}").get_data(as_text=True)
    asking = between(page, '<details class="confirm-delete">', "</details>")
    assert "<summary>Delete from this device…</summary>" in asking
    assert "its sharing link stops working" in asking
    assert "Yes, delete “Our sixes”" in asking
    # The only form that deletes is the one inside the question.
    assert page.count(f"/rules/saved/{saved.id}/delete") == 1
    deleted = client.post(f"/rules/saved/{saved.id}/delete")
    assert deleted.status_code == 303
    listed = client.get(deleted.headers["Location"]).get_data(as_text=True)
    assert "Deleted from this device." in listed and "None yet" in listed
    assert client.get(f"/rules/saved/{saved.id}").status_code == 404
    assert "Deleted from this device." not in client.get("/rules/saved").get_data(as_text=True)


@pytest.mark.browser
@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_a_person_confirms_before_a_saved_rule_set_goes(
    sized: Any, live_server: Any, size: str
) -> None:
    page = sized(size)
    page.goto(f"{live_server.url}/rules/saved")
    document = json.dumps(to_document(OURS)).encode()
    upload = {"name": "sixes.json", "mimeType": "application/json", "buffer": document}
    page.set_input_files("#import-file", files=[upload])
    page.fill("#import-name", "Our sixes")
    page.click("form[action$='/saved/import'] button[type=submit]")
    page.wait_for_url(re.compile(r"/rules/saved/\d+"))
    yes = page.get_by_role("button", name="Yes, delete “Our sixes”")
    assert not yes.is_visible()  # one tap cannot delete it
    page.click(".confirm-delete summary")
    assert yes.is_visible()
    box = yes.bounding_box()
    assert box is not None and box["height"] >= 44
    shoot(page, "saved-rules-delete-asks")
    yes.click()
    page.wait_for_url(re.compile(r"/rules/saved\?deleted=1$"))
    assert "Deleted from this device." in page.inner_text("main")
    assert "Our sixes" not in page.inner_text("main")
