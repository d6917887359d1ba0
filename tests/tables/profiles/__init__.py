"""Tests of the player profiles (tables/profiles/): ratings, seasons, stats."""
