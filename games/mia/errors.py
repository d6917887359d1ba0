"""Mia's own refusals, with their words (front doors look codes up in the presentation's
``error_texts``)."""

from __future__ import annotations

from games.base import N_
from games.errors import IllegalAction


class ClaimTooLow(IllegalAction):
    code = "claim_too_low"


ERROR_TEXTS: dict[str, str] = {
    "claim_too_low": N_("That claim is too low: it must beat the current one."),
    "nothing_to_see": N_("You have nothing under the cup right now."),
}
