"""What a table is and does: its model, lobby, moves, deadlines, store and story."""
