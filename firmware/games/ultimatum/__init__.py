"""Ultimatum (Bates Games, 1985) on the referee engine: the box as banker and battle referee.

content (dice, prices, payments, nations and alliances as data), state, checks (every
rule check once), setup / bank / battles / naval / air / turn (the handlers), flow (the
one declared flow table), rules (what the engine reads), legal, views, randomplay.
"""
