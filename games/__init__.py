"""Pure game rules: state, legal actions, apply, per-seat views, CPU players. No I/O.

Every game is a :class:`games.game.Game`: its rules (:mod:`games.rules_protocol`) and its
presentation (:mod:`games.presentation_protocol`); :mod:`games.registry` lists them so the
table, bot and web layers can stay free of any one game's details.
"""
