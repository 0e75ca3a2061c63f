"""The box: hardware-agnostic app, link server and persistence above a narrow driver layer.

Only ultimusbox.drivers (and main.py) touch `machine`, `rp2` or `neopixel`; the
host package holds fakes of the same driver interfaces.
"""
