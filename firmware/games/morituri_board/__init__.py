"""Morituri Te Salutamus, Scott Miller's board game (the road to Roma), on the referee engine.

The rules module is games.morituri_board.rules. content holds the cards as data,
kit the loadout (slots, clashes, totals), combat the round resolver, state the
state's shape, checks every rule check, flow the declared flow, turn and fight
the handlers, legal the legal actions, views what everyone sees, randomplay
random legal play on a made-up road for the tests.
"""
