"""Turning a :class:`~.sheets.Sheet` into PDF bytes: Jinja templates and print CSS from
``print/``, laid out by WeasyPrint.

Safety: player names and titles are user text. The print templates have their own Jinja
environment with autoescaping on, and WeasyPrint gets a URL fetcher
(:class:`PrintAssetFetcher`) that serves only files inside ``print/`` and refuses everything
else (``file:`` elsewhere, ``http:``, ``https:``, ``data:``, ``ftp:``...), so nothing in a
name can make the renderer read a file or reach the network.

Speed: the stylesheet is parsed once per thread and reused with the same font
configuration; fonts are subset by HarfBuzz when ``libharfbuzz-subset0`` is installed (about
3x faster than the fontTools fallback, which is logged as a warning). The templates write
well-formed XML, so the page is parsed by the C XML parser (under a millisecond) rather than
WeasyPrint's pure-Python HTML5 parser (about 15 ms for an 8-player game sheet); markup that
is not well-formed XML (a name with a character XML forbids) falls back to the HTML5 parser.
Python's cyclic garbage collector is paused while a sheet renders (:class:`CollectorPause`):
WeasyPrint makes hundreds of thousands of short-lived objects, which otherwise set off some
twenty young collections per game sheet and promote the live layout to the oldest
generation, so that about one sheet in six ends in a full collection of 70-95 ms that stops
every thread of the worker (``benchmarks/README.md``). One young-generation collection
afterwards (3-6 ms) frees the cycles the render left.
"""

from __future__ import annotations

import ctypes.util
import functools
import gc
import logging
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from xml.etree import ElementTree

import jinja2
from markupsafe import Markup

from ..paths import print_dir
from ..rules.language import current_language
from ..wording import install as install_wording
from . import fitting
from .chart import swatch_text
from .fitting import FIT_STEPS, MAX_ROW_MM, MIN_WRITING_ROW_MM, PX_PER_MM
from .sheets import PAGE_MM, Sheet, points_text

log = logging.getLogger(__name__)

TEMPLATES = {
    "blank": "blank.html",
    "game": "game.html",
    "trophy": "trophy.html",
    "season": "season.html",  # a group's season trophy (season.py)
}
STYLESHEET = "sheet.css"
# The user-agent stylesheet for the templates' markup: WeasyPrint's, cut to the elements used.
UA_STYLESHEET = "ua.css"
# The sheets with a row per round, whose row height is fitted to the page (see render_pdf).
ROUND_ROW_KINDS = frozenset({"blank", "game"})
MEASURE_PAGE_MM = 3000  # the height of the page a sheet is measured on: nothing spills


@dataclass(frozen=True)
class RowFit:
    """How the score table's rows are laid out when the default ones do not fit a page:
    compact rows (smaller contract text, marks beside the points) ``height_mm`` tall at
    least. ``measure`` lays the sheet out on a page tall enough to hold everything (to
    measure it); ``continued`` lets the rows go on over a second page, each page saying so.
    """

    height_mm: float | None = None
    measure: bool = False
    continued: bool = False


class PrintFetchRefused(ValueError):
    """WeasyPrint asked for a URL outside ``print/``."""


@functools.cache
def harfbuzz_subset_available() -> bool:
    """Whether fonts will be subset by HarfBuzz (warns once when only fontTools is there)."""
    found = ctypes.util.find_library("harfbuzz-subset") is not None
    if not found:
        log.warning(
            "libharfbuzz-subset0 is not installed: PDF sheets fall back to fontTools for font "
            "subsetting, about 3x slower. Install it (apt-get install libharfbuzz-subset0)."
        )
    return found


@contextmanager
def _libraries_looked_up_in_ld_cache() -> Iterator[None]:
    """While WeasyPrint loads, find shared libraries in the dynamic linker's cache only.

    WeasyPrint tries up to six names per library (the Linux, macOS and Windows spellings),
    and cffi hands each name it cannot open directly to ``ctypes.util.find_library``, which on
    Linux runs ``ldconfig -p`` and then, for every name not in that cache, ``gcc`` and ``ld``:
    about 12 ms per miss, 0.2 s of a cold process's PDF (``benchmarks/pdf.py``). The cache is
    where the dynamic linker itself looks, so the answers for names it lists are the same.
    Where the cache cannot be read (no glibc ``ldconfig``), nothing is changed.
    """
    in_ld_cache = getattr(ctypes.util, "_findSoname_ldconfig", None)
    if in_ld_cache is None or in_ld_cache("c") is None:
        yield
        return
    find_library = ctypes.util.find_library
    ctypes.util.find_library = in_ld_cache
    try:
        yield
    finally:
        ctypes.util.find_library = find_library


