"""The ULTIMUS screen in words: what the virtual box prints under the lights.

Only a PC loads this module; the Pico's screen never needs it.
"""

from games.ultimus.content import BET_KIND_NAMES, GLADIATOR_NAMES, MAX_COINS_PER_BETTING_CARD
from ultimusbox.screens.ultimus.lights import deal_count

MODE_NAMES = (
    "wound",
    "wound and knock down",
    "bleeding",
    "heal",
    "knock down / stand up",
    "net / remove the net",
    "drunk",
    "bring back",
)  # the gladiator modes of entry.py
SEAT_MODE_NAMES = ("end the turn", "take the loudest spectator marker", "an extra yelling card")

COUNTDOWN_WORDS = ("Quinque", "Quattuor", "Tres", "Duo", "Unus")
PHASE_HINTS = {
    "loudest": "loudest spectator: his station presses SHOUT, or confirm and the box draws one",
    "betting": "bet on the table in secret, then confirm",
    "entrance": "the blinking station places a gladiator: press his wheel",
    "shout": "everyone presses SHOUT or THINK in secret; confirm starts the countdown",
    "over": "the final count: each station's gold on its wheel; confirm returns to the seat selection",
}


# What the first three wheels count while the table bets (lights.deal_count), in its order.
DEAL_WHEELS = ("yelling cards", "betting cards", "new gold")


def set_up_ring(s, g):
    """(label, words) of wheel g before the gladiators enter: dark while the loudest spectator is found,
    then what each player was dealt while the table bets; None later, when the wheels are the gladiators'."""
    if s["phase"] not in ("loudest", "betting"):
        return None
    if s["phase"] == "loudest" or g >= len(DEAL_WHEELS):
        return "-", ""
    return DEAL_WHEELS[g], "%d each" % deal_count(s["players"], g)


def describe(screen):
    """The entry in progress of an ULTIMUS screen, in words."""
    e = screen.entry
    if screen.shell.game is None:
        return "ULTIMUS: %d battle%s (+/-), beginners' mode %s (mode), %s cards (thumbs up/down)" % (
            e.battles,
            "" if e.battles == 1 else "s",
            "on: no countdown" if e.beginner else "off",
            "reconstructed" if e.reconstructed else "balanced",
        )
    s = screen.state()
    phase = s["phase"]
    if phase == "shout" and e.countdown_start is not None and e.beats:
        if e.beats > len(COUNTDOWN_WORDS):  # CLAMO is heard; the presses before it are still coming in
            return "countdown: CLAMO!"
        return "countdown: %s" % COUNTDOWN_WORDS[e.beats - 1]
    if phase in PHASE_HINTS:
        return PHASE_HINTS[phase]
    if phase == "action" and not s["pollice_verso"]:
        text = "entering for station %d: " % (screen.shell.station_of_seat(screen.active_seat()) + 1)
        if e.gladiator >= 0:
            text += "%s, %s%s; -/+: how many, mode: what, confirm: enter it" % (
                GLADIATOR_NAMES[e.gladiator],
                MODE_NAMES[e.mode],
                " x%d" % e.points if e.points else "",
            )
        else:
            text += "no wheel selected; confirm = %s" % SEAT_MODE_NAMES[e.seat_mode]
        if e.pollice_verso:
            text += "   (a pollice verso card)"
        return text
    if phase == "action":
        return "pollice verso: the loudest spectator turns his thumb (up: pardon, down: kill)"
    if phase == "battle_end":
        text = "payout: station %s, %s, %s, %d coin%s%s\n  each betting card with coins: SHOUT at its station, " % (
            screen.shell.station_of_seat(e.payer) + 1 if e.payer >= 0 else "?",
            GLADIATOR_NAMES[e.gladiator] if e.gladiator >= 0 else "?",
            BET_KIND_NAMES[e.bet_kind],
            e.coins,
            "" if e.coins == 1 else "s",
            " (a card holds %d at most)" % MAX_COINS_PER_BETTING_CARD if e.coins >= MAX_COINS_PER_BETTING_CARD else "",
        )
        text += (
            "its gladiator's wheel, mode: win/die/invest, +/-: coins (1-%d), confirm\n  " % MAX_COINS_PER_BETTING_CARD
        )
        left = screen.state().get("unsettled") or ()
        owed = ["station %d: %d" % (screen.shell.station_of_seat(p) + 1, left[p]) for p in range(len(left)) if left[p]]
        if s["battle"] >= s["battles"]:  # thumbs up would be refused: there is no next battle
            out = "that was the last battle: thumbs down for the final count"
        else:
            out = "thumbs up: next battle, thumbs down: final count"
        if owed:  # the way out is shown already: it opens once every coin is in
            return text + "coins of this battle's new gold not entered yet: %s; then %s" % (", ".join(owed), out)
        return text + ("then " + out if s["battle"] < s["battles"] else out)
    return ""
