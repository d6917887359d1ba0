"""The JSON a page gets to replay one game (tables.fairness.replay), in the reader's language.

Each step carries what the table showed then: the public view (for the game's renderer),
the status lines, the seats' badges, the story of that step, and the reveals it made, each
beside the commitment shown before it, for the page to check itself. Once the game is over
(and its record ran again to exactly the final table) a step also carries the hidden values
decided at it: the seats' secrets where they changed, the preimages of the commitments made
at it, the commitments in force (for the page to check each secret against the preimage it
verified), and the choices made while others were still choosing. While a game runs,
nothing hidden is in it. A step whose log differs from the rules run again is a
``mismatch``: its log was changed afterwards.
"""

from __future__ import annotations

from typing import Any

from games.analysis import MARK_SIGNS
from games.base import Text
from games.seat_words import status_for
from tables.fairness.analysis import Verdict
from tables.fairness.replay import Replay, Step
from tables.profiles import ratings
from translations import render
from webapp.seat_story import seat_log


def replay_payload(
    replay: Replay, user_id: int, language: str, verdicts: list[Verdict] | None = None
) -> dict[str, Any]:
    game, table = replay.game, replay.table
    names = table.display_names()
    hidden_too = replay.finished and replay.faithful
    you = table.seat_of(user_id)
    secrets_shown: dict[int, Any] = {}
    steps = [
        _frame(replay, step, names, you, hidden_too, secrets_shown, language)
        for step in replay.steps
        if step.state is not None
    ]
    payload: dict[str, Any] = {
        "id": f"{table.id}-{replay.game_no}",
        "table": table.id,
        "game": table.game,
        "title": render(Text(game.presentation.title), language),
        "renderer": bool(game.presentation.web_assets),
        "seats": [
            {"name": name, "cpu": seat.is_cpu, "you": index == you}
            for index, (name, seat) in enumerate(zip(names, table.seats, strict=True))
        ],
        "you": you,
        "finished": replay.finished,
        "faithful": replay.faithful,
        "mismatch": replay.mismatch,
        "hidden": hidden_too,
        "steps": steps,
    }
    if replay.finished:
        payload.update(_final(replay, names, you))
    if hidden_too and verdicts:
        _add_analysis(payload, replay, verdicts, names, language)
    return payload


def _add_analysis(
    payload: dict[str, Any], replay: Replay, verdicts: list[Verdict], names: list[str], lang: str
) -> None:
    """The engine's word beside each step a person decided at, and a line per person."""
    presentation = replay.game.presentation
    at: dict[int, list[dict[str, Any]]] = {}
    for v in verdicts:
        j = v.judgement
        at.setdefault(v.version, []).append(
            {
                "seat": v.seat,
                "name": names[v.seat],
                "choice": render(presentation.action_label(v.action), lang),
                "best": render(presentation.action_label(j.best), lang),
                "same": j.best == v.action,
                "mark": j.mark,
                "sign": MARK_SIGNS[j.mark],
                "note": render(j.note, lang),
            }
        )
    for frame in payload["steps"]:
        frame["analysis"] = at.get(frame["v"], [])
    seats = sorted({v.seat for v in verdicts})
    payload["analysis"] = [
        {
            "seat": seat,
            "name": names[seat],
            "line": render(
                presentation.describe_analysis([v.judgement for v in verdicts if v.seat == seat]),
                lang,
            ),
        }
        for seat in seats
    ]


def _frame(
    replay: Replay,
    step: Step,
    names: list[str],
    you: int | None,
    hidden_too: bool,
    secrets_shown: dict[int, Any],
    language: str,
) -> dict[str, Any]:
    """One step of the replay as the page draws it (the hidden values too, once over), its
    words told to ``you`` ("You play 8♦"), or the group's for one who had no seat."""
    game = replay.game
    public = game.rules.public_view(step.state)
    acting = set(game.rules.to_act(step.state))
    frame: dict[str, Any] = {
        "v": step.version,
        "story": [render(line, language) for line in seat_log(game, step.events, names, you)],
        "lines": [render(line, language) for line in status_for(game, public, names, you)],
        "seats": [
            {"badge": render(badge.badge, language), "out": badge.out, "acting": s in acting}
            for s, badge in enumerate(game.presentation.seat_badges(public))
        ],
        "public": public,
        "reveals": [{"text": text, "commitment": digest} for text, digest in step.reveals],
        "mismatch": step.mismatch,
    }
    if hidden_too:
        frame["hidden"] = _secrets(replay, step.state, secrets_shown, language)
        frame["sealed"] = [{"text": text, "commitment": d} for text, d in step.sealed]
        # The commitments in force: the page checks each secret against their preimages.
        frame["held"] = [d for _, d in game.rules.sealed_proofs(step.state)]
        frame["decisions"] = [
            {"seat": seat, "label": render(game.presentation.action_label(action), language)}
            for seat, action in step.decisions
        ]
    return frame


def _final(replay: Replay, names: list[str], you: int | None) -> dict[str, Any]:
    """A finished game's ranking and its rating changes."""
    game, table = replay.game, replay.table
    final = game.rules.load(table.state)
    ranking, places = game.rules.ranking(final), game.rules.places(final)
    return {
        "ranking": [
            {"name": names[seat], "place": place}
            for seat, place in zip(ranking, places, strict=False)
        ],
        "ratings": [
            {
                "seat": change.seat,
                "name": names[change.seat],
                "before": change.before_points,
                "after": change.after_points,
                "you": change.seat == you,
            }
            for change in ratings.changes(table)
        ],
    }


def _secrets(replay: Replay, state: Any, shown: dict[int, Any], language: str) -> dict[str, Any]:
    """Each seat's secrets at this step, for the seats whose secrets changed at it."""
    game = replay.game
    changed: dict[str, Any] = {}
    for seat in range(len(replay.table.seats)):
        info = game.presentation.private_info(game.rules.view(state, seat))
        drawn = None
        if info is not None and info.items:
            drawn = {
                "title": render(info.title, language),
                "caption": render(info.caption, language) if info.caption else None,
                "items": [
                    {
                        "id": item.id,
                        "kind": item.kind,
                        "label": render(item.label, language),
                        "symbol": item.symbol,
                        "attrs": item.attributes,
                    }
                    for item in info.items
                ],
            }
        if shown.get(seat) != drawn:
            shown[seat] = drawn
            changed[str(seat)] = drawn
    return changed
