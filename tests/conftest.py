"""Shared fixtures: the app on SQLite or PostgreSQL, clients, a live server, a browser; and
how the suite runs in parallel (pytest-xdist).

``scripts/test`` runs the tests on several worker processes (``-n auto``, the count chosen by
:func:`pytest_xdist_auto_num_workers`). Each worker has its own browser (the session-scoped
``browser`` fixture), its own live servers (on ports the system picks) and its own temporary
folders; the workers share one PostgreSQL server, on which each test gets a database of its
own (``pgserver.shared``). The process that runs the session (the controller, or the only
process with ``-n 0``) stops that server at the end and checks that no test wrote into the
checkout (``checkout.py``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings
from jinja2.bccache import Bucket, BytecodeCache
from sqlmodel import Session
from werkzeug.routing import Rule
from werkzeug.serving import make_server

from scorekeeper import create_app, games
from scorekeeper.db import create_all, get_engine, make_engine, write_session
from scorekeeper.rules.scoring import PlayerResult
from tests import checkout, pgserver, writes

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

# Features Playwright 1.65 turns off (its chromiumSwitches): a later --disable-features replaces
# an earlier one, so the browser fixture names them again beside its own, and checks that the
# browser it started has all of Playwright's (a Playwright upgrade that adds one fails there).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
# Each new window (a Playwright context) of this Chromium preloads two omnibox popups as WebUI
# pages, in a renderer of their own that no test looks at: half the CPU of opening a context.
DISABLED_FEATURES = (*PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
BROWSER_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-features=" + ",".join(DISABLED_FEATURES),
]


# Hypothesis' default deadline (200 ms an example) is a timed assertion: on this shared 2-core
# machine it failed tests whose code was right. Speed is measured in benchmarks/.
settings.register_profile("scorekeeper", deadline=None)
settings.register_profile("thorough", deadline=None)
settings.load_profile("scorekeeper")

# Examples per random walk in the everyday run, where the count written in the test file buys
# little more than the same kind of input again (each has the explicit examples that once found
# a bug as @example, and those always run). ``--hypothesis-profile=thorough`` runs the counts
# written in the files. The figures are the CPU seconds of each walk on this machine.
EVERYDAY_EXAMPLES = {
    # 150 -> 60 for each of 8 presets (14.6 s): random hands against the brute-force oracle
    "tests/rules/test_arranger.py::test_agrees_with_the_oracle": 60,
    # 150, 120, 100 -> 50, 40, 35 (11.1, 7.8, 11.3 s): 70 % of the drawn rule sets are
    # refused by validation and drawn again; what is kept repeats the same document parts
    "tests/rules/test_document.py::test_random_rule_sets_round_trip_exactly": 50,
    "tests/rules/test_document.py::test_every_fault_is_found_in_one_pass_and_nothing_else": 40,
    "tests/rules/test_document.py::test_ids_of_rule_sets_of_ones_own_never_collide": 35,
    # 150 -> 50 each (13 s): random JSON and forms at the API and the new-game form
    "tests/web/test_fuzz.py::test_new_game_form": 50,
    "tests/web/test_fuzz.py::test_api_create_game_with_random_json": 50,
    "tests/web/test_fuzz.py::test_api_rounds_with_random_json": 50,
    "tests/web/test_fuzz.py::test_api_rounds_with_nearly_right_bodies": 50,
    "tests/web/test_fuzz.py::test_game_forms": 50,
    "tests/web/test_fuzz.py::test_api_with_raw_bodies_and_headers": 50,
    # 300 -> 150 (2.6 s): short card lists against the oracle
    "tests/rules/test_melds.py::test_runs_agree_with_a_brute_force_oracle": 150,
    "tests/rules/test_melds.py::test_a_legal_meld_stays_legal_in_any_order": 150,
    "tests/rules/test_melds.py::test_wilds_stand_for_the_cards_that_make_the_meld_natural": 150,
}


def _everyday_examples(config: pytest.Config, items: Sequence[pytest.Item]) -> None:
    """Give the walks of EVERYDAY_EXAMPLES their everyday counts (not with the thorough
    profile). Each count only lowers what the file says."""
    if config.getoption("hypothesis_profile", None) == "thorough":
        return
    for item in items:
        test = getattr(item, "obj", None)
        count = EVERYDAY_EXAMPLES.get(item.nodeid.split("[")[0])
        written = getattr(test, "_hypothesis_internal_use_settings", None)
        if count is not None and written is not None and written.max_examples > count:
            test._hypothesis_internal_use_settings = settings(written, max_examples=count)  # type: ignore[union-attr]


# --- the run: workers, the shared PostgreSQL server, the checkout guard ----------------------

RUN_DIR = pytest.StashKey[Path]()
_RUN_DIR: Path | None = None  # the same, for helpers without the config (removed at the end)
BEFORE = pytest.StashKey[checkout.Snapshot]()
POSTGRES_CPU = pytest.StashKey[float]()
WORKERS_PER_CPU = 2  # tests often wait (browser, servers, PostgreSQL): more workers than CPUs


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers per CPU; when only test files are named, at most one per file,
    and none for a single file (it runs sooner in this process than on a worker that first
    imports and collects everything). ``PYTEST_XDIST_AUTO_NUM_WORKERS`` overrides, as in
    pytest-xdist."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    most = WORKERS_PER_CPU * (os.cpu_count() or 1)
    named = {arg.split("::")[0] for arg in config.args}
    if not all(Path(config.invocation_params.dir, path).is_file() for path in named):
        return most  # a folder: the whole suite, or a large part of it
    return min(most, len(named)) if len(named) > 1 else 0


def _is_controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On workers, hand out the long tests (browser, server processes) first, so that no
    worker starts one when the others are nearly done. Every worker sorts alike (xdist
    checks that they collected the same list), and the order within a file is kept."""
    _everyday_examples(config, items)
    if not _is_controller(config):
        items.sort(key=lambda item: not _long(item))