@functools.cache
def load_weasyprint() -> None:
    """Import WeasyPrint (once, see :func:`_libraries_looked_up_in_ld_cache`)."""
    with _libraries_looked_up_in_ld_cache():
        import weasyprint  # noqa: F401


def _url_fetcher_base() -> type:
    from weasyprint.urls import URLFetcher

    return URLFetcher


@functools.cache
def _fetcher_class() -> type:
    load_weasyprint()
    from weasyprint.urls import URLFetcherResponse

    class PrintAssetFetcher(_url_fetcher_base()):  # type: ignore[misc]
        """Serves ``file:`` URLs inside ``root`` and nothing else.

        ``record``, if given, is called with every URL asked for (tests use it).
        """

        def __init__(self, root: Path, record: Callable[[str], None] | None = None) -> None:
            super().__init__(allowed_protocols=("file",), allow_redirects=False)
            self.root = root.resolve()
            self.record = record

        def fetch(self, url: str, headers: Any = None) -> Any:
            if self.record is not None:
                self.record(url)
            path = asset_path(self.root, url)
            if path is None:
                log.warning("refused to fetch %.100r while printing", url)
                raise PrintFetchRefused(f"only files in print/ may be used, not {url[:100]!r}")
            mime = {".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png"}.get(
                path.suffix.lower(), "application/octet-stream"
            )
            return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": mime})

    return PrintAssetFetcher


def asset_path(root: Path, url: str) -> Path | None:
    """The file ``url`` names if it is a ``file:`` URL of an existing file inside ``root``.

    >>> root = print_dir()
    >>> asset_path(root, (root / "sheet.css").as_uri()) == root / "sheet.css"
    True
    >>> asset_path(root, "file:///etc/passwd") is None
    True
    >>> asset_path(root, (root / ".." / "pyproject.toml").as_uri()) is None
    True
    >>> asset_path(root, "http://127.0.0.1:9/x") is None
    True
    """
    parts = urlsplit(url)
    if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
        return None
    try:
        path = Path(unquote(parts.path)).resolve()
    except (OSError, ValueError):
        return None
    root = root.resolve()
    if not path.is_relative_to(root) or not path.is_file():
        return None
    return path


def make_fetcher(record: Callable[[str], None] | None = None) -> Any:
    """A URL fetcher limited to ``print/``; ``record`` sees every URL requested."""
    return _fetcher_class()(print_dir(), record)


# --- templates ---------------------------------------------------------------------------


@functools.cache
def jinja_env() -> jinja2.Environment:
    """The print templates' own environment: autoescape on, undefined names are errors."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(print_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    install_wording(env)  # {% trans count=... %}: a sentence for each count
    env.globals["swatch"] = swatch_text
    env.globals["language"] = current_language  # <html lang>: the sheet's language
    env.globals["css_content"] = css_content
    env.filters["points"] = points_text
    env.filters["short"] = shorten
    return env


_CSS_COUNTER = re.compile(r"\{(page|pages)\}")


def css_content(sentence: str) -> Markup:
    """A translated sentence as a CSS ``content`` value: its ``{page}`` and ``{pages}`` become
    the page counters, the rest quoted strings (every character that could end the string,
    the style element or the XML escaped), so the sentence is translated whole.

    >>> print(css_content('Continued: page {page} of {pages}'))
    "Continued: page " counter(page) " of " counter(pages)
    >>> print(css_content('Seite {page} von {pages} <"&">'))
    "Seite " counter(page) " von " counter(pages) " \\3c \\22 \\26 \\22 \\3e "
    """
    parts = []
    for index, piece in enumerate(_CSS_COUNTER.split(str(sentence))):
        if index % 2:
            parts.append(f"counter({piece})")
        elif piece:
            quoted = "".join(
                f"\\{ord(ch):x} " if ch in '"\\<>&' or ord(ch) < 32 else ch for ch in piece
            )
            parts.append(f'"{quoted}"')
    return Markup(" ".join(parts))


def shorten(text: str, length: int = 20) -> str:
    """``text`` cut to ``length`` characters with an ellipsis (for the chart legend; the full
    name is printed elsewhere on the sheet).

    >>> shorten("Grandma Rose"), shorten("Bartholomew Fitzgerald-Smythe", 12)
    ('Grandma Rose', 'Bartholomew…')
    """
    return text if len(text) <= length else text[: length - 1].rstrip() + "…"


def render_html(sheet: Sheet, fit: str = "", rows: RowFit | None = None) -> str:
    """The sheet as an HTML document (what WeasyPrint lays out)."""
    template = jinja_env().get_template(TEMPLATES[sheet.kind])
    return template.render(sheet=sheet, fit=fit, rows=rows, page_size=_page_size(sheet, rows))


def _page_size(sheet: Sheet, rows: RowFit | None) -> str:
    """The CSS page size: the sheet's, or for measuring, as wide and very tall."""
    if rows is None or not rows.measure:
        return sheet.page_size
    short, long = PAGE_MM[sheet.paper]
    width = long if sheet.orientation == "landscape" else short
    return f"{width}mm {MEASURE_PAGE_MM}mm"


