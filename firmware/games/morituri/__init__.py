"""Morituri Te Salutamus v1.1 (miniatures) on the referee engine.

The rules module is games.morituri.rules; content holds the classes as data,
state the state's shape, checks every rule check, flow the declared flow,
round / melee / implore the handlers, legal the legal actions, views what
everyone sees, randomplay random legal play for the tests.
"""
