"""The small differences between MicroPython and CPython, in one place."""

try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(value):
        return value
