"""The referee pages: check melds, contracts, lay-offs, joker swaps, discards and hands by
tapping cards, and read each rule set in plain language.

Terms:

- A **tool** is one question the referee answers (the contract check, "can these cards make
  the contract?", lay-off, joker swap, the Liverpool check, hand points); each is a tab
  (:mod:`.referee_tools` lists them).
- A tool has **slots**: the card fields it reads. ``group`` slots are a list (the melds of a
  lay-down, or the melds on the table); the others hold one cards value (``hand``, ``meld``)
  or one card (``card``, ``discard``). The **target** is the slot a tapped card goes into.
- The **editor** (``referee/_editor.html``) is the part of the page that changes: the slots
  as text fields with their cards as chips, and the verdict. Every tap posts the whole form
  (every slot's text, the target) and the server answers with a fresh editor, so nothing
  lives only in the browser: a reload, a lost connection or a second tablet keeps the cards.
  Typing in a slot refreshes just the verdict.

The verdicts are computed by the rules core and turned into data by
:mod:`scorekeeper.web.referee_json`, the same code the JSON API uses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, request, url_for
from markupsafe import Markup, escape

from .. import games, ratelimit
from ..db import get_session
from ..errors import NotFound
from ..rules import (
    POINT_TABLES,
    PRESETS,
    Card,
    CardParseError,
    RulesError,
    RuleSet,
    get_point_table,
)
from ..rules.language import _
from ..rules.phases import PhaseProgress
from ..rules.rulesets import MeldKind, kind_word
from ..rules.scoring import cards_not_in_play
from . import referee_json as rj
from .builder import chosen_rules
from .htmx import is_htmx, render
from .numbers import whole_number_or
from .referee_table import (
    KIND_TOOLS,
    MELD_KIND_TOOLS,
    TABLE_TOOLS,
    TableMeldForm,
    read_table_form,
    table_melds_kinds,
    table_question,
    with_games_round,
)
from .referee_tools import DEFAULT_TOOL, ENDS, TOOLS, Slot, Tool
from .rulebook import rulebook

bp = Blueprint("referee", __name__)

DEFAULT_PRESET = "liverpool"
_SEPARATORS = re.compile(r"[\s,;]+")


# --- the editor's state -----------------------------------------------------------------------


@dataclass
class Chip:
    index: int
    code: str
    text: str
    css: str
    bad: bool = False


@dataclass
class SlotView:
    """One slot as shown: its target id, the input's name, its text and its chips."""

    target: str
    name: str
    label: str
    text: str
    one_card: bool
    hint: str = ""
    number: int | None = None  # groups: 1-based
    chips: list[Chip] = field(default_factory=list)
    kind_text: str = ""  # a table meld of the Liverpool tool: the kind it was laid as


@dataclass
class Editor:
    tool: Tool
    groups: list[str]
    fields: dict[str, str]
    target: str
    notice: str = ""
    end: str = ""  # the lay-off's end of a run, chosen ("low" or "high"); "": where it fits
    table: TableMeldForm = field(default_factory=TableMeldForm)  # the table meld's round, kind
    # The kind each group was laid as (the Liverpool tool's table melds), one per group:
    # "" where the round's contract decides.
    group_kinds: list[str] = field(default_factory=list)

    @property
    def multi(self) -> Slot | None:
        return next((s for s in self.tool.slots if s.multi), None)

    def targets(self) -> list[str]:
        found: list[str] = []
        for slot in self.tool.slots:
            if slot.multi:
                found.extend(f"group-{i}" for i in range(len(self.groups)))
            else:
                found.append(slot.key)
        return found

    def text_of(self, target: str) -> str:
        if target.startswith("group-"):
            return self.groups[int(target[6:])]
        return self.fields.get(target, "")

    def set_text(self, target: str, text: str) -> None:
        if target.startswith("group-"):
            self.groups[int(target[6:])] = text
        else:
            self.fields[target] = text

    def slot_of(self, target: str) -> Slot:
        key = "group" if target.startswith("group-") else target
        return next(s for s in self.tool.slots if s.key == key)

    def views(self) -> list[SlotView]:
        result: list[SlotView] = []
        for slot in self.tool.slots:
            if slot.multi:
                for i, text in enumerate(self.groups):
                    result.append(
                        SlotView(
                            f"group-{i}", "group", slot.numbered(i + 1), text,
                            False, slot.hint, i + 1, chips(text), self.group_kinds[i],
                        )
                    )  # fmt: skip
            else:
                text = self.fields.get(slot.key, "")
                result.append(
                    SlotView(
                        slot.key, slot.key, slot.label, text, slot.one_card, slot.hint,
                        None, chips(text),
                    )
                )  # fmt: skip
        return result

    def target_label(self) -> str:
        for view in self.views():
            if view.target == self.target:
                return view.label
        return ""


