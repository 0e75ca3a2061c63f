"""Ultimatum's decisions for a seat's phone (`ultimus serve`): a sentence for what this seat decides now, from
its view and the kinds of action it may take (the buttons under it are the choices), and each action's cost in
money, read off the seat's view before and after the action (the rules' own bank, never a price list restated)."""


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


def cost(before, after, a):
    """What an action takes from the seat's purses ("$3": savings and war chest together), read off its view
    before and after the action (the rules' own bank: what the core charged on a copy); None for one that costs
    nothing (or pays the seat)."""
    seat = before["seat"]
    spent = sum(before["purses"][p][seat] for p in before["purses"]) - sum(
        after["purses"][p][seat] for p in after["purses"]
    )
    return "$%d" % spent if spent > 0 else None
