"""PDF score sheets: what they say (read back with pypdf), their pages, their safety, the
routes, the cache and the command line."""

from __future__ import annotations

import io
import json
import logging
import math
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper import games
from scorekeeper.cli import main as cli_main
from scorekeeper.db import get_engine, write_session
from scorekeeper.errors import Conflict
from scorekeeper.games import PlayerResult, RoundInput
from scorekeeper.printing import (
    render,
    render_blank_sheet,
    render_game_sheet,
    render_trophy,
    sheets,
)
from scorekeeper.printing.sheets import key_rules, points_text
from scorekeeper.rules import PRESETS, RuleSet
from tests.conftest import GameBuilder

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
NAMES = ["Ann", "Bob", "Carmen", "Dev", "Elena", "Farid", "Grandma Rose", "Hiro"]
MARKS = re.compile(r"(?<!\S)(?:D|★|✂)(?!\S)|[★✂]")


# --- helpers ------------------------------------------------------------------------------


def read_pdf(pdf: bytes) -> PdfReader:
    assert pdf.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(pdf))


def one_page_text(pdf: bytes) -> str:
    """The text of a one-page PDF, whitespace collapsed (cells wrap anywhere)."""
    reader = read_pdf(pdf)
    assert len(reader.pages) == 1
    return " ".join(reader.pages[0].extract_text().split())


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def page_size(pdf: bytes) -> tuple[float, float]:
    box = read_pdf(pdf).pages[0].mediabox
    return float(box.width), float(box.height)


def same_size(found: tuple[float, float], expected: tuple[float, float]) -> bool:
    return all(math.isclose(a, b, abs_tol=1) for a, b in zip(found, expected, strict=True))


def counts_for(rules: RuleSet) -> list[int]:
    return [max(2, rules.min_players), min(8, rules.max_players)]


def made_up_points(rules: RuleSet, players: int, seed: int) -> list[list[int]]:
    """One row per round: seat ``(round + seed) % players`` goes out, the others score
    multiples of the point table's step."""
    step = math.gcd(*rules.point_table.rank_points, rules.point_table.joker)
    rows = []
    for number in range(1, rules.round_count + 1):
        out = (number + seed) % players
        rows.append(
            [0 if seat == out else step * (1 + (seat * 7 + number * 3 + seed) % 17) for seat in
             range(players)]
        )  # fmt: skip
    return rows


def round_numbers(text: str, view_rules: RuleSet, number: int) -> list[str]:
    """The numbers printed in round ``number``'s row, marks left out."""
    contract = view_rules.round(number).contract.describe(words=True)
    start = text.index(f"{number} {contract} ")
    following = (
        f"{number + 1} {view_rules.round(number + 1).contract.describe(words=True)} "
        if number < view_rules.round_count
        else "TOTAL"
    )
    row = text[start : text.index(following, start + 1)]
    row = row.split("dealt", 1)[1]
    return re.findall(r"−?\d+", MARKS.sub(" ", row))


# --- blank sheets -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_blank_sheet_for_every_preset_and_2_and_8_players(preset: str) -> None:
    rules = PRESETS[preset]
    for players in counts_for(rules):
        pdf = render_blank_sheet(rules, players)
        text = one_page_text(pdf)
        assert rules.name in text
        for number, spec in enumerate(rules.rounds, start=1):
            # A phase game's sheet lists its phases in order (its rows are hands, with no deal).
            dealt = "" if rules.phased else f" {spec.cards_dealt} cards"
            assert squeezed(f"{number} {spec.contract.describe(words=True)}{dealt}") in squeezed(
                text
            )
        assert text.count("Points Total".upper()) == 1 or text.count("POINTS TOTAL") == players
        key = rules.point_table.describe(rules.uses_jokers)
        for label, value in (p.rpartition(" ")[::2] for p in key.split(" · ")):
            assert f"{label} {value}" in text
        for line in key_rules(rules, players):
            assert squeezed(line) in squeezed(text)
        assert "DATE" in text
        for seat in range(1, players + 1):
            assert f"Player {seat}" in text
        expected = A4 if players <= 5 else A4[::-1]
        assert same_size(page_size(pdf), expected), (preset, players)