def tokens(text: str) -> list[str]:
    return [t for t in _SEPARATORS.split(text) if t]


def chips(text: str) -> list[Chip]:
    """The cards of a slot's text as chips; a token that is not a card shows as such."""
    found: list[Chip] = []
    for index, token in enumerate(tokens(text)[: rj.MAX_ITEMS]):
        try:
            card = Card.parse(token)
        except CardParseError:
            shown = token if len(token) <= 8 else token[:8] + "…"
            found.append(Chip(index, token, shown + "?", "chip-bad", bad=True))
            continue
        found.append(Chip(index, str(card), card.pretty, card_css(card)))
    return found


def card_css(card: Card) -> str:
    return "suit-j" if card.suit is None else f"suit-{card.suit.value.lower()}"


def canonical(text: str) -> str:
    """The text in canonical notation when every token is a card; else as typed."""
    parts = tokens(text)
    try:
        return " ".join(str(Card.parse(t)) for t in parts)
    except CardParseError:
        return text.strip()


def read_editor(values: Mapping[str, Any], tool: Tool) -> Editor:
    """The editor's state from the form (or the query), with the tapped action applied."""
    getlist = getattr(values, "getlist", None)
    groups: list[str] = []
    multi = any(s.multi for s in tool.slots)
    if multi:
        raw = getlist("group") if getlist is not None else list(values.get("group", []))
        groups = [str(g)[: rj.MAX_TEXT] for g in raw[: rj.MAX_GROUPS]] or [""]
    fields = {s.key: str(values.get(s.key, ""))[: rj.MAX_TEXT] for s in tool.slots if not s.multi}
    end = str(values.get("end", ""))
    editor = Editor(tool, groups, fields, "", end=end if end in ENDS else "")
    editor.table = read_table_form(values)
    editor.group_kinds = read_group_kinds(values, len(groups))
    targets = editor.targets()
    target = str(values.get("target", ""))
    editor.target = target if target in targets else targets[0]
    apply_action(editor, values)
    for target in editor.targets():
        editor.set_text(target, canonical(editor.text_of(target)))
    return editor


def read_group_kinds(values: Mapping[str, Any], count: int) -> list[str]:
    """The form's ``group_kind``, one per group, as sent (a few characters each): the
    Liverpool tool's selects sit in the groups' slots, so they come in the groups' order.
    Missing ones (another tool's form, a hand-made link) are ``""``, the contract's reading."""
    getlist = getattr(values, "getlist", None)
    raw = getlist("group_kind") if getlist is not None else list(values.get("group_kind", []))
    kinds = [str(k or "")[:10] for k in raw[:count]]
    return kinds + [""] * (count - len(kinds))


def apply_action(editor: Editor, values: Mapping[str, Any]) -> None:
    """One tap: add a card, choose the slot, start or remove a meld, remove a card, clear."""
    if values.get("clear"):
        _clear(editor)
        return
    select = str(values.get("select", ""))
    if select in editor.targets():
        editor.target = select
    if values.get("new_group") and editor.multi:
        _new_group(editor)
    drop_group = whole_number_or(values.get("drop_group"))
    if drop_group is not None and drop_group < len(editor.groups):
        _drop_group(editor, drop_group)
    drop_card = str(values.get("drop_card", ""))
    if ":" in drop_card:
        _drop_card(editor, *drop_card.rsplit(":", 1))
    add = str(values.get("add", ""))
    if add:
        _add_card(editor, add[:8])


