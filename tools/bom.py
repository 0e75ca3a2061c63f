"""The bill of materials (hardware/bom.csv) as data: rows, reference designators, packs and the total.

Owns reading bom.csv and the arithmetic on it: a row's reference range
("SW1-SW6") expanded to its parts, the packs a row needs (parts / pack size,
rounded up), the line total (packs x pack price) and the box's total cost.
The netlist, the panel and the README's cost line all take their parts and
numbers from here, so none of them can drift from the file a builder orders from.
"""

import csv
import math
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOM = os.path.join(ROOT, "hardware", "bom.csv")


def rows(path=BOM):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def expand(ref):
    """'SW1-SW6' -> ['SW1', ..., 'SW6']; 'U1' -> ['U1']."""
    m = re.fullmatch(r"([A-Z]+)(\d+)-([A-Z]+)(\d+)", ref) or re.fullmatch(r"([A-Z]+)(\d+)-()(\d+)", ref)
    if not m:
        return [ref]
    prefix, first, prefix2, last = m.groups()
    if prefix2 and prefix2 != prefix:
        raise ValueError("a reference range mixes prefixes: %s" % ref)
    return ["%s%d" % (prefix, n) for n in range(int(first), int(last) + 1)]


def parts(path=BOM):
    """Every single part: reference -> its BOM row."""
    out = {}
    for row in rows(path):
        refs = expand(row["ref"])
        if len(refs) != int(row["qty"]):
            raise ValueError("%s: the range names %d parts, qty says %s" % (row["ref"], len(refs), row["qty"]))
        for ref in refs:
            if ref in out:
                raise ValueError("%s is in bom.csv twice" % ref)
            out[ref] = row
    return out


def packs_needed(row):
    return math.ceil(int(row["qty"]) / int(row["pack size"]))


def line_total(row):
    """What a row costs: whole packs at the pack price (cents, to stay exact)."""
    return packs_needed(row) * cents(row["pack price EUR"])


def cents(text):
    euros, _, rest = text.partition(".")
    return int(euros) * 100 + int((rest + "00")[:2])


def total_cents(path=BOM):
    return sum(line_total(row) for row in rows(path))


def euros(amount_cents):
    return "%d.%02d" % divmod(amount_cents, 100)


def cost_line(path=BOM):
    """The sentence the READMEs carry; a test keeps both equal to the file."""
    total = total_cents(path)
    return "about %d EUR (%s EUR: the sum of `hardware/bom.csv`, whole packs at pack prices)" % (
        round(total / 100),
        euros(total),
    )