def test_blank_sheet_with_names_on_letter_paper() -> None:
    pdf = render_blank_sheet(PRESETS["family"], ["Ann", "", "Grandma Rose"], paper="Letter",
                             title="Thanksgiving")  # fmt: skip
    text = one_page_text(pdf)
    assert "Thanksgiving" in text
    assert "Ann" in text and "Grandma Rose" in text and "Player 2" in text
    assert same_size(page_size(pdf), LETTER)


@pytest.mark.parametrize(
    ("players", "orientation", "landscape"),
    [(5, None, False), (6, None, True), (8, "portrait", False), (2, "landscape", True)],
)
def test_orientation_follows_the_player_count_unless_asked(
    players: int, orientation: str | None, landscape: bool
) -> None:
    for paper, size in (("A4", A4), ("letter", LETTER)):
        pdf = render_blank_sheet(PRESETS["liverpool"], players, paper, orientation)
        expected = size[::-1] if landscape else size
        assert same_size(page_size(pdf), expected)
        assert len(read_pdf(pdf).pages) == 1


def test_blank_sheet_refuses_bad_requests() -> None:
    from scorekeeper.errors import Invalid
    from scorekeeper.rules import RulesError

    with pytest.raises(RulesError, match="2 to 8 players, not 9"):
        render_blank_sheet(PRESETS["liverpool"], 9)
    with pytest.raises(RulesError, match="3 to 8 players, not 2"):
        render_blank_sheet(PRESETS["family"], 2)
    with pytest.raises(Invalid, match="A4 or Letter"):
        render_blank_sheet(PRESETS["liverpool"], 4, paper="A3")
    with pytest.raises(Invalid, match="portrait or landscape"):
        render_blank_sheet(PRESETS["liverpool"], 4, orientation="sideways")


# --- game sheets and trophies -------------------------------------------------------------


# Phase games' sheets and trophies: tests/printing/test_phase_sheets.py.
@pytest.mark.parametrize("preset", [p for p in PRESETS if not PRESETS[p].phased])
def test_game_sheet_and_trophy_show_the_right_scores(
    app: Flask, preset: str, new_game: GameBuilder
) -> None:
    rules = PRESETS[preset]
    for players in counts_for(rules):
        names = NAMES[:players]
        points = made_up_points(rules, players, seed=players)
        view = new_game(app, names, points, rules=preset, went_out=0, title=f"{preset} night")
        text = one_page_text(render_game_sheet(view))
        assert f"{preset} night" in text
        for name in names:
            assert name in text
        running = [0] * players
        for number, row in enumerate(points, start=1):
            expected: list[str] = []
            for seat, value in enumerate(row):
                running[seat] += value
                expected += [points_text(value), points_text(running[seat])]
            assert round_numbers(text, rules, number) == expected, (preset, players, number)
        # A finished sheet: each place beside its total, no column labels to write under.
        places = sheets.game_sheet(view).places
        totals = " ".join(f"{points_text(t)} {p}" for t, p in zip(view.totals, places, strict=True))
        assert f"TOTAL {totals} " in text
        assert "POINTS TOTAL" not in text and " PLACE " not in text
        assert "Each player: points, then running total (shaded)" in text
        assert "Final scores" in text

        trophy = one_page_text(render_trophy(view))
        winners = [names[seat] for seat in view.winners]
        assert ("SHARED WINNERS" if len(winners) > 1 else "WINNER") in trophy
        for standing in view.standings:
            assert f"{names[standing.seat]} " in trophy
        best = min(view.totals)
        assert f"{points_text(best)} points" in trophy
        assert rules.name.upper() in trophy


