"""tests/mpy/heapblock.py: the largest free block beside free heap, for `make bench`."""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))

import heapblock  # noqa: E402

MEM_INFO = """stack: 640 out of 32768
GC: total: 384128, used: 115936, free: 268192, max new split: 134217728
 No. of 1-blocks: 1368, 2-blocks: 601, max blk sz: 282, max free sz: 10358
"""


def test_mem_info_is_read_in_bytes():
    assert heapblock.parse("noise\n" + MEM_INFO) == (384128, 115936, 268192, 10358 * 16)


def test_a_box_battle_under_micropython_reports_its_heap(tmp_path):
    from box_heap import plan

    path = tmp_path / "plan.jsonl"
    path.write_text("".join(json.dumps(a) + "\n" for a in plan(1)))
    total, used, free, largest = heapblock.measure(str(path))
    assert 0 < largest <= free < total and used > 32 * 1024  # the app and a game are loaded


def test_the_bench_line(tmp_path):
    from box_heap import plan

    path = tmp_path / "plan.jsonl"
    path.write_text("".join(json.dumps(a) + "\n" for a in plan(2)))
    text = heapblock.line(str(path), seed=2)
    assert "largest free block" in text and "used" in text
