"""Saved rule sets (``scorekeeper.games.saved_rules``) on SQLite and on a real PostgreSQL
server: saving under a name for a device, reading back exactly, sharing by token, importing
a file (every problem listed, nothing saved on error), deleting."""

from __future__ import annotations

import dataclasses
import json

import pytest
from flask import Flask
from sqlalchemy import func
from sqlmodel import Session, select

from scorekeeper.db import get_engine
from scorekeeper.errors import Invalid, NotFound
from scorekeeper.games import saved_rules
from scorekeeper.models import SavedRuleSet
from scorekeeper.rules import PRESETS, RuleSet
from scorekeeper.rules.document import to_document
from scorekeeper.rules.ruleset_ids import own_id, same_rules
from scorekeeper.rules.rulesets import Contract, MeldKind, MeldSpec

ANN = "device-of-ann-0123456789abcdef"
BOB = "device-of-bob-0123456789abcdef"


def run_of_seven() -> RuleSet:
    """Family Liverpool with round 1 asking for a run of 7."""
    family = PRESETS["family"]
    first = dataclasses.replace(family.rounds[0], contract=Contract((MeldSpec(MeldKind.RUN, 7),)))
    return dataclasses.replace(family, id="custom", rounds=(first, *family.rounds[1:]))


def count_rows(app: Flask) -> int:
    with Session(get_engine(app)) as session:
        return session.exec(select(func.count()).select_from(SavedRuleSet)).one()


def test_saved_rules_read_back_exactly_for_their_device_only(db_app: Flask) -> None:
    rules = run_of_seven()
    with Session(get_engine(db_app)) as session:
        saved = saved_rules.save_rules(session, ANN, "  Run of   seven ", rules)
        assert saved.name == "Run of seven"  # spaces tidied as names are
    with Session(get_engine(db_app)) as session:
        mine = saved_rules.list_saved(session, ANN)
        assert [s.name for s in mine] == ["Run of seven"]
        again = saved_rules.get_saved(session, ANN, saved.id)
        assert again.rules.rounds == rules.rounds
        named = dataclasses.replace(rules, name="Run of seven")
        assert same_rules(again.rules, dataclasses.replace(named, id=own_id(named)))
        assert saved_rules.list_saved(session, BOB) == []
        with pytest.raises(NotFound):
            saved_rules.get_saved(session, BOB, saved.id)


def test_saving_under_the_same_name_replaces_and_keeps_the_link(db_app: Flask) -> None:
    with Session(get_engine(db_app)) as session:
        first = saved_rules.save_rules(session, ANN, "Ours", PRESETS["liverpool"])
        second = saved_rules.save_rules(session, ANN, "Ours", run_of_seven())
        bobs = saved_rules.save_rules(session, BOB, "Ours", PRESETS["family"])
    assert second.id == first.id and second.token == first.token
    assert second.rules.rounds[0].contract.describe() == "1 run of 7"
    assert bobs.id != first.id and bobs.token != first.token
    assert count_rows(db_app) == 2


def test_a_shared_link_reads_the_rule_set_and_nothing_else(db_app: Flask) -> None:
    with Session(get_engine(db_app)) as session:
        saved = saved_rules.save_rules(session, ANN, "Ours", run_of_seven())
        assert len(saved.token) >= 22  # 128 random bits
        shared = saved_rules.get_shared(session, saved.token)
        assert shared.rules == saved.rules and shared.name == "Ours"
        for wrong in ("", "x", saved.token[:-1] + ("A" if saved.token[-1] != "A" else "B")):
            with pytest.raises(NotFound):
                saved_rules.get_shared(session, wrong)


def test_a_file_round_trips_and_a_bad_one_saves_nothing(db_app: Flask) -> None:
    with Session(get_engine(db_app)) as session:
        saved = saved_rules.save_rules(session, ANN, "Ours", run_of_seven())
        text = saved_rules.document_json(saved)
        copy = saved_rules.import_rules(session, BOB, "", text)
        assert copy.name == "Ours" and copy.rules == saved.rules and copy.token != saved.token
        bad = to_document(PRESETS["liverpool"])
        bad["rounds"][3]["contract"][1]["min_length"] = 1
        bad["rounds"][0]["cards_dealt"] = "ten"
        with pytest.raises(Invalid) as refused:
            saved_rules.import_rules(session, BOB, "Broken", json.dumps(bad))
        problems = refused.value.details
        assert any(p.startswith("rounds[3].contract[1]:") for p in problems)
        assert any(p.startswith("rounds[0].cards_dealt:") for p in problems)
        with pytest.raises(Invalid):
            saved_rules.import_rules(session, BOB, "Broken", b"{not json")
    assert count_rows(db_app) == 2  # Ann's and Bob's copy: nothing from the bad files