def test_game_in_progress_marks_dealer_out_and_cut_and_leaves_later_rounds_blank(
    app: Flask,
    new_game: GameBuilder,
) -> None:
    points = [[0, 20, 35, 40], [15, 0, 20, 10]]
    view = new_game(app, NAMES[:4], points, went_out=0, cut_rounds=(2,))
    pdf = render_game_sheet(view, paper="Letter")
    text = one_page_text(pdf)
    assert same_size(page_size(pdf), LETTER)
    assert "After round 2 of 7" in text
    # Round 1: Ann deals and goes out. Round 2: Bob deals and goes out, Ann cuts exactly.
    assert "1 Two sets 10 cards dealt D ★ 0 0 20 20 35 35 40 40" in text
    assert "2 One set and one run 10 cards dealt ✂ −35 −35 D ★ 0 20 20 55 10 50" in text
    assert "TOTAL −35 20 55 50" in text
    assert "3 Two runs 10 cards dealt D 4 Three sets" in text  # Carmen deals round 3
    assert "exact cut (−50, included)" in text
    with pytest.raises(Conflict, match="2 of 7 rounds"):
        render_trophy(view)


def test_trophy_for_shared_winners(app: Flask, new_game: GameBuilder) -> None:
    points = [[0, 10, 20], [10, 0, 30], [20, 20, 0], [10, 0, 20], [0, 10, 5], [5, 5, 0],
              [0, 0, 5]]  # fmt: skip
    points[-1] = [5, 5, 0]
    view = new_game(
        app, ["Ann", "Bob", "Cy"], points, rules="contract-rummy", went_out=0, title="Tie!"
    )
    assert view.winners == (0, 1)
    text = one_page_text(render_trophy(view))
    assert "SHARED WINNERS" in text
    assert "Ann" in text and "Bob" in text
    assert "on 50 points each" in text
    assert "1st Ann" in text and "1st Bob" in text and "3rd Cy" in text


# --- safety -------------------------------------------------------------------------------


class Listener:
    """A TCP listener on 127.0.0.1 that records any connection made to it."""

    def __init__(self) -> None:
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(5)
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while self.running:
            try:
                connection, _address = self.socket.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            connection.close()

    def close(self) -> None:
        self.running = False
        self.thread.join(timeout=2)
        self.socket.close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    server = Listener()
    yield server
    server.close()


def test_names_and_titles_are_text_and_nothing_is_fetched(
    app: Flask, listener: Listener, monkeypatch: pytest.MonkeyPatch, new_game: GameBuilder
) -> None:
    requested: list[str] = []
    real_make_fetcher = render.make_fetcher

    def recording_fetcher(record: object = None) -> object:
        return real_make_fetcher(requested.append)

    monkeypatch.setattr(render, "make_fetcher", recording_fetcher)
    render._resources.stylesheet = None  # parse the stylesheet again, with recording
    img = '<img src="file:///etc/passwd">'
    imports = [
        "@import url(http://127.0.0.1:9/x)",
        f"@import url(http://127.0.0.1:{listener.port}/x)",
    ]
    long_names = ["W" * 200, "Bartholomew " * 16 + "Smythe-Jones"[: 200 - 16 * 12]]
    names = [
        img,
        *imports,
        *long_names,
        f'<link rel="stylesheet" href="http://127.0.0.1:{listener.port}/s.css">',
    ][:6]
    names = [n[:200] for n in names]
    title = f'{img} <style>{imports[1]}</style> <svg><image href="http://127.0.0.1:{listener.port}/i.png"/></svg>'[
        :200
    ]
    points = made_up_points(PRESETS["liverpool"], len(names), seed=1)
    view = new_game(app, names, points, went_out=0, title=title)
    pdfs = {
        "blank": render_blank_sheet(view.rules, list(view.players), title=view.title),
        "game": render_game_sheet(view),
        "trophy": render_trophy(view),
    }
    for kind, pdf in pdfs.items():
        text = squeezed(one_page_text(pdf))
        assert squeezed(img) in text, kind
        for name in view.players:
            # Long names are clamped to two lines in the score table's header (the only
            # place a blank sheet shows them) and cut short with an ellipsis in the tighter
            # layouts that keep a sheet on one page; the markup-like names are always there.
            limit = 30 if kind == "blank" else 60
            shown = name if len(name) <= limit else name[:12]
            assert squeezed(shown) in text, (kind, name[:30])
        assert "root:" not in text
    assert all(render.asset_path(render.print_dir(), url) for url in requested), requested
    assert not [url for url in requested if not url.startswith("file:")]
    assert listener.connections == 0