def _clear(editor: Editor) -> None:
    editor.end = ""
    editor.groups = [""] if editor.multi else []
    editor.group_kinds = [""] * len(editor.groups)
    editor.fields = dict.fromkeys(editor.fields, "")
    editor.target = editor.targets()[0]


def _new_group(editor: Editor) -> None:
    if len(editor.groups) >= rj.MAX_GROUPS:
        editor.notice = _("The referee looks at {count} melds at most.").format(count=rj.MAX_GROUPS)
        return
    if editor.groups and not editor.groups[-1].strip():
        editor.groups.pop()  # reuse an empty last meld rather than adding another
        editor.group_kinds.pop()
    editor.groups.append("")
    editor.group_kinds.append("")
    editor.target = f"group-{len(editor.groups) - 1}"


def _drop_group(editor: Editor, dropped: int) -> None:
    del editor.groups[dropped]
    del editor.group_kinds[dropped]
    if not editor.groups:
        editor.groups = [""]
        editor.group_kinds = [""]
    if editor.target.startswith("group-"):
        current = int(editor.target[6:])
        if current >= dropped and current > 0:
            current -= 1
        editor.target = f"group-{min(current, len(editor.groups) - 1)}"


def _drop_card(editor: Editor, where: str, index: str) -> None:
    position = whole_number_or(index)
    if where not in editor.targets() or position is None:
        return
    parts = tokens(editor.text_of(where))
    if position < len(parts):
        del parts[position]
        editor.set_text(where, " ".join(parts))
        editor.target = where


def _add_card(editor: Editor, text: str) -> None:
    try:
        card = Card.parse(text)
    except CardParseError as error:
        editor.notice = error.message
        return
    slot = editor.slot_of(editor.target)
    held = editor.text_of(editor.target)
    if slot.one_card:
        editor.set_text(editor.target, str(card))
    elif len(tokens(held)) >= rj.MAX_CARDS:
        editor.notice = _("The referee looks at {count} cards at most in one place.").format(
            count=rj.MAX_CARDS
        )
    else:
        editor.set_text(editor.target, f"{held} {card}".strip())


# --- rules, round and game ----------------------------------------------------------------------


@dataclass
class Setting:
    """The rule set and round the referee judges by, and the game it was reached from."""

    rules: RuleSet
    round_number: int
    preset: str
    game: games.GameView | None = None
    points_table: str = ""

    @property
    def spec(self) -> Any:
        return self.rules.round(self.round_number)


def _int(text: Any, default: int) -> int:
    found = whole_number_or(str(text))
    return default if found is None else found


def read_setting(values: Mapping[str, Any], game_id: str | None) -> Setting:
    if game_id is not None:
        game = games.load_game(get_session(), game_id)
        rules = game.rules
        number = _int(values.get("round"), _game_default(game, values.get("player")))
        number = min(max(number, 1), rules.round_count)
        return Setting(rules, number, game.preset, game, rules.point_table.id)
    preset = str(values.get("rules") or DEFAULT_PRESET)[: rj.MAX_TEXT]
    rules = _own_rules(preset) if ":" in preset else rj.read_rules(preset)
    number = min(max(_int(values.get("round"), 1), 1), rules.round_count)
    table = str(values.get("points_table") or rules.point_table.id)
    if table not in POINT_TABLES:
        raise rj.RefereeInputError(
            _('there is no point table "{table}": choose one of {tables}').format(
                table=table[:40], tables=", ".join(POINT_TABLES)
            ),
            field="points_table",
            code="bad-rules",
        )
    return Setting(rules, number, preset, None, table)


def _game_default(game: games.GameView, player: Any) -> int:
    """The round the referee opens on for a game: the round being played; in a phase game
    (its ``round`` is a phase) the phase of the player named (by name or seat number), else
    the lowest phase a player is on."""
    if game.phases is None:
        return game.current_round
    names = list(game.players)
    seat = names.index(player) if player in names else whole_number_or(str(player))
    if seat is not None and 0 <= seat < len(names):
        return player_phase(game.phases, seat)
    return min(player_phase(game.phases, s) for s in range(len(names)))


