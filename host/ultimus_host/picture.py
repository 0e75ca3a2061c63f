"""The virtual box's picture laid out on a terminal: blocks of rows, what fits, and the pages a key flips.

The virtual box (ultimus_host.virtualbox) says what the box shows -- its header, six wheels with their
words, the stations, the game's table, what the table must do now, the sound, the log, the keys -- as
blocks of rows, each with how much a player needs it. This module fits them in a terminal: everything
a player needs (every wheel's words in full, the game's table, what now, the newest event, the keys)
is drawn whole; where a terminal has not the rows for all of it on one picture, what is left goes on
further pages (Tab flips them, the header says which page is shown and what the others hold), each
with the header, what now, the keys and as many of the newest events as its rows leave room for. A
page is never cut short with "…" unless a single block is taller than the whole terminal.
"""

import textwrap

# how much a block of rows is needed, most first: kept in this order while the page has rows
ESSENTIAL, MORE, USEFUL, LOG, SPACING = 0, 1, 2, 3, 4
NEEDED = (ESSENTIAL, MORE, USEFUL)  # what a player needs: on a page, this one or another
ON_EVERY_PAGE = "every"  # a block's place: the header, what now, the keys (the newest event: the log's)
FIRST_PAGE = "first"  # the wheels' first rows and the stations: the box's face, on page 1 only
FLIPPED = "flipped"  # the rest (a wheel's further words, the table, the sound): page 1 if it has room
PAGE_KEY = "Tab"


class Block:
    """Rows of rich Text, in the picture's order: need (ESSENTIAL...), rank among the log (0: the newest),
    place (ON_EVERY_PAGE, FIRST_PAGE, FLIPPED), what it is called where a page names it, and its rows
    when it stands on another page than the first (a wheel's words under its name, without the lights)."""

    def __init__(self, order, need, rows, rank=0, place=FLIPPED, name=None, elsewhere=None, cut=None):
        self.order, self.need, self.rows, self.rank = order, need, rows, rank
        self.place, self.name, self.elsewhere = place, name, elsewhere
        self.cut = cut  # its rows when the block after it (its words' rest) is not on the page: cut with "…"

    def __repr__(self):
        return "Block(%d, need %d, %d rows, %s)" % (self.order, self.need, len(self.rows), self.place)


def wrap(text, width, style="", indent=""):
    """Lines of words as rows of at most width characters, each line broken between words (a text's own
    line breaks stay: textwrap alone ran Ultimatum's stations into its wheels' legend)."""
    from rich.text import Text

    rows = []
    for line in text.split("\n"):
        if width is None or len(line) <= width:
            rows.append(line)
        else:
            rows += textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [""]
    return [Text(row, style=style) for row in rows]


def _sorted(blocks):
    return sorted(blocks, key=lambda b: (b.need, b.rank, b.order))


def fit(blocks, height):
    """The blocks that fit in `height` rows (the last one is the cursor's), the most needed first, shown in
    their order; an older event after one that did not fit is left out too (no hole in the log)."""
    chosen, used, log_cut = [], 0, False
    for b in _sorted(blocks):
        if b.need == LOG and log_cut:
            continue
        if used + len(b.rows) <= height - 1 or b.need == ESSENTIAL:
            chosen.append(b)
            used += len(b.rows)
        elif b.need == LOG:
            log_cut = True
    return sorted(chosen, key=lambda b: b.order)


def paginate(blocks, height, header):
    """[[Block]]: the pages of the picture, the first the box's face. header(page, pages, names) gives the
    header's block of a page (it says which page it is and what the others hold)."""
    if height is None:
        return [[header(0, 1, [])] + blocks]
    pages = _pages(blocks, height, header, None)
    if len(pages) > 1:  # the header now names the pages: it may take a row more, so fit again with it
        pages = _pages(blocks, height, header, pages)
    return pages


def _pages(blocks, height, header, before):
    count = len(before) if before else 1
    names = [_names(page) for page in before] if before else []
    first_header = header(0, count, names)
    first = fit([first_header] + blocks, height)
    shown = {b.order for b in first}
    left = [b for b in blocks if b.need in NEEDED and b.order not in shown and b.place != ON_EVERY_PAGE]
    pages = [first]
    every = [b for b in blocks if b.place == ON_EVERY_PAGE and b.need == ESSENTIAL]
    log = [b for b in blocks if b.need == LOG]
    while left:
        page_header = header(len(pages), count, names)
        room = height - 1 - len(page_header.rows) - sum(len(b.rows) for b in every)
        taken, used = [], 0
        for b in left:
            rows = b.elsewhere or b.rows
            if taken and used + len(rows) > room:
                break
            if len(rows) > room:  # taller than a whole page: never met at 80x24, still drawn inside the terminal
                rows = rows[: max(room, 1) - 1] + [_ended(rows[max(room, 1) - 1])]
            taken.append(Block(b.order, ESSENTIAL, rows, b.rank, b.place, b.name))
            used += len(rows)
        left = left[len(taken) :]
        moved = taken
        pages.append(fit([page_header] + every + moved + log, height))
    return [_cut(page, blocks) for page in pages]


def _cut(page, blocks):
    """The page with a wheel's first row cut ("…") where the rest of its words is not on it."""
    on = {b.order for b in page}
    rests = {b.order for b in blocks if b.need == MORE}
    out = []
    for b in page:
        if b.cut is not None and b.order + 1 in rests and b.order + 1 not in on:
            b = Block(b.order, b.need, b.cut, b.rank, b.place, b.name, b.elsewhere)
        out.append(b)
    return out


def _ended(row):
    """A row cut where a block had no more room: its last character made "…"."""
    out = row.copy()
    out.truncate(max(len(out) - 1, 0))
    out.append("…")
    return out


def _names(page):
    """What a page holds beside what every page has, as its header names it (the first: the box itself)."""
    out = []
    if any(b.place == FIRST_PAGE for b in page):
        return out
    for b in page:
        if b.place == FLIPPED and b.name and b.name not in out:
            out.append(b.name)
    return out
