"""Worlds for the expert: full positions of the hand that agree with what one seat has seen.

Hidden from a seat are the other seats' dice (their number is public), the face of every die
not yet rolled (its own included: nobody knows a face before the roll) and, while bidding,
the others' bids. A world fills them in from ``rng``, consistent with the seat's view:

* the other seats' dice come from the dice the seat has not seen (the bag less its own dice
  and every die rolled this hand);
* a seat that rolled a number die of another colour when a colour was to follow holds no die
  of that colour any more (the follow rule), so none is dealt to it;
* once the bids are open, each seat's dice are drawn again (up to ``BID_TRIES`` times) until
  the hard CPU would have bid what the seat bid with them: a bid says how strong a hand is.
  The closest draw is kept when none matches;
* while bidding, each other seat bids what hard would bid with the dice it was dealt;
* every face not yet rolled is drawn from its die's six faces.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.mino_dice import cpu
from games.mino_dice.dice import BAG_SIZE, SIDES, colour_of, faces_of, kind_of
from games.mino_dice.playout import World
from games.mino_dice.tricks import has_flag
from games.rng import Rng

BID_TRIES = 12


def _index(text: str) -> int:
    return int(text[1:])


def rolled_this_hand(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every roll of the hand so far, in order."""
    return [roll for trick in view["tricks"] for roll in trick["rolls"]] + list(view["trick"])


def voids(view: dict[str, Any]) -> list[set[str]]:
    """Per seat, the colours it cannot hold: it did not follow one when it had to."""
    result: list[set[str]] = [set() for _ in range(view["seats"])]
    for trick in [*(t["rolls"] for t in view["tricks"]), view["trick"]]:
        follow = None
        for roll in trick:
            colour = colour_of(_index(roll["die"]))
            if colour is None:
                continue
            if follow is None:
                follow = colour
            elif colour != follow:
                result[roll["seat"]].add(follow)
    return result


@lru_cache(maxsize=65536)
def _hard_bid(kinds: tuple[str, ...], seats: int, settings: tuple[tuple[str, Any], ...]) -> int:
    view = {
        "seat": 0,
        "seats": seats,
        "hand": len(kinds),
        "settings": dict(settings),
        "dice": [{"id": f"d{i}", "kind": kind} for i, kind in enumerate(kinds)],
        "tricks": [],
        "trick": [],
    }
    return cpu.hard_bid(view)


def hard_bid(dice: list[int], seats: int, settings: dict[str, Any]) -> int:
    """What hard bids holding ``dice`` at the start of a hand of ``len(dice)`` tricks."""
    kinds = tuple(sorted(kind_of(die) for die in dice))
    return _hard_bid(kinds, seats, tuple(sorted(settings.items())))


def _draw(pool: list[int], count: int, rng: Rng) -> list[int]:
    chosen = list(pool)
    for i in range(count):
        j = i + rng.randbelow(len(chosen) - i)
        chosen[i], chosen[j] = chosen[j], chosen[i]
    return chosen[:count]


def _deal_seat(
    view: dict[str, Any], seat: int, pool: list[int], banned: set[str], rng: Rng
) -> list[int]:
    """Dice for ``seat`` from ``pool``, none of a colour it is void in, fit to its bid."""
    count = view["dice_left"][seat]
    allowed = [die for die in pool if colour_of(die) not in banned]
    if len(allowed) < count:  # the view cannot come from here; any dice keep the game going
        allowed = pool
    bids = view["bids"]
    if bids is None:
        return _draw(allowed, count, rng)
    rolled = [_index(r["die"]) for r in rolled_this_hand(view) if r["seat"] == seat]
    best: tuple[int, list[int]] | None = None
    for _ in range(BID_TRIES):
        dice = _draw(allowed, count, rng)
        miss = abs(hard_bid(rolled + dice, view["seats"], view["settings"]) - bids[seat])
        if best is None or miss < best[0]:
            best = (miss, dice)
        if miss == 0:
            break
    assert best is not None
    return best[1]


def sample(view: dict[str, Any], rng: Rng, bid: int | None = None) -> World:
    """A world that agrees with ``view``; while bidding, this seat bids ``bid``."""
    me, seats = view["seat"], view["seats"]
    own = [_index(die["id"]) for die in view["dice"]]
    rolls = rolled_this_hand(view)
    seen = set(own) | {_index(r["die"]) for r in rolls}
    pool = [die for die in range(BAG_SIZE) if die not in seen]
    banned = voids(view)
    held: list[list[int]] = [[] for _ in range(seats)]
    held[me] = sorted(own)
    others = sorted((s for s in range(seats) if s != me), key=lambda s: -len(banned[s]))
    for seat in others:
        held[seat] = sorted(_deal_seat(view, seat, pool, banned[seat], rng))
        taken = set(held[seat])
        pool = [die for die in pool if die not in taken]
    table = view["settings"]["faces"]
    faces = {_index(r["die"]): r["face"] for r in rolls}
    for dice in held:
        for die in dice:
            faces[die] = faces_of(kind_of(die), table)[rng.randbelow(SIDES)]
    return World(
        settings=view["settings"],
        hand=view["hand"],
        held=held,
        faces=faces,
        bids=_bids(view, held, bid),
        won=list(view["won"]),
        bonus=_bonus(view),
        caught_flag=_caught(view),
        leader=view["leader"],
        trick=list(view["trick"]),
        tricks=list(view["tricks"]),
    )


def _bids(view: dict[str, Any], held: list[list[int]], bid: int | None) -> list[int]:
    if view["bids"] is not None:
        return list(view["bids"])
    seats = view["seats"]
    bids = [hard_bid(dice, seats, view["settings"]) for dice in held]
    bids[view["seat"]] = bid if bid is not None else bids[view["seat"]]
    return bids


def _bonus(view: dict[str, Any]) -> list[int]:
    bonus = [0] * view["seats"]
    for trick in view["tricks"]:
        if trick["winner"] is not None:
            bonus[trick["winner"]] += trick["bonus"]
    return bonus


def _caught(view: dict[str, Any]) -> list[bool]:
    caught = [False] * view["seats"]
    for trick in view["tricks"]:
        if trick["winner"] is not None and has_flag([r["face"] for r in trick["rolls"]]):
            caught[trick["winner"]] = True
    return caught