def test_the_url_fetcher_serves_print_assets_only() -> None:
    fetcher = render.make_fetcher()
    css = render.print_dir() / "sheet.css"
    response = fetcher.fetch(css.as_uri())
    assert response.read().startswith(b"/*")
    for url in [
        "file:///etc/passwd",
        (render.print_dir() / ".." / "pyproject.toml").as_uri(),
        "http://127.0.0.1:9/x",
        "https://example.com/x.css",
        "data:text/css,body{}",
        "ftp://127.0.0.1/x",
        "file://otherhost" + str(css),
    ]:
        with pytest.raises(render.PrintFetchRefused):
            fetcher.fetch(url)


def test_eight_players_with_200_character_names_stay_on_one_page(
    app: Flask, new_game: GameBuilder
) -> None:
    names = [f"{seat}" + "Maximiliana-" * 20 for seat in range(8)]
    names = [n[:200] for n in names]
    points = made_up_points(PRESETS["liverpool"], 8, 2)
    view = new_game(app, names, points, went_out=0, title="T" * 200)
    for pdf in (
        render_blank_sheet(view.rules, list(names)),
        render_game_sheet(view),
        render_game_sheet(view, paper="Letter", orientation="portrait"),
        render_trophy(view),
    ):
        assert len(read_pdf(pdf).pages) == 1


@pytest.mark.parametrize("kind", ["blank", "game", "trophy"])
def test_xml_and_html5_parsers_make_the_same_pdf(kind: str) -> None:
    """Every template writes well-formed XML (so the fast parser is used), and the page it
    makes is the one WeasyPrint's own HTML5 parser makes, word for word and box for box."""
    from xml.etree import ElementTree

    from scorekeeper.printing.samples import sample_game

    view = sample_game("liverpool", ["Ann & <b>Bob</b>", "Cy \"C\" O'Neil", "Dee"], seed=4,
                       title="Tom & Jerry's <night>", cut_bonus_rounds=(2,))  # fmt: skip
    sheet = {
        "blank": lambda: sheets.blank_sheet(view.rules, list(view.players), title=view.title),
        "game": lambda: sheets.game_sheet(view),
        "trophy": lambda: sheets.trophy_sheet(view),
    }[kind]()
    markup = render.render_html(sheet)
    ElementTree.fromstring(markup)  # raises if a template stops being well-formed XML
    stylesheet, font_config = render._prepared()
    base_url = (render.print_dir() / render.TEMPLATES[kind]).as_uri()
    documents = [
        render.parse_html(markup, base_url, render.make_fetcher(), fast=fast).render(
            stylesheets=[stylesheet], font_config=font_config
        )
        for fast in (True, False)
    ]
    assert type(documents[0]) is type(documents[1])
    fast_pdf, html5_pdf = (document.write_pdf() for document in documents)
    assert one_page_text(fast_pdf) == one_page_text(html5_pdf)
    assert "Tom & Jerry's <night>" in one_page_text(fast_pdf)

    def boxes(document: object) -> list[tuple[str, float, float, float, float]]:
        found = []
        stack = [document.pages[0]._page_box]  # type: ignore[attr-defined]
        while stack:
            box = stack.pop()
            found.append((type(box).__name__, box.position_x, box.position_y, box.width,
                          box.height))  # fmt: skip
            stack.extend(getattr(box, "children", ()))
        return found

    assert boxes(documents[0]) == boxes(documents[1])


def test_markup_that_is_not_xml_falls_back_to_the_html5_parser() -> None:
    from weasyprint import HTML

    html = render.parse_html("<p>one<br>two &nbsp;</p>", "file:///x.html", None)
    assert type(html) is HTML


