"""The contract of a choice offered in steps (Presentation.action_steps), checked on the
public actions of every position a random game reaches (tests/games/contract.py).

Every step must be something Telegram takes and a person can use: at most
:data:`games.steps.MAX_CHOICES` of the game's buttons and :data:`games.steps.MAX_ROW` to a
row, keys that travel in callback data, a caption for every step button; and every public
action must be reachable, exactly once, by pressing through the steps. A game that offers
more than one keyboard holds without steps fails here, loudly, rather than in a group where
Telegram would refuse the table message.
"""

from __future__ import annotations

from games import steps
from games.base import Text
from games.presentation_protocol import Presentation


def check_step_declarations(presentation: Presentation) -> None:
    """A game with steps names them (a bare key is no caption)."""
    if presentation.has_steps:
        assert presentation.names_its_steps, "steps need a step_label"


def check_steps(presentation: Presentation, actions: list[str]) -> None:
    """Pressing through the steps reaches each of these public actions exactly once, and no
    step is more than one keyboard."""
    reached: list[str] = []
    for path in [(), *steps.paths(presentation.action_steps, actions)]:
        key = steps.path_key(path)
        assert steps.parse_path_key(key) == path, f"step path {path!r} cannot travel"
        rows = presentation.level(actions, path)
        assert rows or not actions, f"step {path!r} shows nothing"
        count = sum(len(row) for row in rows)
        assert count <= steps.MAX_CHOICES, (
            f"step {path!r} shows {count} buttons; Telegram takes {steps.MAX_BUTTONS} a "
            f"keyboard and the shell adds {steps.SHELL_BUTTONS}: offer the choice in steps "
            "(Presentation.action_steps)"
        )
        for row in rows:
            assert 0 < len(row) <= steps.MAX_ROW, f"a row of {len(row)} buttons at {path!r}"
            for item in row:
                if steps.is_step(item):
                    assert isinstance(presentation.step_label(item), Text)  # type: ignore[arg-type]
                else:
                    assert presentation.action_steps(item) == path  # type: ignore[arg-type]
                    reached.append(item)  # type: ignore[arg-type]
    assert sorted(reached) == sorted(actions), "every public action is one final press away"
