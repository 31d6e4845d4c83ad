"""Grammar and words in Spanish and German (issue 34 §3), each checked as a rule over every
place of its kind, not one string: card names say rank words, a count's plural is picked
from that count, no "con 0"/"mit 0", plural verbs after "y"/"und", ...

No native speaker checked these; the choices are written down in the catalogues' words and
in the issue's report."""

from __future__ import annotations

import html
import re
from contextlib import nullcontext
from types import SimpleNamespace

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.games.phase_rounds import over_message
from scorekeeper.rules.arranger import arrange
from scorekeeper.rules.cards import Rank, card_words, parse_cards
from scorekeeper.rules.language import speaking
from scorekeeper.rules.melds import meld_problems
from scorekeeper.rules.presets import PRESETS
from tests.conftest import GameBuilder, grant_device
from tests.test_i18n import catalogue, translations
from tests.test_i18n_referee import REFEREE_PAGES

ALL_CARDS = [rank.label + suit for suit in "SHDC" for rank in Rank] + ["JK"]


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", {"AS": "Ace of spades", "QS": "Queen of spades", "7H": "7 of hearts"}),
        ("es", {"AS": "As de picas", "QS": "Reina de picas", "KD": "Rey de diamantes"}),
        ("de", {"AS": "Pik-Ass", "QS": "Pik-Dame", "JC": "Kreuz-Bube", "7H": "Herz-7"}),
    ],
)
def test_the_54_picker_buttons_say_rank_words(
    client: FlaskClient, language: str, names: dict[str, str]
) -> None:
    """A screen reader reads each button of the card picker: "Q of spades" read a letter."""
    page = client.get("/referee?tool=layoff", headers={"Accept-Language": language})
    # Each button's name is its hidden text (the visible "Q♠" is hidden from the reader).
    named = r'(?:data-card|value)="(\w+)"[^>]*>.*?<span class="visually-hidden">([^<]+)</span>'
    joker = r'(?:data-card|value)="(JK)"[^>]*aria-label="([^"]+)"'  # visible "Joker" too
    text = page.get_data(as_text=True)
    labels = dict(re.findall(named, text)) | dict(re.findall(joker, text))
    labels = {code: html.unescape(label) for code, label in labels.items()}
    assert set(labels) == set(ALL_CARDS)
    for code, name in names.items():
        assert labels[code] == name
    letters = [label for label in labels.values() if re.search(r"(?<![\w-])[AJQK](?![\w-])", label)]
    assert letters == []
    with speaking(translations(language)) if language != "en" else nullcontext():
        assert [card_words(code) for code in ALL_CARDS] == [labels[c] for c in ALL_CARDS]


# --- the arranger's "why not": each count picks its own plural ------------------------------

# Hands whose reason counts wild cards and what is short (found by a seeded random search).
REASONS = [
    ("ten-phase", 9, "QS 9H KD 4S QD 8C 2H AC 2D 5D KS 9D"),  # 2 wilds, one more
    ("ten-phase", 7, "3C KS 4S JD 9S 2S 9H 3D KD"),  # 2 wilds, two more
    ("kalooki", 3, "AD QH KS 6S 4S 2S QD 3S 8S KD JK JK"),  # at once: two more
    ("deuces-six", 2, "JS 9S 4C 2D 3D KS 6D"),  # no wild card
    ("liverpool", 3, "3H 4H 6H 9S JH QC KD 2S 4C 5C"),  # no wild card
    ("liverpool-11", 3, "6H AD AS 9D JS KC 9S 8S JC 4H JK"),  # 1 wild, only one suit
]


def _why_not(preset: str, number: int, hand: str, language: str) -> str:
    with speaking(translations(language)) if language != "en" else nullcontext():
        arrangement = arrange(PRESETS[preset], number, parse_cards(hand))
        assert not arrangement.possible
        return arrangement.reason


@pytest.mark.parametrize(("preset", "number", "hand"), REASONS)
def test_no_reason_says_zero_wild_cards(preset: str, number: int, hand: str) -> None:
    """ "con 0 comodines", "mit 0 Jokern": zero wild cards are "sin comodines", "ohne Joker"."""
    for language in ("en", "es", "de"):
        said = _why_not(preset, number, hand, language)
        assert not re.search(r"\b(with|con|mit) 0\b", said), said


