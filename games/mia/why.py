"""Why a Mia round ended as it did: the dice against the claim, and who pays for it ("41 is
below 64: a bluff — Grace loses 1 life"), under the reveal that shows "Dice 41 · claim 64".
Pure: events in, ``Text`` out, by the rule of ``actions.challenge`` (at least the claim
holds)."""

from __future__ import annotations

from games.base import NT_, T_, Event, Text
from games.mia.looks import claim_text


def describe_why(events: list[Event], names: list[str], seat: int | None) -> list[Text]:
    """The reveal's line of why: the dice against the claim, and who loses how many lives."""
    lines: list[Text] = []
    for index, event in enumerate(events):
        if event["type"] != "challenged":
            continue
        paid = next((e for e in events[index:] if e["type"] == "lost_lives"), None)
        loser = event["seat"] if event["holds"] else event["claimant"]
        lost = paid["lost"] if paid is not None and paid["seat"] == loser else 1
        lines.append(reveal_why(event, loser, lost, names, seat))
    return lines


def reveal_why(event: Event, loser: int, lost: int, names: list[str], seat: int | None) -> Text:
    """ "Dice 41 · claim 64: …", told to ``seat`` ("you lose a life")."""
    pays = (
        NT_("you lose {n} life", "you lose {n} lives", lost)
        if loser == seat
        else NT_("{name} loses {n} life", "{name} loses {n} lives", lost, name=names[loser])
    )
    roll, claim = claim_text(event["roll"]), claim_text(event["claim"])
    if event["holds"]:
        return T_(
            "{roll} is at least {claim}: the claim holds — {pays}.",
            roll=roll,
            claim=claim,
            pays=pays,
        )
    return T_("{roll} is below {claim}: a bluff — {pays}.", roll=roll, claim=claim, pays=pays)
