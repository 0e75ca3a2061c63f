"""The Ultimatum screen's input state: the action being entered on the buttons, field by field.

An action is picked from the menu of the phase (MODE: the next one), then its
fields are entered one at a time: a nation (wheels 1-4: the alliances, each
press the next nation of it; +/-: the next or previous nation), a sea place
(wheel 5: places 1-12, wheel 6: places 13-23), a number (+/-), or a kind
(+/-: troop, battleship, submarine, laser (a reinforcement card: no laser);
or battleship, submarine).
CONFIRM goes on to the next field and, after the last, hands the action to
the core; THUMBS DOWN goes back a field. FIELDS is the one table of what each
action asks; the core's rule checks decide whether it is allowed.
"""

from games.ultimatum.content import ALLIANCE_SIZES, KINDS, LASER, N_NATIONS, N_SEAS, REINFORCEMENTS, SHIP, SUB, TROOP

NATION, SEA, PLACE, COUNT, KIND, VESSEL = 0, 1, 2, 3, 4, 5
UNSET = -1
VESSELS = (SHIP, SUB)
SEA_RING = 12  # sea places 1-12 on wheel 5, 13-23 on wheel 6
FIRST_OF = (0, 11, 21, 31)  # the first nation of each alliance (content's order)

# the fields each action asks for, in the order they are entered: (key, type)
FIELDS = {
    "take": (("n", NATION),),
    "fleet": (("b", SEA),),
    "buy": (("kind", KIND), ("at", NATION), ("n", COUNT)),  # "at": a sea place for vessels, none for lasers
    "reinforce": (("kind", KIND), ("at", NATION), ("n", COUNT)),  # as the card says: troops, battleships, subs
    "attack": (("from", NATION), ("to", NATION)),
    "commando": (("to", NATION),),
    "airlift": (("from", NATION), ("to", NATION), ("n", COUNT)),
    "sail": (("from", SEA), ("to", SEA), ("ships", COUNT), ("subs", COUNT)),
    "bomber": (("at", PLACE),),
    "laser": (("at", PLACE),),
    "fire_back": (("at", PLACE),),
    "fire": (("w", VESSEL), ("t", VESSEL)),
    "ocean_mine": (("w", VESSEL),),
    "occupy": (("n", COUNT),),
}
NO_FIELDS = ()


class Entry:
    def __init__(self):
        self.seat = UNSET  # the seat entering (THINK at a station takes over: a defender, a laser's victim)
        self.acting = UNSET  # the seat the flow lets act (Flow.seat_now), kept as the game changes
        self.name = ""  # the action picked from the menu
        self.vals = [UNSET, UNSET, UNSET, UNSET]
        self.field = 0  # the field being entered
        self.dice_at = None  # when the last roll was shown (ms), while it shows
        self.dice_ring = UNSET  # where: the ring of the place fought over
        self.dice = [0, 0]  # the faces' positions (1-6) on their die, attacker then defender
        self.dice_n = 0
        self.green = 0  # the dice are the green die's (WIN/LOSE/DRAW)

    def clear(self, name=""):
        self.name = name
        self.field = 0
        for i in range(4):
            self.vals[i] = UNSET

    def fields(self):
        return FIELDS.get(self.name, NO_FIELDS)

    def kinds(self):
        """What a KIND field offers: all four to buy; a reinforcement card's troops or vessels."""
        return KINDS if self.name == "buy" else REINFORCEMENTS

    def kind(self, i):
        """The type of field i; buy's and reinforce's place depends on its kind (a nation for troops,
        a sea place for vessels, none for lasers: COUNT's place is then skipped)."""
        key, kind = self.fields()[i]
        if (self.name == "buy" or self.name == "reinforce") and key == "at":
            chosen = KINDS[self.vals[0]] if self.vals[0] >= 0 else TROOP
            if chosen == LASER:
                return UNSET
            return NATION if chosen == TROOP else SEA
        return kind

    def key(self, i):
        return self.fields()[i][0]

    def value(self, key):
        fields = self.fields()
        for i in range(len(fields)):
            if fields[i][0] == key:
                return self.vals[i]
        return UNSET

    def step(self, delta):
        """+/- on the current field: the next or previous nation, place, number or kind."""
        i = self.field
        kind = self.kind(i)
        v = self.vals[i]
        if kind == COUNT:
            v = v + delta if v + delta >= 0 else 0
        else:
            size = (N_NATIONS, N_SEAS, N_NATIONS + N_SEAS, 0, len(self.kinds()), len(VESSELS))[kind]
            v = (delta if delta > 0 else size - 1) if v < 0 else (v + delta) % size
        self.vals[i] = v

    def wheel(self, k):
        """Wheel k on a nation or place field: alliance k's next nation (k 0-3), or the next sea place
        of wheel 5 (places 1-12) or 6 (13-23). False when the field takes no wheel."""
        i = self.field
        kind = self.kind(i)
        v = self.vals[i]
        if kind == PLACE:
            if k < 4:
                self.vals[i] = _next_nation(v if v < N_NATIONS else UNSET, k)
            else:
                self.vals[i] = N_NATIONS + _next_sea(v - N_NATIONS if v >= N_NATIONS else UNSET, k)
        elif kind == NATION and k < 4:
            self.vals[i] = _next_nation(v, k)
        elif kind == SEA and k >= 4:
            self.vals[i] = _next_sea(v, k)
        else:
            return False
        return True

    def action(self, seat):
        """The core action of the entry so far."""
        a = {}
        a["a"] = self.name
        if seat >= 0:
            a["p"] = seat
        fields = self.fields()
        for i in range(len(fields)):
            key, kind = fields[i]
            v = self.vals[i]
            kind = self.kind(i)
            if kind == UNSET:
                continue
            if kind == PLACE:
                if v >= N_NATIONS:
                    a["b"] = v - N_NATIONS
                else:
                    a["n"] = v
            elif kind == KIND:
                a[key] = self.kinds()[v]
            elif kind == VESSEL:
                a[key] = VESSELS[v]
            else:
                a[key] = v
        return a

    def show_dice(self, now_ms, ring, faces, green):
        """Keep a roll for the lights: faces as positions 1-6 on the die (one or two dice)."""
        self.dice_at = now_ms
        self.dice_ring = ring
        self.dice_n = len(faces) if len(faces) < 2 else 2
        for i in range(self.dice_n):
            self.dice[i] = faces[i]
        self.green = green


def _next_nation(v, k):
    """The nation after v in alliance k, or its first when v is not one of it (or is its last)."""
    first = FIRST_OF[k]
    return v + 1 if first <= v < first + ALLIANCE_SIZES[k] - 1 else first


def _next_sea(v, k):
    """The sea place after v on wheel k (4: places 0-11, 5: places 12-22), or the wheel's first."""
    first = 0 if k == 4 else SEA_RING
    last = SEA_RING - 1 if k == 4 else N_SEAS - 1
    return v + 1 if first <= v < last else first
