"""The QR codes of `ultimus serve`, in one place: a URL as an SVG for a page, and as a code printed in its terminal.

A QR code of a page's URL carries what the URL carries (a seat's token, the referee's key): it goes to a
terminal only, never into a log or a file (printed only when the output is a terminal), and to the one page
that may show it.
"""

import sys

ERROR = "m"  # the error correction level: a phone still reads a code on a screen with a glare


def svg(url, scale=4):
    """The QR code of url as an inline SVG (the table page shows it: no script in it)."""
    import segno

    return segno.make(url, error=ERROR).svg_inline(scale=scale, border=2)


def terminal(url, caption, say=print, out=None):
    """The QR code of url printed under its caption in this terminal; nothing (False) when the output is not a
    terminal (a log file, a pipe), where a code would only keep the URL's secret for whoever reads the file."""
    out = out or sys.stdout
    if not out.isatty():
        return False
    import segno

    say(caption)
    segno.make(url, error=ERROR).terminal(out=out, compact=True)
    out.flush()
    return True
