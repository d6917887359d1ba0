"""Two people playing a whole game through the Mini App's HTTP API (no browser): each move
posted on the decision the page got, each other move followed with the long poll."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from tests.support.bot_process import TOKEN
from webapp.init_data import sign_user


def auth(user_id: int) -> dict[str, str]:
    user = {"id": user_id, "first_name": f"P{user_id}", "language_code": "en"}
    return {"Authorization": "tma " + sign_user(TOKEN, user)}


def choose(view: dict) -> str:
    actions = [a["action"] for row in view["actions"] for a in row]
    return "challenge" if "challenge" in actions else actions[0]


def play_game(
    urls: list[str],
    table_id: str,
    users: list[int],
    *,
    after_move: Callable[[int], None] = lambda count: None,
    max_moves: int = 400,
    refused: list[int] | None = None,
) -> list[int]:
    """Plays until the game is over; the versions the server acknowledged, in order.
    ``urls`` are used in turn (several web workers); ``after_move`` runs after each move.
    With ``refused`` (a list), a move the server did not acknowledge (Redis briefly
    unavailable) is noted there and the player looks at the table again, as a page does."""
    acknowledged: list[int] = []
    with httpx.Client(timeout=60) as http:
        view = http.get(f"{urls[0]}/api/tables/{table_id}", headers=auth(users[0])).json()
        for count in range(max_moves):
            if view["over"]:
                return acknowledged
            url = urls[count % len(urls)]
            mover = next(
                u
                for u in users
                if (v := http.get(f"{url}/api/tables/{table_id}", headers=auth(u)).json())
                and v["decision"] is not None
            )
            mine = http.get(f"{url}/api/tables/{table_id}", headers=auth(mover)).json()
            watcher = next(u for u in users if u != mover)
            response = http.post(
                f"{url}/api/tables/{table_id}/moves",
                json={"action": choose(mine), "decision": mine["decision"]},
                headers=auth(mover),
            )
            if refused is not None and response.status_code != 200:
                refused.append(response.status_code)
                view = http.get(f"{url}/api/tables/{table_id}", headers=auth(mover)).json()
                continue
            assert response.status_code == 200, response.text
            acknowledged.append(response.json()["version"])
            # The other player's page is told by its long poll.
            view = http.get(
                f"{urls[(count + 1) % len(urls)]}/api/tables/{table_id}/wait",
                params={"after": mine["version"], "timeout": 20},
                headers=auth(watcher),
            ).json()
            assert view["version"] >= acknowledged[-1]
            after_move(count)
    raise AssertionError("the game did not end")