def test_delete_is_for_the_owner_only(db_app: Flask) -> None:
    with Session(get_engine(db_app)) as session:
        saved = saved_rules.save_rules(session, ANN, "Ours", PRESETS["family"])
        with pytest.raises(NotFound):
            saved_rules.delete_saved(session, BOB, saved.id)
        assert count_rows(db_app) == 1
        saved_rules.delete_saved(session, ANN, saved.id)
    assert count_rows(db_app) == 0


def test_names_are_checked(db_app: Flask) -> None:
    with Session(get_engine(db_app)) as session:
        for name in ("", "   ", "x" * 201, None):
            with pytest.raises(Invalid):
                saved_rules.save_rules(session, ANN, name, PRESETS["family"])
        with pytest.raises(Invalid):
            saved_rules.save_rules(session, "short", "Ours", PRESETS["family"])
    assert count_rows(db_app) == 0


def test_ids_out_of_range_are_not_found(db_app: Flask) -> None:
    with Session(get_engine(db_app)) as session:
        for wrong in (0, -1, 2**31, 10**30):
            with pytest.raises(NotFound):
                saved_rules.get_saved(session, ANN, wrong)
            with pytest.raises(NotFound):
                saved_rules.delete_saved(session, ANN, wrong)


# --- ids: a saved rule set is one's own -------------------------------------------------------


def test_saved_rule_sets_get_ids_of_their_own(db_app: Flask) -> None:
    """Every rule set saved used to read "custom"; one with a preset's id passed for it."""
    with Session(get_engine(db_app)) as session:
        sevens = saved_rules.save_rules(session, ANN, "Sevens", run_of_seven())
        eights = saved_rules.save_rules(
            session, ANN, "Eights", dataclasses.replace(run_of_seven(), cut_bonus=-10)
        )
        fake = dataclasses.replace(run_of_seven(), id="family")
        not_family = saved_rules.save_rules(session, ANN, "Family Liverpool", fake)
        family = saved_rules.save_rules(session, BOB, "Family Liverpool", PRESETS["family"])
        renamed = saved_rules.save_rules(session, BOB, "Ours", PRESETS["family"])
    ids = [s.rules.id for s in (sevens, eights, not_family)]
    assert ids[0].startswith("sevens-") and ids[1].startswith("eights-")
    assert not_family.rules.id.startswith("family-liverpool-")
    assert len(set(ids)) == 3 and not set(ids) & set(PRESETS)
    assert family.rules.id == "family"  # the preset itself, under its own name
    assert renamed.rules.id.startswith("ours-")
    assert sevens.document["id"] == sevens.rules.id  # the file says the same


def test_an_imported_file_gets_an_id_of_its_own(db_app: Flask) -> None:
    document = to_document(run_of_seven())
    document["id"] = "liverpool"
    other = to_document(dataclasses.replace(run_of_seven(), cut_bonus=-10))
    other["id"] = "liverpool"
    with Session(get_engine(db_app)) as session:
        one = saved_rules.import_rules(session, ANN, "One", json.dumps(document))
        two = saved_rules.import_rules(session, ANN, "Two", json.dumps(other))
    assert one.rules.id.startswith("one-") and two.rules.id.startswith("two-")


def test_a_saved_rule_set_from_before_reads_with_its_own_id(db_app: Flask) -> None:
    """Rule sets saved before ids were their own say "custom": they read with their own."""
    with Session(get_engine(db_app)) as session:
        saved = saved_rules.save_rules(session, ANN, "Sevens", run_of_seven())
        row = session.get(SavedRuleSet, saved.id)
        assert row is not None
        document = json.loads(row.document)
        document["id"] = "custom"
        row.document = json.dumps(document)
        session.add(row)
        session.commit()
    with Session(get_engine(db_app)) as session:
        assert saved_rules.get_saved(session, ANN, saved.id).rules.id == saved.rules.id


# --- files that are not rule sets --------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"[" * 3000, "nested too deeply"),
        (b"[" * 100_000, "That file is"),
        (json.dumps({"rounds": [], "name": "Liver\ud800pool"}).encode(), "not valid text"),
        (b'{"name": "Liver\\ud800pool", "rounds": []}', "not valid text"),
        (b"\xff\xfe{}", "not JSON"),
    ],
)
def test_a_file_that_is_not_a_rule_set_is_refused(data: bytes, said: str) -> None:
    with pytest.raises(Invalid) as refused:
        saved_rules.read_rules_file(data)
    assert said in " ".join([refused.value.message, *(refused.value.details or [])])
