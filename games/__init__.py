"""Pure game rules: state, legal actions, apply, per-seat views, CPU players. No I/O.

Every game implements :class:`games.base.Game`; :mod:`games.registry` lists them so the
table, bot and web layers can stay free of any one game's details.
"""
