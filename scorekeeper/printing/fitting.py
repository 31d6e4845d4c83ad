"""Fitting a score sheet's rows to its page, on WeasyPrint's laid-out boxes (see
:func:`.render.render_pdf`): whether the rows spill for sure, how tall the rows may be, which
tighter layout is worth trying next, and making the rows of a laid-out page taller in place
(so a sheet is laid out once at its shortest rows, then printed, not laid out again).

Terms: the **rows** are the score table's body rows, one per round (or hand); a **layout**
is a WeasyPrint document; lengths are CSS pixels unless named ``_mm``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from typing import Any

from .sheets import PAGE_MM, Sheet

PX_PER_MM = 96 / 25.4  # WeasyPrint lays out in CSS pixels
# A row someone writes a score in by pen stays at least this tall; below it, the rows go on
# over a second page (marked "continued") instead of shrinking further.
MIN_WRITING_ROW_MM = 6.5
MAX_ROW_MM = 16.0  # the tallest default row (a portrait blank sheet's)
# Tighter layouts tried in turn when a sheet (very long names or title) spills onto a
# second page.
FIT_STEPS = ("", "tight", "tighter")


# The height of a round's row on a sheet as print/sheet.css sets it (``.scores tbody tr``),
# by kind and orientation: the rows are at least this tall unless fitted.
DEFAULT_ROW_MM = {
    ("blank", "portrait"): 16.0,
    ("blank", "landscape"): 11.5,
    ("game", "portrait"): 15.0,
    ("game", "landscape"): 8.6,
}
# What each tighter layout (``fit-tight``, ``fit-tighter`` in print/sheet.css) makes smaller
# or leaves out, beyond the layout before it: the parts of these classes, and the lines of
# these tags (a title or the winners' names cut short). Nothing else changes with the fit.
FIT_CHANGES = {
    "tight": (
        frozenset({"grand", "title", "key-rules", "standings-line", "winners", "cup"}),
        frozenset({"h1", "h2"}),
    ),
    "tighter": (frozenset({"chart-box", "winners", "final-standings", "trophy"}), frozenset()),
}
# What fitted rows change besides the rows (``fit-rows``): the score table's heading and
# foot (names, totals, places).
FITTED_ROWS_CHANGE = (frozenset[str](), frozenset({"thead", "tfoot"}))


def rows_overflow_the_paper(sheet: Sheet) -> bool:
    """Whether the rows alone, at their default height, are taller than the paper: then the
    default layout spills for sure, and is not worth laying out."""
    row_mm = DEFAULT_ROW_MM.get((sheet.kind, sheet.orientation))
    short, long = PAGE_MM[sheet.paper]
    paper_mm = long if sheet.orientation == "portrait" else short
    return row_mm is not None and len(sheet.rows) * row_mm >= paper_mm


def next_fit(document: Any, tried: int | None, shortest: float) -> int | None:
    """The next layout worth trying after ``document`` (the layout of ``FIT_STEPS[tried]``
    with fitted rows, or the default one for None), as an index of ``FIT_STEPS``: the first
    whose changes could take away as much as ``document`` overflows its page (the parts it
    changes all gone, the rows at ``shortest``); None when none could."""
    spill = overflow(document)
    changes: list[tuple[frozenset[str], frozenset[str]]] = []
    rows_saving = 0.0
    if tried is None:
        changes.append(FITTED_ROWS_CHANGE)
        rows_saving = sum(max(row.height - shortest, 0.0) for row in round_rows(document))
    for step in range((tried + 1) if tried is not None else 0, len(FIT_STEPS)):
        if step > 0:
            changes.append(FIT_CHANGES[FIT_STEPS[step]])
        if spill <= rows_saving + height_of(document, changes) + 1.0:
            return step
    return None


def overflow(document: Any) -> float:
    """How much taller than its page the sheet is (CSS pixels; at most 0 on one page)."""
    used = sum(used_height(page._page_box) for page in document.pages)
    repeated = sum(header_height(page._page_box) for page in document.pages[1:])
    return used - repeated - content_height(document)


def round_rows(document: Any) -> Iterator[Any]:
    for page in document.pages:
        for box in boxes(page._page_box):
            if getattr(box, "element_tag", None) == "tbody":
                yield from box.children


def height_of(document: Any, parts: list[tuple[frozenset[str], frozenset[str]]]) -> float:
    """The height the ``parts`` (classes, tags) cover in the document, all pages together
    (a heading repeated on a later page left out: it is not part of the sheet's height)."""
    classes = frozenset().union(*(named for named, _tags in parts))
    tags = frozenset().union(*(tags for _named, tags in parts))

    def wanted(box: Any) -> bool:
        element = getattr(box, "element", None)
        if element is None:
            return False
        named = set(str(element.get("class", "")).split())
        return bool(named & classes) or getattr(box, "element_tag", None) in tags

    total = 0.0
    for number, page in enumerate(document.pages):
        found = [
            box
            for box in outermost(page._page_box, wanted)
            if number == 0 or box.element_tag != "thead"
        ]
        total += covered([(b.position_y, b.position_y + b.margin_height()) for b in found])
    return total


def covered(spans: list[tuple[float, float]]) -> float:
    """The height the vertical ``spans`` cover together (cells side by side count once).

    >>> covered([(0.0, 10.0), (0.0, 10.0), (5.0, 12.0), (20.0, 21.0)])
    13.0
    """
    total, reached = 0.0, float("-inf")
    for top, bottom in sorted(spans):
        if bottom > reached:
            total += bottom - max(top, reached)
            reached = bottom
    return total


def outermost(box: Any, wanted: Callable[[Any], bool]) -> Iterator[Any]:
    """The boxes under ``box`` that are ``wanted``, without those inside one of them."""
    stack = [box]
    while stack:
        box = stack.pop()
        if wanted(box):
            yield box
        else:
            stack.extend(getattr(box, "children", ()))


def used_height(page: Any) -> float:
    """How much of the page's content area its content takes (CSS pixels)."""
    body = next(b for b in boxes(page) if getattr(b, "element_tag", None) == "body")
    bottom = max((b.position_y + b.margin_height() for b in body.children), default=0.0)
    return max(float(bottom - body.content_box_y()), 0.0)


def header_height(page: Any) -> float:
    """The score table's heading repeated on a page after the first."""
    heads = [b for b in boxes(page) if getattr(b, "element_tag", None) == "thead"]
    return float(sum(head.margin_height() for head in heads))


def grow_rows(document: Any, height: float) -> None:
    """Make each round's row at least ``height`` (CSS pixels) tall in the laid-out page, as
    a layout with that row height would: each cell's content kept where its vertical
    alignment puts it, and everything below the rows moved down."""
    page = document.pages[0]._page_box
    body = next(b for b in boxes(page) if getattr(b, "element_tag", None) == "tbody")
    moved = 0.0
    for row in body.children:
        row.translate(dy=moved)
        extra = max(height - row.height, 0.0)
        if extra:
            row.height += extra
            for cell in row.children:
                grow_cell(cell, extra)
            moved += extra
    if moved:
        body.height += moved
        move_what_follows(page, body, moved)
    relayout_backgrounds(page)
    # The page's outline and anchors are read from the boxes: read again where they now are.
    document.pages[0] = type(document.pages[0])(page)


def relayout_backgrounds(page: Any) -> None:
    """Place the backgrounds again (WeasyPrint places them once a page is laid out, where
    the boxes were). The print stylesheet has no background images: one would be refused
    here, loudly, rather than printed in the wrong place."""
    from weasyprint.layout.background import layout_backgrounds

    def no_images(**asked: Any) -> Any:
        raise ValueError(f"a background image in a fitted sheet: {asked.get('url')!r}")

    layout_backgrounds(page, no_images)


def grow_cell(cell: Any, extra: float) -> None:
    """Lengthen a table cell by ``extra``, as WeasyPrint makes a cell as tall as its row."""
    align = cell.style["vertical_align"]
    above = extra if align == "bottom" else extra / 2 if align == "middle" else 0.0
    if above:
        cell.padding_top += above
        for child in cell.children:
            child.translate(dy=above)
    cell.padding_bottom += extra - above


def move_what_follows(page: Any, grown: Any, moved: float) -> None:
    """After ``grown`` became ``moved`` taller: its ancestors grow as much, and every box
    after it in the page moves down (the columns of its table lengthen too)."""
    path = path_to(page, grown)
    for parent, child in itertools.pairwise(path):
        if parent is page:
            continue
        if getattr(parent, "height", "auto") != "auto":
            parent.height += moved
        for group in getattr(parent, "column_groups", ()):
            for column in (group, *group.children):
                column.height += moved
        after = parent.children[parent.children.index(child) + 1 :]
        for sibling in after:
            sibling.translate(dy=moved)


def path_to(root: Any, target: Any) -> list[Any]:
    """The boxes from ``root`` down to ``target``, both included."""
    stack: list[tuple[Any, list[Any]]] = [(root, [root])]
    while stack:
        box, path = stack.pop()
        if box is target:
            return path
        stack.extend((child, [*path, child]) for child in getattr(box, "children", ()))
    raise ValueError("the box is not in the page")


def content_height(document: Any) -> float:
    """The height of the first page's content area, in CSS pixels."""
    return float(document.pages[0]._page_box.height)


def boxes(box: Any) -> Iterator[Any]:
    stack = [box]
    while stack:
        box = stack.pop()
        yield box
        stack.extend(getattr(box, "children", ()))


def row_heights(document: Any) -> tuple[float, list[float]]:
    """Of a sheet laid out on one page: the height of everything, and of each round's
    row (the score table's body rows), in CSS pixels."""
    page = document.pages[0]._page_box
    found = list(boxes(page))
    body = next(b for b in found if getattr(b, "element_tag", None) == "body")
    top = body.content_box_y()
    bottom = max((b.position_y + b.margin_height() for b in body.children), default=top)
    rows = next(b for b in found if getattr(b, "element_tag", None) == "tbody").children
    return bottom - top, [row.height for row in rows]


def row_height(total: float, rows: list[float], page_height: float) -> float | None:
    """The tallest row height (mm) at which the rows, each at least that tall or as tall as
    its content, fit ``page_height`` along with everything else; None if none does.

    Two rows of 10 px in 100 px of sheet, on a 120 px page (a pixel kept spare): rows of
    19.5 px; with a row of 30 px, the other row takes the rest (29 px); on a page shorter
    than the sheet with its rows at their smallest, none.

    >>> row_height(100.0, [10.0, 10.0], 120.0), row_height(100.0, [10.0, 30.0], 120.0)
    (5.15, 7.67)
    >>> row_height(100.0, [10.0, 10.0], 99.0) is None
    True
    """
    budget = page_height - (total - sum(rows)) - 1.0  # a pixel spare, for rounding
    if sum(rows) > budget:
        return None
    low, high = min(rows), MAX_ROW_MM * PX_PER_MM
    for _ in range(30):  # bisection: the rows' total grows with the height
        middle = (low + high) / 2
        if sum(max(row, middle) for row in rows) <= budget:
            low = middle
        else:
            high = middle
    return math.floor(low / PX_PER_MM * 100) / 100