@pytest.mark.parametrize(
    ("language", "one_more", "two_wilds", "zero"),
    [
        ("en", "one more would be needed", "with 2 wild cards", "with no wild card"),
        ("es", "haría falta 1 más", "con 2 comodines", "sin comodines"),
        ("de", "1 weiterer wäre nötig", "mit 2 Jokern", "ohne Joker"),
    ],
)
def test_each_count_picks_its_own_plural(
    language: str, one_more: str, two_wilds: str, zero: str
) -> None:
    """ "harían falta 1 más" took its plural from the wild cards (2), not from what is short."""
    said = _why_not("ten-phase", 9, "QS 9H KD 4S QD 8C 2H AC 2D 5D KS 9D", language)
    assert one_more in said and two_wilds in said, said
    assert zero in _why_not("deuces-six", 2, "JS 9S 4C 2D 3D KS 6D", language)


# --- one word for one thing, across the whole catalogue --------------------------------------

# (language, a pattern no translation may hold, why)
WORDS_NOT_USED = [
    ("es", r"\b[Ss]e cerró\b", "went out is 'cerró' (the app said both)"),
    (
        "es",
        r"\bNo se puede hacer \{",
        "'No se puede hacer 2 tríos': agreement-free 'No es posible'",
    ),
    ("es", r"en lugar de \{(stands_for|rank|low)\}", "a wild stands for a card: 'haciendo de'"),
    ("es", r"\(un palo\)", "'Combinación de un palo (un palo)' repeats itself"),
    ("de", r"ausgemacht|ausmach|macht aus\b", "'ausgemacht' reads as 'agreed': 'raus'"),
    ("de", r"Kartenfarbe", "red/black is not a suit: say rot/schwarz"),
    ("de", r"aus \{rank\}", "'Satz aus Könige': aus takes the dative"),
    ("de", r"Champion", "the winner is the 'Sieger'"),
    ("de", r"Tipps", "taps are not tips"),
    ("de", r"den Platz von \{wild\}", "'den Platz von Joker' lacks its article"),
    ("de", r"ist nicht \{suit\}", "'ist nicht Herz': 'ist kein Herz'"),
    ("de", r"^Sie könnte stattdessen", "it is the joker (masculine)"),
    ("de", r"^Eine Art, ", "'Art' is the meld kind elsewhere"),
    ("de", r"^Um das Geben abheben", "'Geber durch Abheben auslosen'"),
    ("de", r"; links vom Geber beginnt", "no subject"),
    ("de", r": (Ihre?|Sie|Ihnen) ", "a capital 'Ihre'/'Sie' after a colon reads as the formal"),
]


@pytest.mark.parametrize(("language", "pattern", "why"), WORDS_NOT_USED)
def test_no_translation_uses_the_word(language: str, pattern: str, why: str) -> None:
    found = []
    for entry in catalogue(language):
        forms = [entry.string] if isinstance(entry.string, str) else list(entry.string or ())
        found += [form for form in forms if form and re.search(pattern, form)]
    assert found == [], why


@pytest.mark.parametrize(
    ("language", "several", "one"),
    [
        ("en", "Ann and Bob completed", "Ann completed"),
        ("es", "Ann y Bob completaron", "Ann completó"),
        ("de", "Ann und Bob haben", "Ann hat"),
    ],
)
def test_several_finishers_take_a_plural_verb(language: str, several: str, one: str) -> None:
    """The game is over when players complete the last phase: "Ann y Bob completó"."""
    view = SimpleNamespace(
        phases=SimpleNamespace(ended=9, finishers=[0, 1]),
        players=["Ann", "Bob"],
        rules=PRESETS["ten-phase"],
    )
    with speaking(translations(language)) if language != "en" else nullcontext():
        said = over_message(view)  # type: ignore[arg-type]
        alone = over_message(
            SimpleNamespace(**{**vars(view), "phases": SimpleNamespace(ended=9, finishers=[0])})
        )  # type: ignore[arg-type]
    assert several in said, said
    assert one in alone, alone


