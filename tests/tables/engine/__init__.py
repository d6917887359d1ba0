"""Tests of the Redis engine under the tables (tables/engine/)."""
