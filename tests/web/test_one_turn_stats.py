"""Down and out in one turn in a group's figures (issue 35 §2): the API's person answer
counts it, as the person page does."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from scorekeeper import games
from scorekeeper.db import get_engine
from scorekeeper.rules.scoring import PlayerResult

ONE_TURN = PlayerResult(went_out=True, down_and_out=True)


def continental_group(app: Flask, client: FlaskClient) -> tuple[str, dict[str, int]]:
    """Ann and Bob's finished Continental game: Ann goes down and out at once in rounds 1 and
    2 and goes out in the others; Bob never goes out."""
    response = client.post("/groups", data={"name": "Friday", "people": "Ann\nBob"})
    assert response.status_code == 303
    group_id = response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    with Session(get_engine(app), expire_on_commit=False) as session:
        view, _token = games.start_group_game(
            session, group_id, players=["Ann", "Bob"], preset="continental", first_dealer=0
        )
        for number in range(1, view.rules.round_count + 1):
            ann = ONE_TURN if number <= 2 else PlayerResult(went_out=True)
            result = games.RoundInput((ann, PlayerResult(points=5)))
            games.add_round(session, view.id, number, result)
        people = {p.name: p.id for p in games.load_group(session, group_id).people}
    return group_id, people


def test_the_api_counts_a_persons_one_turn_outs(app: Flask, client: FlaskClient) -> None:
    group_id, people = continental_group(app, client)
    ann = client.get(f"/api/v1/groups/{group_id}/people/{people['Ann']}").get_json()
    bob = client.get(f"/api/v1/groups/{group_id}/people/{people['Bob']}").get_json()
    assert (ann["one_turn_outs"], ann["summary"]["went_out"]) == (2, 7)
    assert bob["one_turn_outs"] == 0