def _long(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) for name in ("browser", "slow"))


def pytest_configure(config: pytest.Config) -> None:
    """The run's folder, shared by its processes (where the PostgreSQL server is found); from
    here on, a write outside the temporary folders fails (``writes.py``)."""
    global _RUN_DIR
    if _is_controller(config):
        config.stash[RUN_DIR] = Path(tempfile.mkdtemp(prefix="scorekeeper-tests-"))
    else:
        worker: dict[str, Any] = config.workerinput  # type: ignore[attr-defined]
        config.stash[RUN_DIR] = Path(worker["scorekeeper_run_dir"])
    _RUN_DIR = config.stash[RUN_DIR]
    writes.guard(_pytest_outputs(config))


def _pytest_outputs(config: pytest.Config) -> list[Path]:
    """The folders pytest itself was told to write in: --basetemp, the cache, --junitxml's."""
    found = [Path(config.option.basetemp)] if config.option.basetemp else []
    cache = getattr(config, "cache", None)  # none with -p no:cacheprovider
    if cache is not None:
        found.append(cache._cachedir)
    if getattr(config.option, "xmlpath", None):
        found.append(Path(config.option.xmlpath).parent)
    return found


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Tell each xdist worker the run's folder."""
    node.workerinput["scorekeeper_run_dir"] = str(node.config.stash[RUN_DIR])


