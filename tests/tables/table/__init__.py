"""Tests of the table itself (tables/table/): its model, lobby, moves, deadlines and store."""
