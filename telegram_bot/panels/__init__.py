"""Players' panels: each one's hand and moves in the group, as an ephemeral message."""
