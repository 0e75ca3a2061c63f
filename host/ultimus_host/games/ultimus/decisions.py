"""ULTIMUS's decisions in a sentence, for a seat's phone (`ultimus serve`): what this seat decides now, told
from its view and the kinds of action it may take (the buttons under the sentence are the choices)."""

# the kinds of a card in play (full mode): each spends one of its symbols, or ends the card
CARD_KINDS = ("move", "rise", "step", "melee", "ranged", "net", "unnet", "heal", "bleed", "draw", "loudest", "end")
# what the table did with a card, told to the box (box mode)
TOLD_KINDS = ("damage", "bleed", "heal", "knock", "stand", "net", "unnet", "revive", "come_back", "drunk", "done")


def decision(view, kinds):
    full = view.get("mode") == "full"
    if "commit" in kinds:
        if full:
            return (
                "SHOUT or THINK, in secret, before the countdown ends: SHOUT plays one of your cards face down; "
                "THINK keeps quiet (you may change cards instead). The table sees only that you have chosen."
            )
        return "SHOUT or THINK, in secret, before the countdown ends: the table sees only that you have chosen."
    if "bet" in kinds:
        return "Place your bets: one coin at a time onto one of your betting cards, until all your new gold is bet."
    if "ready" in kinds or "bets_placed" in kinds:
        return "Your gold is bet: tell the table your bets are placed."
    if "place" in kinds:
        if full:
            return "Send a gladiator into the arena: choose him and the door he enters by."
        return "Send a gladiator into the arena (the table places his figure)."
    if "thumb" in kinds:
        return "Pollice verso: you are the loudest spectator. Thumbs up pardons the fallen gladiator, down kills him."
    if "think" in kinds:
        return "You kept quiet: discard up to two of your cards, or none, and draw as many."
    if "choose" in kinds:
        return "Your card is in play: choose the gladiator it yells at."
    if "rebet" in kinds:
        return "That was a stupid bet: move one coin to another betting card, or discard a card."
    if "discard" in kinds and "end" not in kinds:
        return "That was a stupid bet: discard one more of your cards."
    if "payout" in kinds:
        return "The battle is over: turn over each of your betting cards with coins on it; it pays what it shows."
    if any(k in TOLD_KINDS for k in kinds) and not full:
        return "Tell the box what your card did on the table (wounds, bleeding, healing, nets...), then say done."
    if any(k in CARD_KINDS for k in kinds):
        return "Your card is in play: use its symbols one by one (each button names the symbol it spends), then end it."
    return ""
