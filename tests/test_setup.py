"""The set-up tells the truth: one Python floor in pyproject, Makefile and README, checked by make; make run
installs only what playing needs."""

import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(name):
    with open(os.path.join(ROOT, name)) as f:
        return f.read()


def floor():
    match = re.search(r'requires-python = ">=(3\.\d+)"', read("pyproject.toml"))
    assert match
    return match.group(1)


def test_one_python_floor_everywhere():
    assert floor() == "3.10"  # the oldest every pinned test tool installs on (pytest 9.2, ezdxf 1.4.5)
    assert re.search(r"^PY_FLOOR := %s$" % re.escape(floor()), read("Makefile"), re.M)
    assert "**%s or newer**" % floor() in read("README.md")
    assert '"pythonVersion": "%s"' % floor() in read("pyrightconfig.json")
    assert 'target-version = "py%s"' % floor().replace(".", "") in read("pyproject.toml")


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_refuses_an_older_python_with_a_clear_message(tmp_path):
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(os.path.join(ROOT, name), tmp_path / name)
    old = tmp_path / "python3.9"
    old.write_text("#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'Python 3.9.18'; exit 0; fi\nexit 1\n")
    old.chmod(0o755)
    done = subprocess.run(["make", "run", "PYTHON=%s" % old], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode != 0
    assert "needs Python %s or newer" % floor() in done.stderr and "Python 3.9.18" in done.stderr
    assert not (tmp_path / ".venv").exists()  # refused before anything was made


def test_make_run_installs_no_test_tools_and_make_test_does():
    makefile = read("Makefile")
    run_rule = re.search(r"^\$\(VENV\)/\.run:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert run_rule and "-e .\n" in run_rule.group(1) and "[" not in run_rule.group(1)
    assert re.search(r"^run: \$\(VENV\)/\.run$", makefile, re.M)
    assert re.search(r"^test: setup lint$", makefile, re.M) and re.search(r"^setup: \$\(VENV\)/\.test", makefile, re.M)
    pyproject = read("pyproject.toml")
    base = re.search(r"^dependencies = \[(.*)\]$", pyproject, re.M)
    assert base and not re.search(r"pytest|hypothesis|ruff|pyright|ezdxf|schemdraw|littlefs", base.group(1))
    test_extra = pyproject[pyproject.index("test = [") :]
    assert "pytest==" in test_extra and "hypothesis==" in test_extra
    assert "make test" in read(".ci/run")
