"""A numbered menu a person answers at the terminal: the other games' `play` ask every choice with it.

Counted from 1, as everything a person reads (README); Enter takes the default where there is one;
anything else is asked again, nothing chosen meanwhile.
"""


def pick(ask, say, prompt, texts, default=None):
    """The index (from 0) of the text chosen among `texts`, shown numbered from 1; prompt: who chooses."""
    for i, text in enumerate(texts):
        say("  %2d  %s" % (i + 1, text))
    hint = " (Enter: %d)" % (default + 1) if default is not None else ""
    while True:
        answer = ask("%s [1-%d]%s: " % (prompt, len(texts), hint)).strip()
        if not answer and default is not None:
            return default
        if answer.isdigit() and 1 <= int(answer) <= len(texts):
            return int(answer) - 1
        say("a number from 1 to %d, please" % len(texts))
