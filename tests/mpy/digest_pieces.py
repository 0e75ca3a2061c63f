"""The link's digests in pieces against the core's, under MicroPython: prints "same=N differ=M pieces=P"."""

from referee.digest import digest
from ultimus import randomplay
from ultimusbox.digests import pieces, snapshot

_same = _differ = _pieces = 0
for _mode in ("box", "full"):
    for _seed in (1, 2):
        _game = randomplay.play(4, _seed, mode=_mode, max_actions=50 * _seed, stop_at_battle_end=False)
        for _state in (_game.state, _game.public_view()):
            _gen = pieces(snapshot(_state))
            try:
                while True:
                    next(_gen)
                    _pieces += 1
            except StopIteration as _stop:
                _value = _stop.value
            if _value == digest(_state):
                _same += 1
            else:
                _differ += 1
print("same=%d differ=%d pieces=%d" % (_same, _differ, _pieces))
