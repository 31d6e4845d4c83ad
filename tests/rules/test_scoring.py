"""Scoring (scorekeeper.rules.scoring) and seating (scorekeeper.rules.seating)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.errors import RulesError, RuleSetError, RuleViolation
from scorekeeper.rules.points import (
    CONTRACT_RUMMY_POINTS,
    DEUCES_SIX_POINTS,
    FACE_VALUE_POINTS,
    LIVERPOOL_POINTS,
)
from scorekeeper.rules.presets import DEUCES_SIX, FAMILY, LIVERPOOL
from scorekeeper.rules.scoring import (
    PlayerResult,
    Standing,
    check_points,
    hand_points,
    score_round,
    standings,
    totals,
    winners,
)
from scorekeeper.rules.seating import RoundSeats, round_seats

OUT = PlayerResult(went_out=True)


def pts(n: object) -> PlayerResult:
    return PlayerResult(points=n)  # type: ignore[arg-type]


def problem_codes(*results: PlayerResult, **kwargs: object) -> list[str]:
    with pytest.raises(RuleViolation) as caught:
        score_round(LIVERPOOL, 1, results, first_dealer=0, **kwargs)  # type: ignore[arg-type]
    return [p.code for p in caught.value.problems]


# --- hand points -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "table", "points"),
    [
        ("AH JK 7C", LIVERPOOL_POINTS, 40),
        ("AH JK 7C", FACE_VALUE_POINTS, 37),
        ("AH JK 7C", CONTRACT_RUMMY_POINTS, 47),
        ("2H 2C AS 3D 10C KH", DEUCES_SIX_POINTS, 25 + 25 + 25 + 5 + 10 + 10),
        ("10H JH QH KH", LIVERPOOL_POINTS, 40),
        ("2H 9C", LIVERPOOL_POINTS, 10),
        ("", LIVERPOOL_POINTS, 0),
    ],
)
def test_hand_points(cards: str, table: object, points: int) -> None:
    assert hand_points(parse_cards(cards), table) == points  # type: ignore[arg-type]


# --- a round's scores --------------------------------------------------------------------


def test_the_player_who_went_out_scores_zero_and_others_their_cards() -> None:
    results = [OUT, PlayerResult(cards=parse_cards("AH JK 7C")), pts(35)]
    scored = score_round(LIVERPOOL, 1, results, first_dealer=0)
    assert scored.points == (0, 40, 35)
    assert scored.went_out == 0
    assert scored.cutter == 2 and not scored.cut_bonus


def test_cut_bonus_goes_to_the_rounds_cutter() -> None:
    # Round 2 with the first dealer in seat 0: seat 1 deals, seat 0 cuts.
    results = [pts(20), OUT, pts(35)]
    scored = score_round(LIVERPOOL, 2, results, first_dealer=0, cut_bonus=True)
    assert scored.cutter == 0
    assert scored.points == (20 - 50, 0, 35)


def test_the_cutter_can_go_below_zero() -> None:
    scored = score_round(LIVERPOOL, 1, [pts(5), pts(10), OUT], first_dealer=0, cut_bonus=True)
    assert scored.points == (5, 10, -50)


def test_a_rule_set_without_a_cut_bonus_refuses_one() -> None:
    with pytest.raises(RuleViolation) as caught:
        score_round(FAMILY, 1, [OUT, pts(5), pts(6)], first_dealer=0, cut_bonus=True)
    assert [p.code for p in caught.value.problems] == ["no-cut-bonus"]
    assert "Family Liverpool has no cut bonus" in caught.value.message


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ((pts(5), pts(10)), ["nobody-out"]),
        ((OUT, OUT), ["several-out"]),
        ((PlayerResult(went_out=True, points=5), pts(5)), ["out-with-points"]),
        ((PlayerResult(went_out=True, cards=parse_cards("AH")), pts(5)), ["out-with-points"]),
        ((OUT, pts(-5)), ["points-negative"]),
        ((OUT, pts(7)), ["points-impossible"]),
        ((OUT, pts(True)), ["points-not-a-number"]),
        ((OUT, pts("ten")), ["points-not-a-number"]),
        ((OUT, pts(100_000)), ["points-too-high"]),
        ((OUT, PlayerResult()), ["missing-points"]),
        ((OUT, PlayerResult(points=5, bought=-1)), ["bad-buys"]),
        ((pts(5), PlayerResult(), pts(7)), ["nobody-out", "missing-points", "points-impossible"]),
    ],
)
def test_round_problems(results: tuple[PlayerResult, ...], expected: list[str]) -> None:
    assert problem_codes(*results) == expected


def test_problems_name_the_player_and_carry_the_seat() -> None:
    with pytest.raises(RuleViolation) as caught:
        score_round(LIVERPOOL, 1, [OUT, pts(7)], first_dealer=0, names=["Ann", "Bob"])
    (problem,) = caught.value.problems
    assert problem.meld == 1
    assert problem.message.startswith("Bob's 7 points cannot be scored")


def test_missing_names_fall_back_to_seat_numbers() -> None:
    with pytest.raises(RuleViolation) as caught:
        score_round(LIVERPOOL, 1, [OUT, pts(5), pts(7)], first_dealer=0, names=["Ann"])
    assert caught.value.problems[0].message.startswith("player 3's 7 points")


def test_face_value_points_accept_any_whole_number() -> None:
    scored = score_round(FAMILY, 1, [OUT, pts(7), pts(13)], first_dealer=0)
    assert scored.points == (0, 7, 13)


def test_round_numbers_are_checked() -> None:
    with pytest.raises(RuleSetError, match="no round 7"):
        score_round(DEUCES_SIX, 7, [OUT, pts(5)], first_dealer=0)


def test_a_first_dealer_outside_the_table_is_refused() -> None:
    with pytest.raises(RulesError, match="first dealer"):
        score_round(LIVERPOOL, 1, [OUT, pts(5)], first_dealer=2)


def test_check_points() -> None:
    assert check_points(35, LIVERPOOL_POINTS) == []
    assert check_points(0, LIVERPOOL_POINTS) == []
    assert [p.code for p in check_points(36, LIVERPOOL_POINTS)] == ["points-impossible"]
    assert check_points(36, FACE_VALUE_POINTS) == []
    assert "multiple of 5" in check_points(36, DEUCES_SIX_POINTS, "Ann")[0].message


@given(st.lists(st.sampled_from(parse_cards("AH 2C 3D 9S 10H JC QD KS JK")), max_size=20))
def test_any_real_hand_passes_check_points(cards: list[object]) -> None:
    for table in (LIVERPOOL_POINTS, FACE_VALUE_POINTS, CONTRACT_RUMMY_POINTS, DEUCES_SIX_POINTS):
        assert check_points(table.hand_points(cards), table) == []  # type: ignore[arg-type]


# --- totals and standings ------------------------------------------------------------------


def test_totals() -> None:
    assert totals([(0, 40, 35), (-50, 0, 20)], 3) == (-50, 40, 55)
    assert totals([], 2) == (0, 0)


def test_standings_share_places_on_equal_totals() -> None:
    assert standings([120, 85, 85]) == [
        Standing(1, 1, 85),
        Standing(1, 2, 85),
        Standing(3, 0, 120),
    ]
    assert [s.place for s in standings([10, 20, 20, 30])] == [1, 2, 2, 4]
    assert standings([]) == []


def test_winners_share_the_lowest_total() -> None:
    assert winners([120, 85, 85]) == [1, 2]
    assert winners([-50, 0]) == [0]
    assert winners([]) == []


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=8))
def test_standings_properties(player_totals: list[int]) -> None:
    table = standings(player_totals)
    assert sorted(s.seat for s in table) == list(range(len(player_totals)))
    assert [s.total for s in table] == sorted(player_totals)
    assert [s.seat for s in table if s.place == 1] == winners(player_totals)
    for before, after in pairwise(table):
        assert (before.place == after.place) == (before.total == after.total)


# --- seating -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first_dealer", "round_number", "players", "seats"),
    [
        (0, 1, 4, RoundSeats(dealer=0, first_player=1, cutter=3)),
        (0, 2, 4, RoundSeats(dealer=1, first_player=2, cutter=0)),
        (2, 3, 4, RoundSeats(dealer=0, first_player=1, cutter=3)),
        (3, 1, 4, RoundSeats(dealer=3, first_player=0, cutter=2)),
        (0, 7, 3, RoundSeats(dealer=0, first_player=1, cutter=2)),
        (1, 1, 2, RoundSeats(dealer=1, first_player=0, cutter=0)),
    ],
)
def test_round_seats(first_dealer: int, round_number: int, players: int, seats: RoundSeats) -> None:
    assert round_seats(first_dealer, round_number, players) == seats


@given(st.integers(1, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1))),
       st.integers(1, 20))  # fmt: skip
def test_the_deal_passes_left_each_round(case: tuple[int, int], round_number: int) -> None:
    players, first = case
    now = round_seats(first, round_number, players)
    after = round_seats(first, round_number + 1, players)
    assert after.dealer == (now.dealer + 1) % players
    assert now.first_player == (now.dealer + 1) % players
    assert now.cutter == (now.dealer - 1) % players


@pytest.mark.parametrize(
    ("first_dealer", "round_number", "players", "message"),
    [
        (0, 1, 0, "needs players"),
        (4, 1, 4, "first dealer"),
        (-1, 1, 4, "first dealer"),
        (0, 0, 4, "numbered from 1"),
    ],
)
def test_round_seats_rejects_nonsense(
    first_dealer: int, round_number: int, players: int, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        round_seats(first_dealer, round_number, players)
