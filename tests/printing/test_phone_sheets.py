"""PDF sheets (issue 25): an emoji in a name or a title prints as itself (read back from the
PDF), not as a box; a rule set without jokers prints no joker in its points key."""

from __future__ import annotations

from flask import Flask

from scorekeeper.printing import render_blank_sheet, render_game_sheet, render_trophy
from scorekeeper.rules import PRESETS
from tests.conftest import GameBuilder
from tests.printing.test_printing import made_up_points, read_pdf

EMOJI_NAMES = ["Zoë 🎉", "Grandma 👵", "Bob", "Dee 🃏"]


def fonts_and_text(pdf: bytes) -> tuple[set[str], str]:
    """The fonts a PDF embeds (subset prefix dropped) and its text."""
    reader = read_pdf(pdf)
    fonts: set[str] = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+", 1)[-1])
    return fonts, " ".join(page.extract_text() for page in reader.pages)


def emoji_fonts(fonts: set[str]) -> set[str]:
    return {font for font in fonts if "Emoji" in font}


def test_an_emoji_in_a_name_or_title_prints_with_the_emoji_font(
    app: Flask, new_game: GameBuilder
) -> None:
    blank = render_blank_sheet(PRESETS["liverpool"], EMOJI_NAMES, title="Party 🥳 night")
    fonts, text = fonts_and_text(blank)
    assert emoji_fonts(fonts)  # drawn with an emoji font: a glyph, not a box
    for emoji in ("🎉", "👵", "🃏", "🥳"):
        assert emoji in text  # and read back as itself
    rules = PRESETS["liverpool"]
    points = made_up_points(rules, 4, 1)
    game = new_game(app, EMOJI_NAMES, points, went_out=0, title="🎂 Gran")
    for pdf in (render_game_sheet(game), render_trophy(game)):
        fonts, text = fonts_and_text(pdf)
        assert emoji_fonts(fonts)
        assert "🎂" in text and "👵" in text


def test_digits_and_suits_are_not_drawn_as_emoji() -> None:
    # The emoji font is the fallback for emoji only: named in a font list, fontconfig put it
    # ahead of DejaVu, for the digits and the suits too (and each render cost 0.1 s more).
    pdf = render_blank_sheet(PRESETS["liverpool"], ["Zoë ♠ 10", "Bob"], title="Round ♥ 7")
    fonts, text = fonts_and_text(pdf)
    assert emoji_fonts(fonts) == set() and "Zoë ♠ 10" in text and "Round ♥ 7" in text


def test_a_rule_set_without_jokers_prints_no_joker_in_its_points_key() -> None:
    _fonts, sixes = fonts_and_text(render_blank_sheet(PRESETS["deuces-six"], 4))
    assert "Joker" not in sixes and "10 J Q K 10" in sixes
    _fonts, liverpool = fonts_and_text(render_blank_sheet(PRESETS["liverpool"], 4))
    assert "Joker 20" in liverpool  # a rule set with jokers keeps them in its key
