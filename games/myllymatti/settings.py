"""Myllymatti's table settings: the points the spec marks *(decided)*, each a named choice.

The first choice of every setting is the spec's decision, and the first preset ("standard")
is exactly those decisions, so a table that changes nothing plays docs/rules/myllymatti.md.
"""

from __future__ import annotations

from games.base import JSON, N_, SettingSpec

# Who may take a chance (turn up the top stock card and play it) in phase 1.
CHANCE_EITHER = "either"
CHANCE_LEADER = "leader"
# What a player who will not (or cannot) beat takes into hand in phase 2.
PICKUP_TOP = "top"
PICKUP_TRICK = "trick"
# Where tied cards lying on the table go when phase 1 ends before a trick decides them.
TIED_OWNERS = "owners"
TIED_LAST_WINNER = "last_winner"

SETTINGS_SPECS: tuple[SettingSpec, ...] = (
    SettingSpec(
        "chance",
        N_("Who may take a chance"),
        (CHANCE_EITHER, CHANCE_LEADER),
        (N_("either player"), N_("the leader only")),
    ),
    SettingSpec(
        "pickup",
        N_("Picking up takes"),
        (PICKUP_TOP, PICKUP_TRICK),
        (N_("the top card"), N_("the whole trick")),
    ),
    SettingSpec(
        "tied_cards",
        N_("Tied cards left at the end of phase 1"),
        (TIED_OWNERS, TIED_LAST_WINNER),
        (N_("back to who played them"), N_("to the last winner")),
    ),
)

PRESETS: dict[str, JSON] = {
    "standard": {"chance": CHANCE_EITHER, "pickup": PICKUP_TOP, "tied_cards": TIED_OWNERS},
    "harsh": {"chance": CHANCE_LEADER, "pickup": PICKUP_TRICK, "tied_cards": TIED_LAST_WINNER},
}
PRESET_LABELS: dict[str, str] = {"standard": N_("standard"), "harsh": N_("harsh")}
PRESET_DESCRIPTIONS: dict[str, str] = {
    "standard": N_(
        "Either player of a trick may take a chance, picking up takes only the top card, and "
        "tied cards left at the end of phase 1 go back to who played them."
    ),
    "harsh": N_(
        "Only the leader may take a chance, picking up takes the whole trick, and tied cards "
        "left at the end of phase 1 go to the winner of the last trick."
    ),
}
