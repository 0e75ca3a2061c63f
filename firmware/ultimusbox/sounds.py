"""The sound language of the box, and a player that never blocks.

A tune is a tuple of (frequency in Hz, milliseconds); frequency 0 is a rest.
The player is advanced by the runtime every few milliseconds and only ever
sets the buzzer's tone, so the rest of the box keeps running while it plays.
docs/box.md describes each sound for the players.
"""

TUNES = {
    "beat": ((880, 120),),  # Quinque, Quattuor, Tres, Duo, Unus: one a second
    "clamo": ((1320, 150), (0, 50), (1760, 450)),  # CLAMO! the choices are locked
    "error": ((220, 90), (0, 60), (220, 90)),  # refused input: nothing changed
    "verso": ((660, 100), (0, 100), (660, 100), (0, 100), (660, 100)),  # loudest spectator: thumbs!
    "death": ((392, 220), (330, 220), (262, 600)),
    "pardon": ((523, 150), (659, 150), (784, 350)),
    "fanfare": ((523, 150), (659, 150), (784, 150), (1047, 400), (784, 150), (1047, 700)),
    "extra": ((1568, 60),),  # a seat earns an extra yelling card
    "start": ((440, 100), (660, 100)),
    "rattle": ((1800, 20), (0, 80)) * 4,  # dice rolling: clicks for 400 ms
    "resume": ((784, 80), (0, 80), (784, 80), (0, 80), (1047, 300)),  # a saved game goes on: enter again
}

# which event makes which sound
EVENT_TUNES = {
    "beat": "beat",
    "clamo": "clamo",
    "refused": "error",
    "journal_refused": "error",  # the saved game could not be resumed: it was kept aside
    "journal_cut": "error",  # unreadable records in the middle of the saved game: a copy was kept
    "storage": "error",  # the flash could not save an action: it was not applied
    "fault": "error",  # a task of the box failed (reported; it goes on)
    "claim": "verso",  # a link asks to become the referee: MODE on the box grants it
    "game_chosen": "start",
    "resumed": "resume",  # the entry in progress before the restart was dropped: the table enters it again
    "pollice_verso": "verso",
    "dead": "death",
    "pardoned": "pardon",
    "battle_end": "fanfare",
    "game_over": "fanfare",
    "extra_card": "extra",
    "battle": "start",
    "selftest": "start",
    "selftest_button": "beat",
    "caesar": "rattle",  # Morituri: the initiative, an exchange and an appeal are rolled
    "melee": "rattle",
    "verdict": "rattle",
    "ask": "verso",  # Morituri: the crowd has spoken, Caesar's thumb
    "killed": "death",
    "removed": "death",
    "spared": "pardon",
    "over": "fanfare",
    "roll": "rattle",  # Ultimatum (Morituri too): every die the box rolls
    "commando": "start",  # Ultimatum: a card's attack or a sea battle begins
    "naval_battle": "start",
    "bomber": "start",
    "conquest": "pardon",  # a nation or a sea place changes hands
    "sea_conquest": "pardon",
    "alliance": "extra",  # a whole alliance: the bank pays
    "victory": "fanfare",
    "stamina": "rattle",  # Munera: stamina, the AP roll, an attack, the grapple test, hazing, cutting free
    "ap": "rattle",
    "strike": "rattle",
    "wrestle": "rattle",
    "haze": "rattle",
    "cut": "rattle",
    "beaten": "verso",  # Munera: he must appeal to the crowd
    "bout_over": "fanfare",
    "rattle": "rattle",  # the board game's screen: the box rolled dice (a move, a round, the crowd's die)
    "at_1": "verso",  # the board game: a gladiator at 1 HP, the crowd decides
    "mercy": "verso",  # the board game: the crowd shows mercy, his thumb
    "dies": "death",
}


MAX_NOTES = 24  # notes waiting at most (about 4 s): a burst of refused presses never fills the heap


class SoundPlayer:
    """Plays tunes one note at a time. The queue is bounded: a tune that does not fit whole
    is dropped (the box is already sounding), and the same tune is never queued twice in a row."""

    def __init__(self, buzzer):
        self.buzzer = buzzer
        self.queue = []  # notes still to play: (freq, ms)
        self.note_end = None
        self.last = None  # the last tune queued, while its notes wait

    def play(self, name):
        tune = TUNES[name]
        if self.queue and self.last == name:
            return  # the same sound again while it still waits: once is enough
        if len(self.queue) + len(tune) > MAX_NOTES:
            return
        self.queue.extend(tune)
        self.last = name

    def on_events(self, events):
        for e in events:
            name = EVENT_TUNES.get(e["e"])
            if name:
                self.play(name)

    def update(self, now_ms, clock):
        """Advance: start the next note when the current one is over."""
        if self.note_end is not None and clock.diff(now_ms, self.note_end) < 0:
            return
        if not self.queue:
            if self.note_end is not None:
                self.buzzer.tone(0)
                self.note_end = None
            return
        freq, ms = self.queue.pop(0)
        self.buzzer.tone(freq)
        self.note_end = clock.add(now_ms, ms)

    def busy(self):
        return self.note_end is not None or bool(self.queue)
