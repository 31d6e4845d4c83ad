"""An imported game's end (issue 33 §5): a game its rounds finish must say when it ended.

Before, a finished game with ``finished_at: null`` was imported: it read as finished with a
winner, but the leaderboard and ``finished_games`` left it out (2 of 3 games counted). It is
refused now, saying where; so is an unfinished game that says it ended."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.games import transfer
from tests.conftest import GameBuilder

API = "/api/v1"


def _import(client: FlaskClient, data: dict[str, Any], language: str = "en") -> Any:
    return client.post(
        f"{API}/import", data=json.dumps(data), content_type="application/json",
        headers={"Accept-Language": language},
    )  # fmt: skip


@pytest.fixture
def group_file(app: Flask, new_game: GameBuilder) -> dict[str, Any]:
    """A group of three finished games and one unfinished, exported, under new ids."""
    with Session(get_engine(app), expire_on_commit=False) as session:
        group, _t = games.create_group(session, "Smiths", people=["Ann", "Bob", "Cy"])
        for _ in range(3):
            new_game(session, ["Ann", "Bob", "Cy"], [[None, 10, 20]], group_id=group.id,
                     rounds="all")  # fmt: skip
        new_game(session, ["Ann", "Bob", "Cy"], [[None, 10, 20]], group_id=group.id, rounds=2)
        session.commit()
    data: dict[str, Any] = json.loads(
        "".join(transfer.export_group_json(get_engine(app), group.id))
    )
    data["group"]["id"] = "g" * 22
    for number, game in enumerate(data["games"]):
        game["id"] = f"game-{number}-" + "x" * 16
    return data


def _finished(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [g for g in data["games"] if g["finished_at"] is not None]


def test_a_finished_game_without_its_end_is_refused_saying_where(
    client: FlaskClient, group_file: dict[str, Any]
) -> None:
    first, second, _third = _finished(group_file)
    first["finished_at"] = None
    answer = _import(client, group_file)
    assert answer.status_code == 400
    problems = answer.get_json()["details"]["problems"]
    assert problems == [
        {
            "where": f"game {group_file['games'].index(first) + 1} ({first['id']})",
            "problem": "finished_at: the game's rounds finish it, so it needs the time it ended",
        }
    ]
    spanish = _import(client, group_file, "es").get_json()["details"]["problems"]
    assert spanish[0]["problem"].startswith("finished_at: las rondas de la partida la terminan")
    first["finished_at"] = second["finished_at"]
    assert _import(client, group_file).status_code == 201


def test_an_unfinished_game_that_says_it_ended_is_refused(
    client: FlaskClient, group_file: dict[str, Any]
) -> None:
    unfinished = next(g for g in group_file["games"] if g["finished_at"] is None)
    unfinished["finished_at"] = _finished(group_file)[0]["finished_at"]
    problems = _import(client, group_file).get_json()["details"]["problems"]
    assert [p["problem"] for p in problems] == [
        "finished_at: the game's rounds do not finish it, so it must be null"
    ]


def test_a_game_file_alone_is_checked_the_same_way(
    client: FlaskClient, app: Flask, new_game: GameBuilder
) -> None:
    view = new_game(app, ["Ann", "Bob"], [[None, 10]], rounds="all")
    data: dict[str, Any] = json.loads("".join(transfer.export_game_json(get_engine(app), view.id)))
    data["game"]["id"] = "alone-" + "x" * 16
    data["game"]["finished_at"] = None
    problems = _import(client, data).get_json()["details"]["problems"]
    assert [p["where"] for p in problems] == [f"the game ({data['game']['id']})"]