@bp.app_template_global("player_phase")
def player_phase(progress: PhaseProgress, seat: int) -> int:
    """The phase the referee opens on for a player: the one they are on; with the phases in
    any order, the first they have left (their count done plus one may be one they have
    completed already); the last once they have completed them all."""
    left = progress.left(seat)
    if not left:
        return progress.phase_count
    return left[0] if progress.any_order else progress.current(seat)


def _own_rules(choice: str) -> RuleSet:
    """A rule set of the builder's: ``saved:<id>`` (this device's) or ``shared:<token>``."""
    rules = chosen_rules(choice)
    if rules is None:
        raise rj.RefereeInputError(
            _("there is no such rule set on this device (was it deleted?): choose another"),
            field="rules",
            code="bad-rules",
        )
    return rules


def rules_url(setting: Setting) -> str:
    """The page of the rules the referee judges by: the game's, a preset's, or a saved or
    shared rule set's own page."""
    if setting.game is not None:
        return url_for("games.game_rules", game_id=setting.game.id)
    kind, _sep, key = setting.preset.partition(":")
    if kind == "saved":
        return url_for("builder.saved_page", saved_id=key)
    if kind == "shared":
        return url_for("builder.shared_page", token=key)
    return url_for("referee.rules_page", preset=setting.preset)


# --- verdicts ------------------------------------------------------------------------------------


def verdict(editor: Editor, setting: Setting) -> dict[str, Any]:
    """The tool's answer for the editor's cards: ``{"empty": True}`` before any card, an
    ``error`` when a card cannot be read, else the referee's answer (as the API gives it)."""
    answer = _VERDICTS.get(editor.tool.id, _score_verdict)
    refused = cards_not_in_play(setting.rules, _editor_cards(editor))
    if refused is not None:
        return {"error": refused}
    try:
        return answer(editor, setting)
    except RulesError as error:
        return {"error": error.message}


def _editor_cards(editor: Editor) -> list[Card]:
    """Every readable card in the editor's slots (the unreadable ones are answered apart)."""
    found: list[Card] = []
    for target in editor.targets():
        found.extend(
            Card.parse(chip.code) for chip in chips(editor.text_of(target)) if not chip.bad
        )
    return found


def _melds(editor: Editor) -> tuple[list[tuple[Card, ...]], list[int]]:
    """The melds typed so far, and the number each has on the page (empty ones skipped)."""
    used = [(i, g) for i, g in enumerate(editor.groups) if g.strip()]
    return [rj.read_cards(g, _("Meld {number}").format(number=i + 1)) for i, g in used], [
        i + 1 for i, _g in used
    ]


def _contract_verdict(editor: Editor, setting: Setting) -> dict[str, Any]:
    melds, numbers = _melds(editor)
    hand_text = editor.fields.get("hand", "")
    hand = rj.read_cards(hand_text, _("Cards left in hand")) if hand_text else None
    if not melds:
        return {"empty": True}
    answer = rj.contract_answer(setting.rules, setting.round_number, melds, hand)
    for entry, number in zip(answer["melds"], numbers, strict=True):
        entry["number"] = number
    for problem in answer["problems"]:
        if problem["meld"] is not None:
            problem["number"] = numbers[problem["meld"]]
    return answer


def _liverpool_verdict(editor: Editor, setting: Setting) -> dict[str, Any]:
    melds, numbers = _melds(editor)
    discard_text = editor.fields.get("discard", "")
    if not melds or not discard_text:
        return {"empty": True}
    discard = rj.read_card(discard_text, _("Discard"))
    _kind, number = table_question(editor.table, setting.rules)
    kinds = table_melds_kinds(editor.group_kinds, numbers, setting.rules)
    answer = rj.liverpool_answer(setting.rules, melds, discard, kinds=kinds, round_number=number)
    for place in answer["where"]:
        place["number"] = numbers[place["meld"]]
        place["cards"] = rj.cards_json(melds[place["meld"]])
    return answer