def pytest_sessionstart(session: pytest.Session) -> None:
    if _is_controller(session.config):
        session.config.stash[BEFORE] = checkout.snapshot()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop the shared PostgreSQL server; fail the run if a test wrote into the checkout."""
    config = session.config
    if not _is_controller(config):
        return
    postgres_cpu = pgserver.stop_shared(config.stash[RUN_DIR])
    if postgres_cpu is not None:
        config.stash[POSTGRES_CPU] = postgres_cpu
    shutil.rmtree(config.stash[RUN_DIR], ignore_errors=True)
    written = checkout.written(config.stash[BEFORE], checkout.snapshot())
    if written:
        reporter: Any = config.pluginmanager.get_plugin("terminalreporter")
        reporter.ensure_newline()
        reporter.write_line(
            "tests wrote into the checkout (write in tmp_path instead): " + ", ".join(written),
            red=True,
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The CPU the PostgreSQL server used: pg_ctl starts it outside this process tree, so a
    time(1) of the run leaves it out."""
    if POSTGRES_CPU in config.stash:
        terminalreporter.write_line(f"PostgreSQL server: {config.stash[POSTGRES_CPU]:.1f} s CPU")


@pytest.fixture(scope="session")
def postgres(pytestconfig: pytest.Config) -> pgserver.PostgresServer:
    """The run's real PostgreSQL server (started on first use, shared by the workers)."""
    return pgserver.shared(pytestconfig.stash[RUN_DIR])


# --- apps and databases ----------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database: a SQLite file, then a fresh PostgreSQL database. A test that uses
    ``db_app`` gets its PostgreSQL database with the tables already, copied from the run's
    template (as ``db_app`` would have made them, in a tenth of the time)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite3'}"
        return
    server: pgserver.PostgresServer = request.getfixturevalue("postgres")
    with_tables = "db_app" in request.fixturenames
    url = server.create_database(with_tables=with_tables)
    if with_tables:
        _WITH_TABLES.add(url)
    yield url
    _WITH_TABLES.discard(url)
    server.drop_database(url)


def create_test_app(settings: dict[str, Any], instance: Path) -> Flask:
    """``create_app(settings)`` with its instance folder ``instance``. Flask's own choice is
    beside the package, in the checkout, where ``create_app`` makes the folder and, given no
    secret key, writes one. Its templates come from this process's bytecode cache."""
    app = create_app({"INSTANCE_PATH": str(instance), **settings})
    app.jinja_env.bytecode_cache = TEMPLATES
    return app


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, kept in memory for every app this process makes.

    Each app has a Jinja environment of its own, which compiles each template it renders the
    first time: with an app per test, compiling was half the CPU of a page test. A template is
    compiled once per process now, for each environment set up alike (what the compiled code
    depends on); Jinja checks each copy against the template's source, so a template changed
    meanwhile is compiled again.
    """

    def __init__(self) -> None:
        self.kept: dict[tuple[Any, ...], bytes] = {}

    @staticmethod
    def _key(bucket: Bucket) -> tuple[Any, ...]:
        env = bucket.environment
        syntax = (env.block_start_string, env.variable_start_string, env.comment_start_string)
        layout = (env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.optimized)
        return (bucket.key, tuple(sorted(env.extensions)), syntax, layout, env.is_async)

    def load_bytecode(self, bucket: Bucket) -> None:
        if self._key(bucket) in self.kept:
            bucket.bytecode_from_string(self.kept[self._key(bucket)])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[self._key(bucket)] = bucket.bytecode_to_string()


TEMPLATES = CompiledTemplates()


def _share_url_builders() -> None:
    """Werkzeug compiles two URL builders (Python functions made with ``compile``) for each
    route of each app: 40 ms of an app's 45, and the suite makes an app per test. Each builder
    is made once per process now and shared by every app's copy of the route: it takes the
    route as its first argument, and what it is made from (the route's text, its parts, its
    defaults, its converters' kinds) is the key."""
    make = Rule._compile_builder
    made: dict[tuple[Any, ...], Any] = {}

    def shared(rule: Rule, append_unknown: bool = True) -> Any:
        key = (
            append_unknown,
            rule.rule,
            tuple(rule._trace),
            tuple(sorted((name, repr(value)) for name, value in (rule.defaults or {}).items())),
            tuple(sorted((name, type(kind)) for name, kind in rule._converters.items())),
        )
        if key not in made:
            made[key] = make(rule, append_unknown)
        return made[key]

    Rule._compile_builder = shared  # type: ignore[method-assign,assignment]


_share_url_builders()


def make_app(database_url: str, tmp_path: Path, **extra: Any) -> Flask:
    app = create_test_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": extra.pop("WTF_CSRF_ENABLED", False),
            "JOIN_RATE_LIMIT": extra.pop("JOIN_RATE_LIMIT", "10 per minute"),
            # A test module's app starts many games and imports, and asks hard questions:
            # tests/web/test_client_limits.py holds these to their limits.
            "NEW_GAME_RATE_LIMIT": extra.pop("NEW_GAME_RATE_LIMIT", "100000 per hour"),
            "IMPORT_RATE_LIMIT": extra.pop("IMPORT_RATE_LIMIT", "100000 per hour"),
            "REFEREE_RATE_LIMIT": extra.pop("REFEREE_RATE_LIMIT", "100000 per minute"),
            **extra,
        },
        tmp_path / "instance",
    )
    if not _has_tables(database_url):
        create_all(get_engine(app))
    return app


