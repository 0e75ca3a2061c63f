"""Pico drivers: the only modules (with main.py) that import machine, rp2 or micropython's hardware parts.

Each has the interface documented in ultimusbox/runtime.py; ultimus_host.fakes has
a fake of each for the PC.
"""
