"""Munera Sine Missione, Exagoni Libero (gladiator skirmish) on the referee engine.

The rules module is games.munera.rules. content holds the gladiators, weapons and tables as
data; arena the hex geometry; state the state's shape and what follows from it; checks
every rule check; feed the dice of one action; effects the shared consequences (wounds,
knock-downs, push-backs, appeals waiting, the next turn); turn, fight, grapple and appeal
the handlers; flow the declared flow; legal the legal actions; views what everyone sees;
randomplay random legal play for the tests.
"""