def test_the_game_pages_wild_cards_do_not_say_their_label_twice(
    app: Flask, client: FlaskClient, new_game: GameBuilder
) -> None:
    """es "Comodines: son comodines: jokers": the label, then what is wild."""
    game = new_game(app, ["Ann", "Bob"])
    grant_device(app, client, game.id)
    page = client.get(f"/games/{game.id}", headers={"Accept-Language": "es"})
    pairs = re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", page.get_data(as_text=True))
    wild = [dd for dt, dd in pairs if dt == "Comodines"]
    assert wild and all("comodines" not in dd.lower() for dd in wild), wild


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_no_space_before_a_full_stop(client: FlaskClient, language: str) -> None:
    """ "Joker hace de 7 ." (a template): no text ends a sentence with a space before its stop."""
    found = []
    for path in [f"/rules/{preset}" for preset in PRESETS] + REFEREE_PAGES:
        page = client.get(path, headers={"Accept-Language": language}).get_data(as_text=True)
        text = html.unescape(" ".join(re.sub(r"<[^>]+>", "", page).split()))
        found += [(path, m.group(0)) for m in re.finditer(r"\S{1,20} [.,;:](?=\s|$)", text)]
    assert found == []


def test_a_countrys_game_uses_its_tables_words() -> None:
    """Chilean Carioca: a table there says *botar*, *el pozo*, *pegar*, *irse*."""
    summary = dict(PRESETS["carioca"].summaries)["es"]
    for word in ("bota", "pozo", "pega", "se va"):
        assert word in summary, word
    german = dict(PRESETS["carioca"].summaries)["de"]
    assert "(Q K A 2)" in german  # a card's letter is the card's, not a German rank's


@pytest.mark.parametrize(
    ("language", "said"),
    [("es", "no es una carta de corazones"), ("de", "ist kein Herz")],
)
def test_a_card_of_another_suit_is_said_whole(language: str, said: str) -> None:
    """ "no es un corazón", "ist nicht Herz": a card is not *of* a suit."""
    with speaking(translations(language)):
        problems = meld_problems(parse_cards("7H 8S 9H 10H"), PRESETS["liverpool"])
    assert any(said in p.message for p in problems), [p.message for p in problems]


def test_a_wild_standing_for_a_card_has_its_article(client: FlaskClient) -> None:
    """es "Joker hace de 8": "el Joker hace de 8"."""
    page = client.get(
        "/referee?tool=contract&group=7H+7C+7S&group=8D+8C+JK&hand=9S",
        headers={"Accept-Language": "es"},
    )
    text = html.unescape(re.sub(r"<[^>]+>", "", page.get_data(as_text=True)))
    assert "el Joker hace de 8" in " ".join(text.split())


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "(any ace)"), ("es", "(cualquier as)"), ("de", "(Ass beliebiger Farbe)")],
)
def test_a_wild_in_a_set_stands_for_any_card_of_a_rank_in_words(
    client: FlaskClient, language: str, said: str
) -> None:
    """ "(cualquier A)", "(beliebige K)": the rank's word, not its letter."""
    page = client.get(
        "/referee?tool=contract&group=AH+AC+JK&group=8D+8C+8S&hand=9S",
        headers={"Accept-Language": language},
    )
    assert said in html.unescape(page.get_data(as_text=True))


def test_spanish_says_joker_for_the_card_and_comodin_for_a_wild() -> None:
    """One word for one thing: *joker* is the card, *comodín* any wild card (a joker or a wild
    2), as the English says "joker" and "wild card"."""
    mixed = []
    for entry in catalogue("es"):
        if not entry.id or not entry.string:
            continue
        english = entry.id if isinstance(entry.id, str) else " ".join(entry.id)
        said = entry.string if isinstance(entry.string, str) else " ".join(entry.string)
        joker = re.search(r"\bjokers?\b", english, re.I) and not re.search(r"\bwild", english)
        if joker and "comod" in said and not re.search(r"\bjokers?\b", said, re.I):
            mixed.append(said)
    assert mixed == []
