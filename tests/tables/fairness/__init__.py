"""Tests of the fairness room (tables/fairness/): the seal, the salts, what a seat may see."""
