"""Groups and people (scorekeeper.games.groups) on SQLite and PostgreSQL: creating, edit
rights, games started from a group, rename and merge, and the refusals."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from sqlmodel import Session, select

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.errors import Conflict, Forbidden, Invalid, KeyReused, NotFound
from scorekeeper.games.groups import rotate_group_join_code
from scorekeeper.models import Person, Player, PlayGroup
from tests.conftest import GameBuilder

DEVICE = "d" * 30


@pytest.fixture
def session(db_app: Flask) -> Iterator[Session]:
    with Session(get_engine(db_app), expire_on_commit=False) as session:
        yield session


def test_a_group_starts_with_its_people_and_the_creator_may_edit(session: Session) -> None:
    group, token = games.create_group(session, "  Smith   family ", people=["Ann", "bob", "Bob"])
    assert group.name == "Smith family"
    assert [p.name for p in group.people] == ["Ann", "bob"]  # "Bob" is bob
    assert len(group.id) >= 20 and token
    assert games.can_edit_group(session, group.id, [token])
    assert not games.can_edit_group(session, group.id, ["x" * 43])
    games.require_group_edit(session, group.id, [token])
    with pytest.raises(Forbidden):
        games.require_group_edit(session, group.id, ["x" * 43])


def test_a_device_joins_with_the_code_and_a_wrong_code_changes_nothing(session: Session) -> None:
    group, _token = games.create_group(session, "Smiths")
    with pytest.raises(Forbidden):
        games.join_group(session, group.id, "WRONG1", device=DEVICE)
    assert not games.can_edit_group(session, group.id, device=DEVICE)
    assert games.join_group(session, group.id, group.join_code.lower(), device=DEVICE) == ""
    assert games.can_edit_group(session, group.id, device=DEVICE)
    assert games.device_group_ids(session, DEVICE) == [group.id]


def test_a_game_started_from_the_group_links_each_seat_to_a_person(session: Session) -> None:
    group, _token = games.create_group(session, "Smiths", people=["Ann", "Bob"])
    ann, bob = group.people
    view, _t = games.start_group_game(
        session, group.id, person_ids=[bob.id, ann.id], preset="liverpool", first_dealer=0
    )
    assert view.players == ("Bob", "Ann")
    other, _t = games.start_group_game(session, group.id, players=["ann", "Cy"], preset="liverpool")
    after = games.load_group(session, group.id)
    assert [(p.name, p.games) for p in after.people] == [("Ann", 2), ("Bob", 1), ("Cy", 1)]
    assert after.game_count == 2 and after.finished_count == 0
    listed = games.group_games(session, group.id)
    assert {g.id for g in listed} == {view.id, other.id}
    assert games.game_group_id(session, view.id) == group.id


def test_starting_a_game_with_an_unknown_person_is_refused(session: Session) -> None:
    group, _token = games.create_group(session, "Smiths", people=["Ann", "Bob"])
    stranger, _t = games.create_group(session, "Joneses", people=["Zed"])
    with pytest.raises(NotFound):
        games.start_group_game(
            session, group.id, person_ids=[group.people[0].id, stranger.people[0].id],
            preset="liverpool",
        )  # fmt: skip
    with pytest.raises(Invalid):
        games.start_group_game(
            session, group.id, person_ids=[group.people[0].id] * 2, preset="liverpool"
        )
    assert games.group_games(session, group.id) == []


def test_rename_changes_the_group_pages_not_the_games(
    session: Session, new_game: GameBuilder
) -> None:
    group, _token = games.create_group(session, "Smiths")
    view = new_game(session, ["Ann", "Bbo"], [[None, 10]], group_id=group.id, rounds=1)
    typo = next(p for p in games.load_group(session, group.id).people if p.name == "Bbo")
    renamed = games.rename_person(session, group.id, typo.id, "Bob")
    assert renamed.name == "Bob"
    assert games.load_game(session, view.id).players == ("Ann", "Bbo")  # as typed at the table
    assert games.group_games(session, group.id)[0].players == ("Ann", "Bob")
    with pytest.raises(Conflict):
        games.rename_person(session, group.id, typo.id, "ann")  # Ann exists: merge instead


def test_merge_moves_every_game_and_deletes_the_typo(
    session: Session, new_game: GameBuilder
) -> None:
    group, _token = games.create_group(session, "Smiths")
    new_game(session, ["Ann", "Bob"], [[None, 10]], group_id=group.id, rounds=1)
    new_game(session, ["Ann", "Bbo"], [[None, 10]], group_id=group.id, rounds=1)
    people = {p.name: p.id for p in games.load_group(session, group.id).people}
    merged = games.merge_people(session, group.id, people["Bbo"], people["Bob"])
    assert (merged.name, merged.games) == ("Bob", 2)
    assert session.get(Person, people["Bbo"]) is None
    seats = session.exec(select(Player.person_id).where(Player.name == "Bbo")).all()
    assert seats == [people["Bob"]]


def test_refused_merges_change_nothing(session: Session, new_game: GameBuilder) -> None:
    group, _token = games.create_group(session, "Smiths")
    new_game(session, ["Ann", "Bob"], [[None, 10]], group_id=group.id, rounds=1)
    people = {p.name: p.id for p in games.load_group(session, group.id).people}
    before = games.load_group(session, group.id)
    with pytest.raises(Invalid, match="themselves"):
        games.merge_people(session, group.id, people["Ann"], people["Ann"])
    with pytest.raises(Invalid, match="same game"):
        games.merge_people(session, group.id, people["Ann"], people["Bob"])
    with pytest.raises(NotFound):
        games.merge_people(session, group.id, people["Ann"], 999_999)
    other, _t = games.create_group(session, "Joneses", people=["Zed"])
    with pytest.raises(NotFound):
        games.merge_people(session, group.id, people["Ann"], other.people[0].id)
    assert games.load_group(session, group.id) == before


def test_an_existing_game_stays_as_it_is_until_attached(session: Session) -> None:
    view, token = games.create_game(session, preset="liverpool", players=["Ann", "Dee"])
    assert games.game_group_id(session, view.id) is None
    group, _t = games.create_group(session, "Smiths", people=["ann"])
    games.attach_game(session, group.id, view.id, tokens=[token])
    people = games.load_group(session, group.id).people
    assert [(p.name, p.games) for p in people] == [("ann", 1), ("Dee", 1)]
    other, _t = games.create_group(session, "Joneses")
    with pytest.raises(Conflict):
        games.attach_game(session, other.id, view.id, tokens=[token])


@pytest.mark.parametrize("name", ["", "   ", 7, "x" * 201])
def test_bad_names_are_refused(session: Session, name: object) -> None:
    with pytest.raises(Invalid):
        games.create_group(session, name)
    group, _t = games.create_group(session, "Smiths", people=["Ann"])
    with pytest.raises(Invalid):
        games.rename_person(session, group.id, group.people[0].id, name)
    assert games.load_group(session, group.id).people[0].name == "Ann"


def test_markup_in_a_name_is_kept_as_text(session: Session) -> None:
    group, _t = games.create_group(session, "<b>Smiths</b>", people=["<script>x</script>"])
    assert group.name == "<b>Smiths</b>"
    assert group.people[0].name == "<script>x</script>"


def test_unknown_group_and_person(session: Session) -> None:
    with pytest.raises(NotFound):
        games.load_group(session, "no-such-group-id-at-all")
    with pytest.raises(NotFound):
        games.load_group(session, "short")
    group, _t = games.create_group(session, "Smiths")
    with pytest.raises(NotFound):
        games.rename_person(session, group.id, 12345, "Ann")


def test_a_new_join_code_stops_the_old_one(session: Session) -> None:
    group, token = games.create_group(session, "Smiths")
    games.join_group(session, group.id, group.join_code, device=DEVICE)
    rotated = rotate_group_join_code(session, group.id)
    assert rotated.join_code != group.join_code
    assert games.load_group(session, group.id).join_code == rotated.join_code
    with pytest.raises(Forbidden):
        games.join_group(session, group.id, group.join_code, device="e" * 30)
    assert not games.can_edit_group(session, group.id, device="e" * 30)
    assert games.join_group(session, group.id, rotated.join_code, device="e" * 30) == ""
    # Rights already given stay.
    assert games.can_edit_group(session, group.id, [token])
    assert games.can_edit_group(session, group.id, device=DEVICE)
    with pytest.raises(NotFound):
        rotate_group_join_code(session, "n" * 22)


def test_a_retried_group_is_made_once(session: Session) -> None:
    client = {"idempotency_key": "k", "client": "c1", "secret": "c" * 20}
    first, token = games.create_group(session, "Smiths", people=["Ann"], **client)
    again, again_token = games.create_group(
        session, " Smiths ", people=["Ann"], **client
    )  # the same group once cleaned up
    assert again.id == first.id and again_token == token
    assert games.can_edit_group(session, first.id, [again_token])
    with pytest.raises(KeyReused):
        games.create_group(session, "Smiths", people=["Bob"], **client)
    with pytest.raises(Conflict, match="already carried out"):  # no secret, no rights
        games.create_group(session, "Smiths", people=["Ann"], **(client | {"secret": None}))
    other, _t = games.create_group(
        session, "Smiths", people=["Ann"], idempotency_key="k", client="c2"
    )  # another client's key is another key
    assert other.id != first.id
    groups = session.exec(select(PlayGroup.id)).all()
    assert sorted(groups) == sorted([first.id, other.id])
