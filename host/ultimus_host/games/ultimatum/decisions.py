"""Ultimatum's decisions in a sentence, for a seat's phone (`ultimus serve`): what this seat decides now,
from its view and the kinds of action it may take (the buttons under it are the choices)."""


def decision(view, kinds):
    if "take" in kinds:
        return "Choose a nation: it and its troops are yours."
    if "fleet" in kinds:
        return "Place your fleet: choose the blockade your battleships go to."
    if "occupy" in kinds:
        return "You conquered it: choose how many troops move in."
    if "roll" in kinds or "blitz" in kinds or "stop" in kinds:
        return "Your attack: roll one exchange at a time, blitz on to the end, or stop the attack."
    if "fire" in kinds:
        return "Your fleet's battle: fire."
    if view.get("phase") == "battle":
        return "You are attacked: your cards may answer now."
    if "war" in kinds:
        return "Your turn: spend your savings (troops, reinforcements, intelligence), then go to war or end your turn."
    if "attack" in kinds or "sail" in kinds or "commando" in kinds or "bomber" in kinds:
        return "Your turn at war: attack, sail, buy, play your cards, or end your turn."
    if "end" in kinds:
        return "Your turn: nothing more to do now; end it."
    if "buy" in kinds or "reinforce" in kinds:
        return "Spend your savings: troops, reinforcements, intelligence."
    return ""
