"""Munera's and Morituri's random play, made faster for issue 25, still play the games their old
choosers played, seed for seed: the old choosers (every legal action listed, then drawn from) are
kept here and both play the same seeds action for action. Other tests pin no random game of theirs,
so without this one a faster chooser could quietly play other games."""

from games.morituri import randomplay as morituri
from games.munera import randomplay as munera
from referee import engine
from referee.play import play_out
from referee.rng import Rng


def _old_munera(game, rng):
    s = game.state
    seats = game.actors()
    if not seats:
        options = game.legal_actions(-1)
        return rng.choice(options) if options else None
    g = seats[0]
    options = game.legal_actions(g)
    if not options:
        return None
    if s["phase"] != "act":
        return rng.choice(options)
    attacks = [a for a in options if a["a"] in ("attack", "grapple", "haze")]
    if attacks and rng.below(4):
        return rng.choice(attacks)
    if rng.below(6) == 0:
        return {"a": "end", "p": g}
    closing = munera._closing(s, g, options)
    if closing:
        return rng.choice(closing)
    others = [a for a in options if a["a"] not in ("move", "turn", "discard")]
    return rng.choice(others) if others else {"a": "end", "p": g}


def _old_morituri(game, rng):
    s = game.state
    seats = game.actors()
    if not seats:
        options = game.legal_actions(-1)
        return rng.choice(options) if options else None
    options = game.legal_actions(seats[0])
    if s["phase"] == "melee" and len(options) > 1 and rng.below(8):
        options = [a for a in options if a["a"] == "melee"]
    elif s["phase"] == "implore" and s["crowd"]:
        with_crowd = s["crowd"][0]["data"][1]
        return {"a": "thumb", "p": seats[0], "up": with_crowd if rng.below(4) else 1 - with_crowd}
    elif s["phase"] == "implore" and rng.below(8):
        options = [a for a in options if a["a"] != "waive"]
    return rng.choice(options)


def _both(module, old, seed, max_actions):
    rules = module.rules.RULES
    new = module.play(seed, max_actions)
    before = play_out(engine.Game(rules, module.setup_for(seed)), old, Rng(seed ^ 0x5EED), max_actions)
    return new.log, before.log


def test_munera_random_play_plays_the_bouts_of_the_full_listing():
    for seed in range(60):
        new, old = _both(munera, _old_munera, seed, 3000)
        assert new == old, seed


def test_morituri_random_play_plays_the_games_of_the_full_listing():
    for seed in range(80):
        new, old = _both(morituri, _old_morituri, seed, 5000)
        assert new == old, seed
