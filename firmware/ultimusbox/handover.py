"""Eyes handed over by the box's own buttons: a link that claims the referee's eye (MODE on the box grants
it), a phone paired with its station (its SHOUT), a seat handed to another phone, and a resumed game's
tokens: those kept with its journal, or fresh ones for a game saved when tokens followed from the seed
(docs/protocol.md: `auth` claim, `pair`, `renew`, `tokens_renewed`).

Imported only when a link asks for a claim, a pairing or a seat handed on, or a game resumes: a box that
starts its game and hands nothing over keeps none of this code in its heap. The tokens are the shell's
(ultimusbox.eyes), in the journal's header from the game's start, and once a pairing or a seat handed on
changed them, beside it (save_tokens: one checksummed record bound to it by its
header's checksum).
"""

from referee.errors import Illegal
from ultimusbox import board
from ultimusbox.eyes import draw_token, new_tokens
from ultimusbox.journal import decode, encode

CLAIM_MS = 15000  # how long the box waits for MODE on the box to make the asking link the referee
CLAIM_BUTTON = board.MODE
PAIR_MS = 30000  # how long the box waits for the SHOUT that pairs a phone with its station
PAIR_BLUE = (0, 0, 160)  # the stations a waiting pairing may take
TOKENS_RENEWED = "an older firmware's seat codes followed from the seed: new ones drawn"


def save_tokens(shell):
    """The game's tokens beside its journal (bound to it by the header's checksum), replaced atomically; here,
    not in the journal or the shell, which a box holds from power-on and which only a handover needs this of."""
    journal = shell.journal
    try:
        journal.storage.replace_lines(
            journal.name + ".tok", [encode({"journal": journal.header_sum, "tokens": shell.tokens})]
        )
    except OSError:
        pass  # a full flash: the tokens hold until the box restarts, which draws new ones


def ask_claim(shell, grant):
    """A link asks to become the referee of the running game: MODE pressed on the box within CLAIM_MS grants
    it (someone at the table agreed); nothing else does."""
    shell.claim = (shell.clock.add(shell.clock.ms(), CLAIM_MS), grant)
    shell.flash("claim", CLAIM_MS)
    shell.note({"e": "claim", "button": CLAIM_BUTTON, "ms": CLAIM_MS})


def _take_claim(shell, button):
    claim, shell.claim = shell.claim, None
    if claim is None or button != CLAIM_BUTTON or shell.clock.diff(claim[0], shell.clock.ms()) < 0:
        return False
    shell.flashes.pop("claim", None)
    claim[1]()
    shell.note({"e": "claimed"})
    return True


def press(shell, button, physical):
    """A press while a claim or a pairing waits: True if it was theirs (MODE on the box for the claim, never
    the link's press; a SHOUT for the pairing, never one that is a seat's secret choice now: ULTIMUS's
    SHOUT or THINK), and then it is no game input."""
    if shell.claim is not None and physical and _take_claim(shell, button):
        return True
    if shell.pairing is None or shell.game is None or shell.screen.secret(button):
        return False
    return take(shell, button)


def ask(shell, on):
    """A link asks that the next SHOUT at a station whose seat has no phone yet pairs a phone with it (False:
    no more); the press on the box is the proof that the phone's holder sits there."""
    shell.pairing = shell.clock.add(shell.clock.ms(), PAIR_MS) if on else None


def renew(shell, seat, paired=0):
    """A fresh token for a seat (the referee hands it to another phone: paired 0; a phone took it by its
    SHOUT: 1); the old one opens nothing from now on."""
    tokens = shell.tokens
    tokens["seats"][seat] = draw_token(shell.secret, shell.seed_source)
    tokens["paired"][seat] = paired
    save_tokens(shell)
    return tokens["seats"][seat]


def take(shell, button):
    """A SHOUT while a pairing waits: its station's seat, if it has no phone yet, gets a fresh token that only
    the asking link hears (the event's hidden part); True if the press paired (it is no game input then)."""
    seat = shell.seat_of_station(button - board.SHOUT_0) if button < board.THINK_0 else -1
    if seat < 0 or shell.tokens["paired"][seat] or shell.clock.diff(shell.pairing, shell.clock.ms()) < 0:
        return False
    shell.pairing = None
    shell.note({"e": "paired", "station": button, "p": seat, "hidden": {"token": renew(shell, seat, 1)}})
    return True


def link_op(shell, request):
    """The link's `pair` ({"cancel": true}: no more; {"p": seat}: a phone opened that seat by its code, and no
    SHOUT pairs it from now on) and `renew` ("p": the seat), for the referee's eye."""
    seat = request.get("p")
    if request["op"] == "pair" and seat is None:
        ask(shell, not request.get("cancel"))
        return {}
    if type(seat) is not int or seat < 0 or seat >= len(shell.tokens["seats"]):
        raise Illegal("bad_request", "'p' must be a seat of the game")
    if request["op"] == "renew":
        return {"token": renew(shell, seat)}
    if not shell.tokens["paired"][seat]:
        shell.tokens["paired"][seat] = 1
        save_tokens(shell)
    return {}


def lights(shell, frame, now_ms, blink):
    """While a pairing waits, the lights of the stations whose seat has no phone blink blue: the table sees that a
    phone asks for a seat, and that the next SHOUT there is the pairing's (someone who asked for none knows)."""
    if shell.clock.diff(shell.pairing, now_ms) < 0 or shell.settings is None:
        return
    paired = shell.tokens["paired"]
    for seat, station in enumerate(shell.settings["stations"]):
        if not paired[seat]:
            frame.set(board.seat_pixel(station), PAIR_BLUE if blink else board.OFF)


def _tokens(tokens, players):
    """The tokens of a game of `players` seats, or None for anything else."""
    try:
        if len(tokens["seats"]) == len(tokens["paired"]) == players and type(tokens["referee"]) is str:
            return tokens
    except Exception:  # not a record of ours: the tokens are drawn again
        pass
    return None


def saved(journal, players):
    """The tokens kept beside this journal (after a pairing or a seat handed on), or None (none, another's)."""
    for line in journal.storage.read_lines(journal.name + ".tok"):
        record = decode(line)
        if type(record) is dict and record.get("journal") == journal.header_sum:
            return _tokens(record.get("tokens"), players)
        return None
    return None


def resumed(shell, players, in_header):
    """The resumed game's tokens: those kept beside its journal, else those its header was written with; none
    (a firmware that derived them from the seed, 0.2 and 0.3): fresh ones, kept, and told (tokens_renewed;
    the notice of hello too, as the box said it before anyone listened, unless another notice is there)."""
    shell.tokens = saved(shell.journal, players) or _tokens(in_header, players)
    if shell.tokens is not None:
        return
    shell.tokens = new_tokens(players, shell.secret, shell.seed_source)
    save_tokens(shell)
    e = {"e": "tokens_renewed", "code": "tokens_renewed", "message": TOKENS_RENEWED, "file": None}
    shell.notice = shell.notice or e
    shell.note(e)