# PostgreSQL databases made from the run's template (database_url): their tables are there.
_WITH_TABLES: set[str] = set()
_SQLITE_TEMPLATE: list[Path] = []  # this process's SQLite file with every table, once made


def scratch_folder() -> Path:
    """A new folder in the run's folder (removed when the run ends), for what a test module
    makes as it is imported: an app to read the routes from, a module's shared database."""
    return Path(tempfile.mkdtemp(prefix="module-", dir=_RUN_DIR))


def _has_tables(database_url: str) -> bool:
    """Whether the database has its tables already, or now has them: a SQLite file not made
    yet is copied from a template file with every table (what ``create_all`` would write,
    without its CPU)."""
    if database_url in _WITH_TABLES:
        return True
    path = database_url.removeprefix("sqlite:///")
    if path == database_url or path in ("", ":memory:") or Path(path).exists():
        return False
    shutil.copyfile(_sqlite_template(), path)
    return True


def _sqlite_template() -> Path:
    if not _SQLITE_TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="scorekeeper-schema-", dir=_RUN_DIR or None))
        path = folder / "tables.sqlite3"
        engine = make_engine(f"sqlite:///{path}")
        create_all(engine)
        engine.dispose()  # the last connection checkpoints the WAL into the file
        _SQLITE_TEMPLATE.append(path)
    return _SQLITE_TEMPLATE[0]