# --- WeasyPrint --------------------------------------------------------------------------


class _Resources(threading.local):
    """Per-thread parsed stylesheet and font configuration (WeasyPrint objects are not
    documented as thread-safe, so each worker thread keeps its own)."""

    font_config: Any = None
    stylesheet: Any = None
    ua_stylesheet: Any = None


_resources = _Resources()


def _prepared() -> tuple[Any, Any]:
    if _resources.stylesheet is None:
        load_weasyprint()
        from weasyprint import CSS
        from weasyprint.text.fonts import FontConfiguration

        harfbuzz_subset_available()
        font_config = FontConfiguration()
        css_path = print_dir() / STYLESHEET
        _resources.stylesheet = CSS(
            string=css_path.read_text(encoding="utf-8"),
            base_url=css_path.as_uri(),
            url_fetcher=make_fetcher(),
            font_config=font_config,
        )
        ua_path = print_dir() / UA_STYLESHEET
        _resources.ua_stylesheet = CSS(
            string=ua_path.read_text(encoding="utf-8"), base_url=ua_path.as_uri()
        )
        _resources.font_config = font_config
    return _resources.stylesheet, _resources.font_config


@functools.cache
def _parsed_html_class() -> type:
    from weasyprint import HTML

    class ParsedHTML(HTML):  # type: ignore[misc]
        """A WeasyPrint document from an element tree parsed beforehand.

        Sets what ``HTML.__init__`` sets after its own parsing; the tree has the same shape
        as the HTML5 parser's (HTML elements without a namespace, SVG ones in the SVG
        namespace), which ``test_xml_and_html5_parsers_make_the_same_pdf`` checks. Its
        user-agent stylesheet is ``print/ua.css`` (the rules of WeasyPrint's for the elements
        the templates use), parsed with the sheet's stylesheet by :func:`_prepared`.
        """

        def __init__(self, root: ElementTree.Element, base_url: str, url_fetcher: Any) -> None:
            import cssselect2

            self.base_url = base_url
            self.url_fetcher = url_fetcher
            self.media_type = "print"
            self.wrapper_element = cssselect2.ElementWrapper.from_html_root(
                root, content_language=None
            )
            self.etree_element = self.wrapper_element.etree_element

        def _ua_stylesheets(self, forms: bool = False) -> list[Any]:
            return [_resources.ua_stylesheet]

    return ParsedHTML


def parse_html(markup: str, base_url: str, fetcher: Any, *, fast: bool = True) -> Any:
    """A WeasyPrint ``HTML`` document for ``markup``: parsed as XML if it is well-formed (and
    ``fast``), else by WeasyPrint's HTML5 parser."""
    from weasyprint import HTML

    if fast:
        try:
            root = ElementTree.fromstring(markup)
        except ElementTree.ParseError:
            log.debug("print markup is not well-formed XML; parsing it as HTML5")
        else:
            return _parsed_html_class()(root, base_url, fetcher)
    return HTML(string=markup, base_url=base_url, url_fetcher=fetcher)