def _meld_and_card(editor: Editor) -> tuple[tuple[Card, ...], Card | None]:
    meld = rj.read_cards(editor.fields.get("meld", ""), _("The meld"))
    card_text = editor.fields.get("card", "")
    return meld, rj.read_card(card_text, _("The card")) if card_text else None


def _layoff_verdict(editor: Editor, setting: Setting) -> dict[str, Any]:
    meld, card = _meld_and_card(editor)
    if not meld or card is None:
        return {"empty": True}
    end: Any = editor.end or None  # one of ENDS
    kind, number = table_question(editor.table, setting.rules)
    return rj.layoff_answer(setting.rules, meld, card, end, kind=kind, round_number=number)


def _swap_verdict(editor: Editor, setting: Setting) -> dict[str, Any]:
    meld, card = _meld_and_card(editor)
    if not meld or card is None:
        return {"empty": True}
    kind, number = table_question(editor.table, setting.rules)
    return rj.swap_answer(setting.rules, meld, card, kind=kind, round_number=number)


def _hand(editor: Editor) -> tuple[Card, ...]:
    return rj.read_cards(editor.fields.get("hand", ""), _("The hand"), limit=rj.MAX_CARDS)


def _arrange_verdict(editor: Editor, setting: Setting) -> dict[str, Any]:
    hand = _hand(editor)
    if not hand:
        return {"empty": True}
    if len(hand) > rj.MAX_ARRANGE_CARDS:
        raise rj.RefereeInputError(
            _("That is {count} cards: the referee arranges at most {limit}.").format(
                count=len(hand), limit=rj.MAX_ARRANGE_CARDS
            )
        )
    return rj.arrange_answer(setting.rules, setting.round_number, hand, explain=True)


def _score_verdict(editor: Editor, setting: Setting) -> dict[str, Any]:
    hand = _hand(editor)
    table = get_point_table(setting.points_table) if setting.points_table else None
    return rj.score_answer(table or setting.rules.point_table, hand) | {"empty": not hand}


_VERDICTS: dict[str, Callable[[Editor, Setting], dict[str, Any]]] = {
    "contract": _contract_verdict,
    "liverpool": _liverpool_verdict,
    "layoff": _layoff_verdict,
    "swap": _swap_verdict,
    "arrange": _arrange_verdict,
}


# --- views ---------------------------------------------------------------------------------


def round_entry_urls(setting: Setting, hand: str) -> list[tuple[str, str]]:
    """For a game: one link per player to the round entry with this hand as their cards."""
    if setting.game is None or not hand or setting.game.finished:
        return []
    return [
        (name, url_for("games.show", game_id=setting.game.id, player=seat, cards=hand,
                       _anchor="entry-form"))
        for seat, name in enumerate(setting.game.players)
    ]  # fmt: skip


def game_url(setting: Setting) -> str | None:
    if setting.game is None:
        return None
    return url_for("games.show", game_id=setting.game.id)


def page_url(setting: Setting, tool: str, **params: Any) -> str:
    """The referee page for ``tool`` in the same setting."""
    if setting.game is not None:
        return url_for(
            "referee.page", game_id=setting.game.id, tool=tool, round=setting.round_number,
            **params,
        )  # fmt: skip
    return url_for(
        "referee.page", tool=tool, rules=setting.preset, round=setting.round_number, **params
    )


