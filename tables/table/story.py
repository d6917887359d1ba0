"""A game's story in words, for every front door: the game words its own events; what every
game shares (timeouts, leaving, the final ranking, table events) is worded once, here.

Front doors render the returned :class:`games.base.Text` in their reader's language.
"""

from __future__ import annotations

from games.base import NT_, T_, V_, Event, Text
from games.game import Game

# Event types worded here, whatever the game.
SHARED_EVENTS = frozenset({"timed_out", "resigned", "game_over", "expired", "autopilot", "rematch"})
MEDALS = ("🥇", "🥈", "🥉")


def story(game: Game, events: list[Event], names: list[str], *, proofs: bool = True) -> list[Text]:
    """The story lines these events are worth (reveals, results, the winner), in order.

    With ``proofs`` each revealed secret is followed by its 🔐 line (its preimage and hash).
    """
    return _words(game, events, names, log=False, proofs=proofs)


def log_lines(
    game: Game, events: list[Event], names: list[str], *, proofs: bool = True
) -> list[Text]:
    """Every public step of a game, for its written log (proofs included unless a replay
    shows them its own way)."""
    return _words(game, events, names, log=True, proofs=proofs)


def proof_line(text: str, commitment: str) -> Text:
    return T_("🔐 SHA-256({text}) = {commitment} (/verify)", text=text, commitment=commitment)


def final_ranking(ranking: list[int], places: list[int] | None, names: list[str]) -> list[Text]:
    """The winner (or those sharing the win) and every place, with medals."""
    places = places or list(range(1, len(ranking) + 1))
    winners = [names[seat] for seat, place in zip(ranking, places, strict=False) if place == 1]
    if len(winners) == 1:
        lines = [T_("🏆 {name} wins the game!", name=winners[0])]
    else:
        lines = [T_("🏆 {names} share the win!", names=", ".join(winners))]
    for seat, place in zip(ranking, places, strict=False):
        medal = MEDALS[place - 1] if place <= len(MEDALS) else f"{place}."
        lines.append(V_("{medal} {name}", medal=medal, name=names[seat]))
    return lines


def shared_event(
    event: Event, names: list[str], *, log: bool = False, game: Game | None = None
) -> list[Text]:
    """Words for an event every game shares (empty for any other). The game's end is the
    game's to word when it has its own way (a game with a loser rather than a winner)."""
    kind = event["type"]
    if kind == "timed_out":
        return [T_("⏰ {name} ran out of time.", name=names[event["seat"]])]
    if kind == "resigned":
        return [T_("🚪 {name} left the game.", name=names[event["seat"]])]
    if kind == "game_over":
        places = event.get("places") or list(range(1, len(event["ranking"]) + 1))
        own = game.presentation.describe_final(event["ranking"], places, names) if game else None
        return own if own is not None else final_ranking(event["ranking"], places, names)
    if kind == "expired":
        return [T_("⌛ The table was closed because nobody played for a while.")]
    if kind == "rematch":
        if event.get("gone"):  # who left the last game is not played for again
            gone = ", ".join(event["gone"])
            return [T_("🔁 Rematch! Same rules, without {names}: they left.", names=gone)]
        return [T_("🔁 Rematch! Same seats, same rules.")]
    if kind == "autopilot":
        name = names[event["seat"]]
        if log:
            return [
                T_("🤖 A CPU plays for {name} until they are back.", name=name)
                if event["on"]
                else T_("{name} is back.", name=name)
            ]
        if event["on"]:
            return [
                T_(
                    "🤖 {name} missed two turns: a CPU plays for them until they are back "
                    "(any button brings them back).",
                    name=name,
                )
            ]
    return []


def _words(
    game: Game, events: list[Event], names: list[str], *, log: bool, proofs: bool
) -> list[Text]:
    """Runs of the game's own events go to the game together (it may word them as a group);
    shared events are worded here, in their place."""
    lines: list[Text] = []
    run: list[Event] = []

    def flush() -> None:
        if run:
            lines.extend(
                game.presentation.describe_log(run, names)
                if log
                else game.presentation.describe_events(run, names)
            )
            revealed = game.presentation.proofs(run) if proofs else []
            if log or len(revealed) == 1:
                lines.extend(proof_line(text, digest) for text, digest in revealed)
            elif revealed:  # many at once (a hand's end): the chat gets one line, /log all
                lines.append(
                    NT_(
                        "🔐 {n} secret was revealed: /log has its proof (check it with /verify).",
                        "🔐 {n} secrets were revealed: /log has their proofs (check them with "
                        "/verify).",
                        len(revealed),
                    )
                )
            run.clear()

    for event in events:
        if event["type"] in SHARED_EVENTS:
            flush()
            lines.extend(shared_event(event, names, log=log, game=game))
        else:
            run.append(event)
    flush()
    return lines
