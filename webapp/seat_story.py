"""The story on a player's own page, told to them: the game's events in its seat's words
(games.seat_words), and what every game shares (a timeout, leaving, the end) with "you" for
the reader. The group's story (tables.table.story) is unchanged; a spectator reads the group's."""

from __future__ import annotations

from games.base import T_, V_, Event, Text
from games.game import Game
from games.seat_words import events_for, final_for, moves_for, you_or
from tables.table import story
from tables.table.story import MEDALS, SHARED_EVENTS


def seat_story(game: Game, events: list[Event], names: list[str], seat: int | None) -> list[Text]:
    """The story lines these events are worth on ``seat``'s page, in order (no proofs: the
    page keeps them in its verify detail)."""
    if seat is None:
        return story.story(game, events, names, proofs=False)
    lines: list[Text] = []
    run: list[Event] = []
    for event in [*events, None]:
        if event is not None and event["type"] not in SHARED_EVENTS:
            run.append(event)
            continue
        if run:
            lines.extend(events_for(game, run, names, seat))
            run = []
        if event is not None:
            lines.extend(shared_for(game, event, names, seat))
    return lines


def shared_for(game: Game, event: Event, names: list[str], seat: int) -> list[Text]:
    """An event every game shares, as ``seat`` reads it."""
    kind = event["type"]
    mine = event.get("seat") == seat
    if kind == "timed_out" and mine:
        return [T_("⏰ You ran out of time.")]
    if kind == "resigned" and mine:
        return [T_("🚪 You left the game.")]
    if kind == "autopilot" and mine and event["on"]:
        return [
            T_(
                "🤖 You missed two turns: a CPU plays for you until you are back "
                "(any button brings you back)."
            )
        ]
    if kind == "game_over":
        places = event.get("places") or list(range(1, len(event["ranking"]) + 1))
        own = final_for(game, event["ranking"], places, names, seat)
        return own if own is not None else final_ranking(event["ranking"], places, names, seat)
    return story.shared_event(event, names, game=game)


def final_ranking(ranking: list[int], places: list[int], names: list[str], seat: int) -> list[Text]:
    """The winner (you, or those sharing the win) and every place, with medals."""
    winners = [who for who, place in zip(ranking, places, strict=False) if place == 1]
    if winners == [seat]:
        lines = [T_("🏆 You win the game!")]
    elif len(winners) == 1:
        lines = [T_("🏆 {name} wins the game!", name=names[winners[0]])]
    else:
        shared = ", ".join(names[who] for who in winners if who != seat)
        lines = [
            T_("🏆 You share the win with {names}!", names=shared)
            if seat in winners
            else T_("🏆 {names} share the win!", names=shared)
        ]
    for who, place in zip(ranking, places, strict=False):
        medal = MEDALS[place - 1] if place <= len(MEDALS) else f"{place}."
        lines.append(V_("{medal} {name}", medal=medal, name=you_or(names, who, seat)))
    return lines


def seat_log(game: Game, events: list[Event], names: list[str], seat: int | None) -> list[Text]:
    """A replay step's log as ``seat`` reads it: its own moves in the game's seat words, what
    the story tells in the seat's story words, the rest as the log words it (the group's,
    for a spectator)."""
    if seat is None:
        return story.log_lines(game, events, names, proofs=False)
    lines: list[Text] = []
    for event in events:
        own = moves_for(game, event, names, seat)
        if own is None:
            told = seat_story(game, [event], names, seat)
            own = told or story.log_lines(game, [event], names, proofs=False)
        lines += own
    return lines
