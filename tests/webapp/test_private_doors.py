"""The Mini App's doors to a seat's secrets over HTTP: the table view and its long poll show
a person their own seat while they play it, and nothing of it once they left the game."""

from __future__ import annotations

from tables.table import lobby
from tables.table.model import ChatRef
from tests.webapp.conftest import USERS, auth

GROUP = ChatRef(-100377)


def mino_dice_table(store, *users: int):
    table = store.create(GROUP, users[0], USERS[users[0]]["first_name"], game="mino_dice").table
    for user in users[1:]:
        name = USERS[user]["first_name"]
        store.change(table.id, lambda t, u=user, n=name: lobby.join(t, u, n))
    return store.change(table.id, lambda t: lobby.start(t, users[0], store.rng)).table


def test_the_table_view_and_the_long_poll_close_the_seat_when_its_person_leaves(http, store):
    table = mino_dice_table(store, 1, 2, 3)
    view = http.get(f"/api/tables/{table.id}", headers=auth(2)).json()
    assert view["private"]["items"] and view["actions"]  # Bob's dice and his bids

    left = http.post(f"/api/tables/{table.id}/lobby", json={"verb": "resign"}, headers=auth(2))
    assert left.status_code == 200 and left.json()["left"] is True
    for path in (f"/api/tables/{table.id}", f"/api/tables/{table.id}/wait?after=0"):
        after = http.get(path, headers=auth(2)).json()
        assert after["left"] is True and after["status"] == "playing"
        assert after["private"] is None and after["actions"] == [] and after["decision"] is None
    still = http.get(f"/api/tables/{table.id}", headers=auth(1)).json()
    assert still["private"]["items"]  # Alice plays on and sees her own dice