def test_the_garbage_collector_is_paused_only_while_rendering(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    seen: list[bool] = []
    real_render_html = render.render_html

    def watching(sheet: render.Sheet, fit: str = "", rows: render.RowFit | None = None) -> str:
        seen.append(gc.isenabled())
        return real_render_html(sheet, fit, rows)

    monkeypatch.setattr(render, "render_html", watching)
    assert gc.isenabled()
    threads = [
        threading.Thread(target=render_blank_sheet, args=(PRESETS["liverpool"], players))
        for players in (3, 8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [False, False]
    assert gc.isenabled()
    gc.disable()
    try:
        render_blank_sheet(PRESETS["liverpool"], 4)
        assert not gc.isenabled()  # left as it was found
    finally:
        gc.enable()


def test_missing_harfbuzz_subset_is_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(render.ctypes.util, "find_library", lambda name: None)
    render.harfbuzz_subset_available.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger=render.log.name):
            assert render.harfbuzz_subset_available() is False
        assert "libharfbuzz-subset0" in caplog.text
    finally:
        render.harfbuzz_subset_available.cache_clear()


LIBRARY_PROBE = """
import json, subprocess, sys
spawned = []
popen_init = subprocess.Popen.__init__
def recording_init(self, args, *more, **options):
    spawned.append(str(args[0] if isinstance(args, (list, tuple)) else args))
    popen_init(self, args, *more, **options)
subprocess.Popen.__init__ = recording_init
if sys.argv[1] == "app":
    from scorekeeper.printing.render import load_weasyprint
    load_weasyprint()
else:
    import weasyprint
from weasyprint.text import ffi
names = ("gobject", "pango", "harfbuzz", "harfbuzz_subset", "harfbuzz_vector", "fontconfig",
         "pangoft2")
loaded = {name: getattr(ffi, name, None) is not None for name in names}
print(json.dumps({"loaded": loaded, "spawned": spawned}))
"""


def test_weasyprint_loads_the_same_libraries_without_running_a_compiler() -> None:
    """``load_weasyprint`` looks library names up in the linker's cache: the libraries loaded
    are those of a plain ``import weasyprint``, without its runs of gcc and ld."""

    def probe(how: str) -> dict[str, Any]:
        output = subprocess.run(
            [sys.executable, "-c", LIBRARY_PROBE, how], capture_output=True, text=True, check=True
        ).stdout
        result: dict[str, Any] = json.loads(output.splitlines()[-1])
        return result

    plain, app = probe("plain"), probe("app")
    assert app["loaded"] == plain["loaded"]
    assert app["loaded"]["pango"] and app["loaded"]["harfbuzz_subset"]
    assert {Path(program).name for program in app["spawned"]} <= {"ldconfig"}


# --- routes -------------------------------------------------------------------------------


def test_blank_route(client: FlaskClient) -> None:
    response = client.get("/print/blank.pdf?preset=liverpool&players=4")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"] == (
        'inline; filename="liverpool-4-players-score-sheet.pdf"'
    )
    assert response.headers["Cache-Control"] == "public, max-age=86400"
    assert "Player 4" in one_page_text(response.data)
    etag = response.headers["ETag"]
    again = client.get(
        "/print/blank.pdf?preset=liverpool&players=4", headers={"If-None-Match": etag}
    )
    assert again.status_code == 304

    named = client.get("/print/blank.pdf?preset=family&names=Ann&names=Bob&names=Cy&paper=Letter")
    assert named.status_code == 200
    text = one_page_text(named.data)
    assert "Ann" in text and "Cy" in text and "Family Liverpool" in text
    assert same_size(page_size(named.data), LETTER)
    wide = client.get("/print/blank.pdf?players=3&orientation=landscape")
    assert same_size(page_size(wide.data), A4[::-1])


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("players=9", "2 to 8 players"),
        ("players=x", "players must be a number"),
        ("players=1", "2 to 8 players"),
        ("preset=poker", "no rule set"),
        ("paper=A3", "A4 or Letter"),
        ("orientation=sideways", "portrait, landscape or auto"),
        ("players=2&names=A&names=B&names=C", "3 names were given for 2 players"),
        ("preset=family&players=2", "3 to 8 players"),
        ("paper=A4&paper=Letter", "once"),
    ],
)
def test_blank_route_bad_parameters(client: FlaskClient, query: str, message: str) -> None:
    response = client.get(f"/print/blank.pdf?{query}", headers={"Accept": "application/json"})
    assert response.status_code == 400
    assert message in response.get_json()["error"]


