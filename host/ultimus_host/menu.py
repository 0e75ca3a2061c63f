"""Numbered menus a person answers at the terminal: the games' `play` ask every choice with them.

Counted from 1, as everything a person reads (README); Enter takes the default where there is one;
anything else is asked again, nothing chosen meanwhile. A Menu keeps each option's number while one
decision lasts (a gladiator's turn, a battle's bets): an option that is not possible any more stays
listed and marked, and one that was not there before is marked new, so that typing the number just
read never takes another option.
"""

import json

ENTRY = "  %2d) %s"  # the menu's number, told apart from the numbers of the places and cards in its text


def pick(ask, say, prompt, texts, default=None):
    """The index (from 0) of the text chosen among `texts`, shown numbered from 1; prompt: who chooses."""
    for i, text in enumerate(texts):
        say(ENTRY % (i + 1, text))
    hint = " (Enter: %d)" % (default + 1) if default is not None else ""
    while True:
        answer = ask("%s [1-%d]%s: " % (prompt, len(texts), hint)).strip()
        if not answer and default is not None:
            return default
        if answer.isdigit() and 1 <= int(answer) <= len(texts):
            return int(answer) - 1
        say("a number from 1 to %d, please" % len(texts))


NOT_NOW = "   (not possible now)"
NEW = "   (new)"


class Menu:
    """Numbered options that keep their numbers while one decision lasts; context(view) names the decision
    (a new one: numbered afresh from 1). retell: an option not possible now is told again in today's words
    too (ULTIMUS's betting cards keep their places); else it keeps the words it had (a Munera weapon's
    place in the kit may have gone to another)."""

    def __init__(self, context, retell=False):
        self.context_of = context
        self.retell = retell
        self.context = None
        self.keys = []  # every option shown in this context, in the order first shown
        self.actions = {}
        self.texts = {}

    def lines(self, view, options, text):
        """(number, option or None, text, new) for every entry; None: not possible now; new: not shown before
        in this decision. Every option possible now in today's words (the coins on a card, the AP left)."""
        context = self.context_of(view)
        fresh = context != self.context
        if fresh:
            self.context, self.keys, self.actions, self.texts = context, [], {}, {}
        now = {}
        added = set()
        for a in options:
            key = json.dumps(a, sort_keys=True)
            now[key] = a
            if key not in self.actions:
                self.keys.append(key)
                self.actions[key] = a
                added.add(key)
        for key in self.keys:
            if key not in now and not self.retell:
                continue
            try:
                self.texts[key] = text(self.actions[key])
            except (KeyError, IndexError, TypeError, ValueError):
                pass  # not to be told any more (its card is gone): the words it had
        return [(i + 1, now.get(key), self.texts[key], key in added and not fresh) for i, key in enumerate(self.keys)]

    def choose(self, ask, say, prompt, view, options, text):
        """Show the entries and return the option whose number is typed; a number not possible now is
        asked again."""
        entries = self.lines(view, options, text)
        for number, option, words, new in entries:
            say(ENTRY % (number, words + (NOT_NOW if option is None else NEW if new else "")))
        possible = {number: option for number, option, _, _ in entries if option is not None}
        while True:
            answer = ask("%s (a number above): " % prompt).strip()
            if answer.isdigit() and int(answer) in possible:
                return possible[int(answer)]
            say("one of the numbers %s, please" % ", ".join(map(str, sorted(possible))))