@ratelimit.limit_referee_questions
def page(game_id: str | None = None) -> Response:
    """The referee: ``/referee`` on its own, ``/games/<id>/referee`` with a game's rules."""
    values = request.form if request.method == "POST" else request.args
    tool = TOOLS.get(str(request.args.get("tool") or values.get("tool") or DEFAULT_TOOL))
    if tool is None:
        raise rj.RefereeInputError(
            _("There is no such referee tool; the tools are {tools}.").format(
                tools=", ".join(TOOLS)
            ),
            field="tool",
        )
    setting = read_setting(values, game_id)
    editor = read_editor(values, tool)
    editor.table = with_games_round(editor.table, values, setting.game, setting.round_number)
    answer = verdict(editor, setting)
    if setting.game is not None:
        post_url = url_for("referee.page", game_id=setting.game.id, tool=tool.id)
    else:
        post_url = url_for("referee.page", tool=tool.id)
    context: dict[str, Any] = {
        "tools": TOOLS,
        "tool": tool,
        "editor": editor,
        "slots": editor.views(),
        "setting": setting,
        "rules": setting.rules,
        "answer": answer,
        "presets": PRESETS,
        "point_tables": POINT_TABLES,
        "post_url": post_url,
        "page_url": lambda t, **p: page_url(setting, t, **p),
        "entry_urls": round_entry_urls(setting, editor.fields.get("hand", "")),
        "game_url": game_url(setting),
        "rules_url": rules_url(setting),
        "table_tools": TABLE_TOOLS,
        "kind_tools": KIND_TOOLS,
        "meld_kind_tools": MELD_KIND_TOOLS,
        # The card picker sits outside the editor: an htmx answer replaces it out of band,
        # so a change of rules adds or takes away its joker.
        "picker_out_of_band": is_htmx(),
    }
    return render("referee/page.html", "referee/_editor.html", **context)


for _rule, _methods in (
    ("/referee", ["GET", "POST"]),
    ("/games/<game_id>/referee", ["GET", "POST"]),
):
    bp.add_url_rule(_rule, endpoint="page", view_func=page, methods=_methods)


@bp.get("/rules")
def rules_index() -> Response:
    """Every preset, with its summary and a link to its rules page."""
    return render(
        "referee/rules_index.html",
        presets=PRESETS,
        point_tables=POINT_TABLES,
    )


@bp.get("/rules/<preset>")
def rules_page(preset: str) -> Response:
    """One preset's rules in plain language, with examples judged live by the referee."""
    rules = PRESETS.get(preset)
    if rules is None:
        raise NotFound(
            f'There is no rule set "{preset[:40]}". The rule sets are {", ".join(PRESETS)}.'
        )
    return render("referee/rules.html", rules=rules, book=rulebook(rules), presets=PRESETS)


# --- template helpers --------------------------------------------------------------------------


@bp.app_template_filter("ref_card")
def ref_card(code: str) -> Markup:
    """A canonical card code as a coloured card: ``7H`` → ``<span class="card suit-h">7♥</span>``;
    a set's wild stands for a rank alone (``7``)."""
    try:
        card = Card.parse(code)
    except CardParseError:
        return Markup('<span class="card suit-any">{}</span>').format(escape(code))
    return Markup('<span class="card {}">{}</span>').format(card_css(card), card.pretty)


@bp.app_template_filter("kind_word")
def kind_word_filter(kind: str | None) -> str:
    """A meld kind's value (``set``, ``color``) in words, in the reader's language."""
    try:
        return kind_word(MeldKind(str(kind)))
    except ValueError:
        return str(kind or "")


@bp.app_template_filter("ref_cards")
def ref_cards(codes: list[str]) -> Markup:
    return Markup("").join(ref_card(c) for c in codes)


# A web address in a rule set's summary ends before the punctuation that follows it in a
# sentence ("…/wiki/Kalooki; …"): Jinja's urlize kept a ';' in the address.
_ADDRESS = re.compile(r"https?://[^\s<>\"]+")
_TRAILING = ".,;:!?)]'\""


@bp.app_template_filter("linked_sources")
def linked_sources(text: str) -> Markup:
    """A summary with each web address a link opening in a new tab, the rest escaped."""
    pieces: list[Markup] = []
    last = 0
    for found in _ADDRESS.finditer(text):
        address = found.group(0).rstrip(_TRAILING)
        pieces.append(escape(text[last : found.start()]))
        pieces.append(
            Markup('<a href="{0}" target="_blank" rel="noopener">{0}</a>').format(address)
        )
        last = found.start() + len(address)
    pieces.append(escape(text[last:]))
    return Markup("").join(pieces)
