"""Nummus's bots: the host's random bot (a coin has no strategy)."""

from ultimus_host.bots import RandomBot

BOTS = {"random": RandomBot}
