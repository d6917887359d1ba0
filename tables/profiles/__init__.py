"""A person's (and a group's) record across tables: ratings, seasons, stats, prefs."""