def test_game_routes(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, new_game: GameBuilder
) -> None:
    from scorekeeper.web import printing as web_printing

    points = made_up_points(PRESETS["liverpool"], 3, seed=0)
    view = new_game(app, ["Ann", "Bob", "Cy"], points[:3], went_out=0, title="Gran's 80th")
    sheet = client.get(f"/games/{view.id}/sheet.pdf")
    assert sheet.status_code == 200
    assert sheet.mimetype == "application/pdf"
    assert sheet.headers["Content-Disposition"] == 'inline; filename="gran-s-80th-score-sheet.pdf"'
    assert sheet.headers["Cache-Control"] == "private, no-cache"
    assert f"-v{view.version}-" in sheet.headers["ETag"]
    assert "After round 3 of 7" in one_page_text(sheet.data)

    unfinished = client.get(f"/games/{view.id}/trophy.pdf", headers={"Accept": "application/json"})
    assert unfinished.status_code == 409
    assert "finished game" in unfinished.get_json()["error"]

    # Served again from the cache (no render), or as a 304.
    monkeypatch.setattr(web_printing, "render_pdf", lambda sheet: pytest.fail("rendered again"))
    cached = client.get(f"/games/{view.id}/sheet.pdf")
    assert cached.data == sheet.data
    assert cached.headers["Content-Disposition"] == sheet.headers["Content-Disposition"]
    revalidated = client.get(
        f"/games/{view.id}/sheet.pdf", headers={"If-None-Match": sheet.headers["ETag"]}
    )
    assert revalidated.status_code == 304
    assert list((Path(app.instance_path) / "pdf-cache" / view.id).glob("game-A4-auto-v*.pdf"))
    monkeypatch.undo()

    # Rendering happens with no database connection held.
    engine = get_engine(app)
    seen: list[int] = []
    real_render = web_printing.render_pdf

    def watching_render(sheet_data: object) -> bytes:
        seen.append(engine.pool.checkedout())
        return real_render(sheet_data)  # type: ignore[arg-type]

    monkeypatch.setattr(web_printing, "render_pdf", watching_render)
    for number in range(4, 8):
        out = points[number - 1].index(0)
        results = tuple(
            PlayerResult(went_out=True) if seat == out else PlayerResult(points=p)
            for seat, p in enumerate(points[number - 1])
        )
        with write_session(engine) as session:
            games.add_round(session, view.id, number, RoundInput(results))
    newer = client.get(f"/games/{view.id}/sheet.pdf")
    assert newer.status_code == 200 and newer.data != sheet.data
    assert "Final scores" in one_page_text(newer.data)
    trophy = client.get(f"/games/{view.id}/trophy.pdf?paper=Letter")
    assert trophy.status_code == 200
    assert trophy.headers["Content-Disposition"] == 'inline; filename="gran-s-80th-trophy.pdf"'
    assert same_size(page_size(trophy.data), LETTER)
    assert seen == [0, 0]
    # The older version's file was replaced.
    files = list((Path(app.instance_path) / "pdf-cache" / view.id).glob("game-A4-auto-v*.pdf"))
    assert len(files) == 1 and f"-v{view.version + 4}-" in files[0].name


@pytest.mark.parametrize(
    "path",
    [
        "/games/AAAAAAAAAAAAAAAAAAAAAA/sheet.pdf",
        "/games/AAAAAAAAAAAAAAAAAAAAAA/trophy.pdf",
        "/games/short/sheet.pdf",
        "/games/..%2F..%2Fetc%2Fpasswd0000000/sheet.pdf",
    ],
)
def test_unknown_game_is_404(client: FlaskClient, path: str) -> None:
    response = client.get(path, headers={"Accept": "application/json"})
    assert response.status_code == 404


