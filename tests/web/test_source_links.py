"""A rule set's summary links the web addresses of its sources, each ending where the address
does: the punctuation after it in the sentence ("…/wiki/Kalooki; …") stays out of the link."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.rulesets import RuleSet
from scorekeeper.web.referee import linked_sources

CITING = [rules for rules in PRESETS.values() if "http" in rules.summary]


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href") or ""
        if tag == "a" and href.startswith("http"):
            self.addresses.append(href)


@pytest.mark.parametrize("rules", CITING, ids=[r.id for r in CITING])
def test_each_source_address_is_linked_as_written(client: FlaskClient, rules: RuleSet) -> None:
    summary = rules.summary
    cited = [a.rstrip(".,;:!?)]") for a in re.findall(r"https?://[^\s<>\"]+", summary)]
    page = client.get(f"/rules/{rules.id}")
    assert page.status_code == 200
    links = Links()
    links.feed(page.get_data(as_text=True))
    assert cited and set(cited) <= set(links.addresses)
    assert not [a for a in links.addresses if a[-1] in ".,;:!?)]"]


def test_the_rest_of_a_summary_is_escaped() -> None:
    html = str(linked_sources('<b>Ours</b> (see https://a.example/x?y=1&z=2). "Done"'))
    assert html.startswith("&lt;b&gt;Ours&lt;/b&gt; (see <a href=")
    assert 'href="https://a.example/x?y=1&amp;z=2"' in html
    assert html.endswith("</a>). &#34;Done&#34;")
