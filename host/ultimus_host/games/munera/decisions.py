"""Munera Sine Missione's decisions for a seat's phone (`ultimus serve`): a sentence for what this seat
decides now, and each action's cost in AP, read off the seat's view before and after the action (the rules'
own ledger: what the core charged on a copy, never a table restated here)."""


def decision(view, kinds):
    if "ap" in kinds:
        return "Your gladiator's turn begins: roll for his AP."
    if "reroll" in kinds or "keep" in kinds:
        return "He missed after his feint: roll the missed die again, or keep the miss."
    if "appeal" in kinds:
        return "Your gladiator is beaten: appeal to the crowd for his life."
    if "throw" in kinds or "release" in kinds:
        return "He won the grapple: throw his foe, or let go."
    if "end" in kinds:
        return (
            "Your gladiator's turn: %d AP left. Spend them (each button says its cost), then end the turn."
            % (view["ap"])
        )
    return ""


def cost(before, after, a):
    """The AP an action spends ("2 AP"), None for one that spends none (or ends the turn)."""
    if after.get("turn") != before.get("turn"):
        return None
    spent = after.get("spent", 0) - before.get("spent", 0)
    return "%d AP" % spent if spent > 0 else None