def test_bad_paper_for_a_game_is_400(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    view = new_game(app, ["Ann", "Bob"])
    response = client.get(f"/games/{view.id}/sheet.pdf?paper=tabloid")
    assert response.status_code == 400
    assert b"A4 or Letter" in response.data


def test_endpoint_names(app: Flask) -> None:
    with app.test_request_context():
        from flask import url_for

        assert url_for("printing.blank", preset="liverpool", players=4) == (
            "/print/blank.pdf?preset=liverpool&players=4"
        )
        assert url_for("printing.game_sheet", game_id="x" * 22) == f"/games/{'x' * 22}/sheet.pdf"
        assert url_for("printing.trophy", game_id="x" * 22) == f"/games/{'x' * 22}/trophy.pdf"


def test_blank_form_fragment_renders(app: Flask) -> None:
    with app.test_request_context():
        from flask import render_template

        html = render_template("printing/_blank_form.html")
    assert 'action="/print/blank.pdf"' in html
    assert "<script" not in html and "style=" not in html
    for preset in PRESETS:
        assert f'value="{preset}"' in html


# --- command line -------------------------------------------------------------------------


def test_cli_writes_pdfs(
    app: Flask, tmp_path: Path, capsys: pytest.CaptureFixture[str], new_game: GameBuilder
) -> None:
    blank = tmp_path / "sheet.pdf"
    assert (
        cli_main(["print", "blank", "--preset", "liverpool", "--players", "4", "-o", str(blank)])
        == 0
    )
    assert "Player 4" in one_page_text(blank.read_bytes())

    url = app.config["DATABASE_URL"]
    points = made_up_points(PRESETS["liverpool"], 2, seed=3)
    view = new_game(app, ["Ann", "Bob"], points, went_out=0, title="CLI game")
    game_pdf, trophy_pdf = tmp_path / "game.pdf", tmp_path / "trophy.pdf"
    # By link, and by id after "--" (an id may begin with "-", which argparse takes for an option).
    link = f"http://127.0.0.1:8000/games/{view.id}/watch"
    assert cli_main(["--database-url", url, "print", "game", link, "-o", str(game_pdf)]) == 0
    assert "CLI game" in one_page_text(game_pdf.read_bytes())
    trophy_args = ["print", "trophy", "-o", str(trophy_pdf), "--", view.id]
    assert cli_main(["--database-url", url, *trophy_args]) == 0
    assert "WINNER" in one_page_text(trophy_pdf.read_bytes())

    unfinished = new_game(app, ["Ann", "Bob"], points[:1], went_out=0)
    assert (
        cli_main(
            [
                "--database-url",
                url,
                "print",
                "trophy",
                "-o",
                str(tmp_path / "x.pdf"),
                "--",
                unfinished.id,
            ]
        )
        == 2
    )
    assert "finished game" in capsys.readouterr().err
    assert cli_main(["--database-url", url, "print", "game", "A" * 22]) == 2
    assert cli_main(["print", "blank", "--players", "9"]) == 2


def test_cli_prints_a_game_without_building_the_app(
    app: Flask,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    new_game: GameBuilder,
) -> None:
    """``print game|trophy`` read the database through the game service: no Flask app is built,
    and the database is found as the app finds it (here SCOREKEEPER_DATABASE_URL)."""
    points = made_up_points(PRESETS["liverpool"], 2, seed=1)
    view = new_game(app, ["Ann", "Bob"], points, went_out=0, title="No app here")

    def no_app(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("a Flask app was built")

    monkeypatch.setattr(Flask, "__init__", no_app)
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", app.config["DATABASE_URL"])
    game_pdf, trophy_pdf = tmp_path / "game.pdf", tmp_path / "trophy.pdf"
    assert cli_main(["print", "game", "-o", str(game_pdf), "--", view.id]) == 0
    assert "No app here" in one_page_text(game_pdf.read_bytes())
    assert cli_main(["print", "trophy", "-o", str(trophy_pdf), "--", view.id]) == 0
    assert "WINNER" in one_page_text(trophy_pdf.read_bytes())

    missing = tmp_path / "elsewhere.sqlite3"
    assert cli_main(["--database-url", f"sqlite:///{missing}", "print", "game", view.id]) == 2
    assert f"there is no database at {missing}" in capsys.readouterr().err
    assert not missing.exists()  # not created empty by looking


def test_cli_finds_the_database_as_the_app_does(monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.printing.cli import database_url, instance_path

    assert instance_path() == Flask("scorekeeper", instance_relative_config=True).instance_path
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    assert database_url() == f"sqlite:///{Path(instance_path()) / 'scorekeeper.sqlite3'}"
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", "postgres://scores@db/scores")
    assert database_url() == "postgresql+psycopg://scores@db/scores"
    assert database_url("sqlite:///given.sqlite3") == "sqlite:///given.sqlite3"