class CollectorPause:
    """Pauses Python's cyclic garbage collector while any thread renders a sheet.

    The collector is process-wide, so the pauses of several threads are counted: it is turned
    back on (if it was on before the first pause) when the last render ends, followed by a
    collection of the young generation, which frees any reference cycles the renders left.
    Objects without cycles are freed by reference counting all along.

    >>> pause = CollectorPause()
    >>> with pause():
    ...     with pause():
    ...         gc.isenabled()
    ...     gc.isenabled()
    False
    False
    >>> gc.isenabled()
    True
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._active = 0
        self._was_enabled = False

    @contextmanager
    def __call__(self) -> Iterator[None]:
        with self._lock:
            if self._active == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._active += 1
        try:
            yield
        finally:
            with self._lock:
                self._active -= 1
                resume = self._active == 0 and self._was_enabled
                if resume:
                    gc.enable()
            if resume:
                gc.collect(0)


collector_paused = CollectorPause()


def render_pdf(sheet: Sheet, *, fetcher: Any = None) -> bytes:
    """Lay the sheet out on one page and return the PDF.

    A sheet with a row per round that spills onto a second page (many rounds, very long
    names or title) is measured and laid out again with rows cut to fit the page, then with
    tighter footers; if even the shortest rows one can write in do not fit, the rows go on
    over a second page, marked "continued". Other sheets try tighter layouts in turn, the
    last one kept whatever its length.
    """
    with collector_paused():
        return _render_pdf(sheet, fetcher)


class _Renderer:
    """Renders one sheet with the thread's stylesheet and fonts (see :func:`_prepared`)."""

    def __init__(self, sheet: Sheet, fetcher: Any) -> None:
        self.sheet = sheet
        self.stylesheet, self.font_config = _prepared()
        self.fetcher = fetcher or make_fetcher()
        self.base_url = (print_dir() / TEMPLATES[sheet.kind]).as_uri()

    def __call__(self, fit: str = "", rows: RowFit | None = None) -> Any:
        html = parse_html(render_html(self.sheet, fit, rows), self.base_url, self.fetcher)
        return html.render(stylesheets=[self.stylesheet], font_config=self.font_config)


def _render_pdf(sheet: Sheet, fetcher: Any) -> bytes:
    render = _Renderer(sheet, fetcher)
    if sheet.kind in ROUND_ROW_KINDS and fitting.rows_overflow_the_paper(sheet):
        document = _fit_rows(render)  # the default layout would spill: not laid out at all
    else:
        document = render()
        if len(document.pages) > 1:
            if sheet.kind in ROUND_ROW_KINDS:
                document = _fit_rows(render, spilled=document)
            else:
                for fit in FIT_STEPS[1:]:
                    document = render(fit)
                    if len(document.pages) == 1:
                        break
    pdf: bytes = document.write_pdf()
    return pdf


def _fit_rows(render: _Renderer, spilled: Any = None) -> Any:
    """The sheet on one page with its rows cut to fit, trying tighter footers in turn; else
    on two pages with rows one can still write in. ``spilled`` is the default layout, when
    it was laid out and spilled.

    Each try is one layout: the rows at the shortest height allowed (the compact rows, at
    least :data:`MIN_WRITING_ROW_MM` on a sheet to write on). When that fits the page, the
    rows are then made as tall as the page allows in the layout itself
    (:func:`_grow_rows`), not laid out again. A layout that spills by more than a tighter
    one could take away is not tried (:func:`_next_fit`)."""
    shortest = MIN_WRITING_ROW_MM if not render.sheet.finished else 0.0
    step = 0 if spilled is None else fitting.next_fit(spilled, None, shortest * PX_PER_MM)
    while step is not None:
        document = render(FIT_STEPS[step], RowFit(height_mm=shortest))
        if len(document.pages) == 1:
            height = fitting.row_height(
                *fitting.row_heights(document), fitting.content_height(document)
            )
            if height is not None and height >= shortest:
                fitting.grow_rows(document, min(height, MAX_ROW_MM) * PX_PER_MM)
                return document
        step = fitting.next_fit(document, step, shortest * PX_PER_MM)
    return render(FIT_STEPS[-1], RowFit(height_mm=max(shortest, 4.0), continued=True))


@functools.cache
def assets_digest() -> str:
    """A short fingerprint of the print templates and CSS, so cached PDFs made with older
    templates are not served after an upgrade."""
    import hashlib

    from .. import __name__ as package

    digest = hashlib.sha256(package.encode())
    for path in sorted(print_dir().rglob("*")):
        if path.is_file():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
