"""Rows fitted to the page in one layout (issue 33 §4): a sheet whose rows must be cut to fit
is laid out at its shortest rows, and the rows are then made taller in that layout, not laid
out again; the default layout is skipped when its rows alone overflow the paper; a tighter
layout is tried only when it could take away what the sheet overflows. Counted in layouts
(deterministic), not in seconds: ``benchmarks/pdf.py`` prints the CPU figures."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scorekeeper.printing import fitting, render
from scorekeeper.printing.samples import sample_game
from scorekeeper.printing.sheets import Sheet, blank_sheet, game_sheet
from scorekeeper.rules import PRESETS, resolve_rules, to_document


def rounds_of_shanghai(count: int) -> Any:
    document = to_document(PRESETS["shanghai"])
    rounds = document["rounds"]
    document["rounds"] = [copy.deepcopy(rounds[i % len(rounds)]) for i in range(count)]
    document["id"], document["name"] = f"rounds-{count}", f"Shanghai in {count} rounds"
    return resolve_rules(document)


def layouts(sheet: Sheet, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Each layout the sheet's PDF took: (fit, rows)."""
    made: list[tuple[str, Any]] = []
    real = render.render_html

    def counted(sheet: Sheet, fit: str = "", rows: render.RowFit | None = None) -> str:
        made.append((fit, rows))
        return real(sheet, fit, rows)

    monkeypatch.setattr(render, "render_html", counted)
    render.render_pdf(sheet)
    return made


def test_twenty_rounds_on_a_portrait_sheet_are_laid_out_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = layouts(blank_sheet(rounds_of_shanghai(20), 3), monkeypatch)
    assert made == [("", render.RowFit(height_mm=render.MIN_WRITING_ROW_MM))]


def test_twenty_rounds_on_a_landscape_sheet_go_on_in_three_layouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rows cannot fit: the fitted try, the tight one, then the sheet that goes on (a
    blank sheet has no chart, so "tighter" could take nothing more away)."""
    made = layouts(blank_sheet(rounds_of_shanghai(20), 8), monkeypatch)
    assert [fit for fit, _rows in made] == ["", "tight", "tighter"]
    assert made[-1][1].continued


@pytest.mark.parametrize(
    ("sheet", "most"),
    [
        pytest.param(lambda: blank_sheet(PRESETS["ten-phase"], 8), 3, id="ten-phase-blank"),
        pytest.param(
            lambda: game_sheet(sample_game("ten-phase", 8, rounds=10, seed=3)), 2,
            id="ten-phase-game",
        ),
    ],
)  # fmt: skip
def test_an_eight_player_ten_phases_sheet_is_laid_out_at_most(
    sheet: Any, most: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len(layouts(sheet(), monkeypatch)) <= most


def geometry(page: Any) -> list[tuple[str, float, float, float, float]]:
    """Every element's box on the page: its tag, place and size (rounded to 0.01 px)."""
    return [
        (box.element_tag, *(round(v, 2) for v in (box.position_x, box.position_y,
                                                  box.width, box.height)))
        for box in fitting.boxes(page._page_box)
        if getattr(box, "element_tag", None) and isinstance(box.height, float | int)
    ]  # fmt: skip


@pytest.mark.parametrize(
    "sheet",
    [
        pytest.param(lambda: blank_sheet(rounds_of_shanghai(20), 3), id="blank-20-rounds"),
        pytest.param(
            lambda: game_sheet(sample_game("ten-phase", 8, rounds=10, seed=3)),
            id="ten-phase-game",
        ),
    ],
)
def test_rows_made_taller_in_place_are_where_a_layout_puts_them(sheet: Any) -> None:
    """Growing the rows of a laid-out page puts every box where laying the sheet out with
    rows of that height does: the same page, one layout fewer."""
    made = sheet()
    draw = render._Renderer(made, None)
    shortest = 0.0 if made.finished else render.MIN_WRITING_ROW_MM
    grown = draw("", render.RowFit(height_mm=shortest))
    height = fitting.row_height(*fitting.row_heights(grown), fitting.content_height(grown))
    assert height is not None and height > shortest
    height = min(height, render.MAX_ROW_MM)
    fitting.grow_rows(grown, height * render.PX_PER_MM)
    laid_out = draw("", render.RowFit(height_mm=height))
    assert len(laid_out.pages) == len(grown.pages) == 1
    assert geometry(grown.pages[0]) == geometry(laid_out.pages[0])
