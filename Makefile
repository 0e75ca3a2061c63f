# Ultimus Box: one place for every job. `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
NODE_MP := node_modules/@micropython/micropython-webassembly-pyscript/package.json

.PHONY: setup run test bench mpy flash clean

setup: $(VENV)/.installed $(NODE_MP)

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

$(NODE_MP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The main job: a box on USB if one is attached, otherwise the virtual box (Ctrl-C to stop).
run: setup
	$(VENV)/bin/ultimus run

test: setup
	$(PY) -m pytest

bench: setup
	$(PY) tools/bench.py

# Compile every firmware file with mpy-cross, as the deploy step does.
mpy: setup
	$(PY) tools/compile_firmware.py build/mpy

# Put the firmware on a Pico over USB: mpy-cross, mpremote, then a hello check. PORT=/dev/ttyACM0 to choose.
flash: setup
	$(PY) -m ultimus_host.flash $(PORT)

clean:
	rm -rf build .pytest_cache .hypothesis
