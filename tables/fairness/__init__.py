"""What makes a game checkable and its secrets safe: the seal, salts and replays."""
