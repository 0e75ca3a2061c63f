"""Morituri Te Salutamus's decisions in a sentence, for a seat's phone (`ultimus serve`): what this seat
decides now, from its view and the kinds of action it may take (the buttons under it are the choices)."""


def decision(view, kinds):
    if "activate" in kinds:
        return "Your turn to move: call on one of your figures, then move it on the table."
    if "melee" in kinds:
        return (
            "You are Caesar: choose the next fight (who fights whom, and how they met: contact, side or back), "
            "or end the melee."
        )
    if "end_melee" in kinds:
        return "You are Caesar: every fight is fought; end the melee."
    if "implore" in kinds or "waive" in kinds:
        return "Your figure has fallen: implore the crowd for his life, or do not (he dies)."
    if "thumb" in kinds:
        return "The crowd decides: thumbs up spares the fallen figure, thumbs down kills him."
    return ""