def grant_device(
    app: Flask, client: FlaskClient, game_id: str, label: str = "creator device"
) -> str:
    """Give ``client`` (a browser) edit rights to the game, as creating or joining it would."""
    with client.session_transaction() as cookie:
        device = cookie.get("device") or games.new_device_id()
        cookie["device"] = device
    with app.app_context(), write_session() as session:
        games.grant_edit(session, game_id, label, device=device)
    return str(device)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app on a SQLite file, CSRF off (CSRF has its own tests)."""
    application = make_app(f"sqlite:///{tmp_path / 'app.sqlite3'}", tmp_path)
    yield application
    get_engine(application).dispose()


@pytest.fixture
def db_app(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    """The app on each database backend in turn (SQLite, PostgreSQL)."""
    application = make_app(database_url, tmp_path)
    yield application
    get_engine(application).dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> Any:
    return app.test_cli_runner()


# --- games built for a test -----------------------------------------------------------------

# A player's end of a round, in a row of a game the test builds: None (or the builder's
# ``went_out`` value) went out, a number is points held, a PlayerResult says anything else.
Cell = int | None | PlayerResult


class GameBuilder:
    """Stores a game through the game service, its rounds entered: the ``new_game`` fixture.

    ``new_game(app, ["Ann", "Bob"], [[None, 10], [25, None]])`` is a Liverpool game of two
    rounds (Ann went out in round 1, Bob in round 2), Ann dealing first. ``where`` is an app
    (each step then is a transaction of its own, as a request's would be) or a session (the
    steps join its transaction; the caller commits). ``rows`` are the rounds, one cell per
    seat; ``rounds`` enters that many rounds, the rows taken again in turn (``"all"``: every
    round of the rules); without rows, seat 0 goes out and the others hold 5 × the round's
    number. ``went_out`` is the value that marks the player who went out (the first such cell
    of a row): None, or 0 where a test's rows hold 0 for them. ``bought`` is the cards each
    player who holds points bought; ``cut_rounds`` the rounds whose cutter cut exactly.
    ``group_id`` starts the game in that group (its people by name); ``rules`` is a preset's
    id or a rule-set document; ``first_dealer=None`` leaves the deal to a cut.

    ``new_game.by_form`` and ``new_game.by_api`` start a game through the app's doors
    instead, for tests about what comes through them.
    """

    def __call__(
        self,
        where: Flask | Session,
        players: Sequence[str],
        rows: Sequence[Sequence[Cell]] = (),
        *,
        rounds: int | Literal["all"] | None = None,
        rules: str | Mapping[str, Any] = "liverpool",
        options: Mapping[str, Any] | None = None,
        title: str = "",
        group_id: str | None = None,
        first_dealer: int | None = 0,
        went_out: int | None = None,
        bought: int = 0,
        cut_rounds: Collection[int] = (),
    ) -> games.GameView:
        start: dict[str, Any] = {"preset": rules, "players": list(players)}
        start |= {"first_dealer": first_dealer}
        start |= {"title": title, "options": options}
        with self._session(where) as session:
            if group_id is None:
                view, _token = games.create_game(session, **start)
            else:
                view, _token = games.start_group_game(session, group_id, **start)
        count = view.rules.round_count if rounds == "all" else rounds
        if count is None:
            count = len(rows)
        for number in range(1, count + 1):
            row = rows[(number - 1) % len(rows)] if rows else self._plain_row(players, number)
            entry = games.RoundInput(self._results(row, went_out, bought), number in cut_rounds)
            with self._session(where) as session:
                view, _new = games.add_round(session, view.id, number, entry)
        return view

    @staticmethod
    def by_form(
        client: FlaskClient,
        players: Sequence[str] = ("Ann", "Bob", "Cy"),
        rules: str = "liverpool",
        first_dealer: int | None = 0,
        **fields: str,
    ) -> str:
        """A game started through the new-game form, as a person would (``rules``: a preset,
        ``saved:<id>`` or ``shared:<token>``; ``first_dealer=None`` leaves the field out);
        its id."""
        data: dict[str, Any] = {"player": list(players), "preset": rules, **fields}
        if first_dealer is not None:
            data["first_dealer"] = str(first_dealer)
        response = client.post("/games/new", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)[:2000]
        return urlsplit(response.headers["Location"]).path.rsplit("/", 1)[1]

    @staticmethod
    def by_api(
        client: FlaskClient,
        players: Sequence[str] = ("Ann", "Bob"),
        rules: Any = "liverpool",
        **body: Any,
    ) -> dict[str, Any]:
        """A game started with ``POST /api/v1/games`` (``rules``: a preset's id or a rule-set
        document); the answer (the game, its token)."""
        response = client.post("/api/v1/games", json={"rules": rules, "players": players, **body})
        assert response.status_code == 201, response.get_json()
        return dict(response.get_json())

    @staticmethod
    def _plain_row(players: Sequence[str], number: int) -> list[Cell]:
        return [None, *([5 * number] * (len(players) - 1))]

    @staticmethod
    def _results(
        row: Sequence[Cell], went_out: int | None, bought: int
    ) -> tuple[PlayerResult, ...]:
        out = row.index(went_out) if went_out in row else -1
        return tuple(
            PlayerResult(went_out=True)
            if seat == out
            else cell
            if isinstance(cell, PlayerResult)
            else PlayerResult(points=cell, bought=bought)
            for seat, cell in enumerate(row)
        )

    @staticmethod
    @contextmanager
    def _session(where: Flask | Session) -> Iterator[Session]:
        if isinstance(where, Session):
            yield where
            return
        with where.app_context(), write_session() as session:
            yield session


@pytest.fixture
def new_game() -> GameBuilder:
    """Builds the games a test needs through the game service (see :class:`GameBuilder`)."""
    return GameBuilder()


def _closing_body(app: WSGIApplication) -> WSGIApplication:
    """``app`` with every response body closed, also when the browser drops the connection.

    Werkzeug's test server closes a body only after sending all of it: a page that stops
    loading an icon left the icon's file open, and its ResourceWarning failed whichever test
    ran when it was collected.
    """

    def call(environ: WSGIEnvironment, start_response: StartResponse) -> Iterator[bytes]:
        body = app(environ, start_response)
        try:
            yield from body
        finally:
            if hasattr(body, "close"):
                body.close()

    return call


class LiveServer:
    def __init__(self, app: Flask) -> None:
        self.app = app
        self.server = make_server("127.0.0.1", 0, _closing_body(app), threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.thread.join(timeout=5)


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[Flask]:
    """An app for the live server, with CSRF on as in production."""
    application = make_app(
        f"sqlite:///{tmp_path / 'live.sqlite3'}", tmp_path, WTF_CSRF_ENABLED=True, TESTING=False
    )
    yield application
    get_engine(application).dispose()


@pytest.fixture
def live_server(live_app: Flask) -> Iterator[LiveServer]:
    with LiveServer(live_app) as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (no browser download): one per
    worker process."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=BROWSER_ARGS
        )
        _check_disabled_features()
        yield chromium
        chromium.close()


def _check_disabled_features() -> None:
    """Every feature Playwright turns off is off in the browser this process started (its
    --disable-features is the first on the command line, BROWSER_ARGS' the last)."""
    for line in _browser_command_lines():
        lists = [arg.partition("=")[2] for arg in line if arg.startswith("--disable-features=")]
        missing = set(lists[0].split(",")) - set(lists[-1].split(","))
        assert not missing, f"add {sorted(missing)} to PLAYWRIGHT_DISABLED_FEATURES"


def _browser_command_lines() -> list[list[str]]:
    """The command lines of the Chromium browsers (not their helpers) this process started,
    through Playwright's driver; none where /proc cannot be read."""
    parents: dict[int, int] = {}
    lines: dict[int, list[str]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            line = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue
        parents[int(entry.name)] = int(stat[stat.rindex(")") + 2 :].split()[1])
        lines[int(entry.name)] = line
    drivers = {pid for pid, parent in parents.items() if parent == os.getpid()}
    return [
        line
        for pid, line in lines.items()
        if parents[pid] in drivers
        and "chromium" in line[0]
        and not any(arg.startswith("--type=") for arg in line)
    ]


@pytest.fixture(params=[(1024, 768), (768, 1024)], ids=["landscape", "portrait"])
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    """A fresh browser page at tablet size (1024×768 and 768×1024), recording CSP violations."""
    width, height = request.param
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=1
    )
    tab = context.new_page()
    tab.csp_violations = []
    tab.console_errors = []

    def on_console(message: Any) -> None:
        if message.type == "error":
            tab.console_errors.append(message.text)
            if "Content Security Policy" in message.text:
                tab.csp_violations.append(message.text)

    tab.on("console", on_console)
    tab.size_name = f"{width}x{height}"
    yield tab
    context.close()


SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"


@pytest.fixture
def screenshot(page: Any) -> Any:
    """Save a full-page screenshot under screenshots/ (git-ignored) for a person to look at."""

    def take(name: str) -> Path:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}-{page.size_name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
