"""The small differences between MicroPython and CPython, in one place."""

try:
    # the stub declares const generic; the CPython stand-in below does the same at run time
    from micropython import const  # noqa: F401  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython

    def const(value):
        return value
