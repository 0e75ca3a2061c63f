"""The Morituri board game's decisions in a sentence, for a seat's phone (`ultimus serve`): what this seat
decides now, from its view and the kinds of action it may take (the buttons under it are the choices)."""


def decision(view, kinds):
    if "roll_off" in kinds:
        return "The roll-off: everyone rolls a die, the highest starts."
    if "move" in kinds:
        return "Your turn: roll your move, then move your pawn on the board."
    if "nothing" in kinds or "arena" in kinds or "roma" in kinds:
        return "Where did your pawn land? Tell the box what the space is."
    if "card" in kinds or "debt" in kinds or "lose" in kinds:
        return "You drew a card: tell the box which one it is, and whether you keep it."
    if "round" in kinds:
        return "The fight: roll a round of combat."
    if "crowd" in kinds:
        return "Down to 1 hit point: roll for the crowd."
    if "thumb" in kinds:
        return "The crowd shows mercy: take it (your foe wins) or refuse it and fight one more round."
    if "beast" in kinds or "wait" in kinds:
        return "Alone in Roma: fight the beast, or wait for the next gladiator to arrive."
    return ""
