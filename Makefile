# The table scoreboard. Every target bootstraps what it needs: .venv with the pinned packages
# (requirements.txt), and Debian packages where a target needs one (fonts-misaki for `make font`).
SHELL := /bin/bash
PY := .venv/bin/python
STAMP := .venv/.requirements-stamp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BOARD ?= pico
PORT ?=
UF2 ?= $(wildcard .cache/RPI_PICO.uf2)
# The Pico W's firmware (RPI_PICO_W) for the emulated Pico W: W_UF2=, else $$PICO_W_UF2, else .cache/.
W_UF2 ?= $(or $(PICO_W_UF2),$(wildcard .cache/RPI_PICO_W.uf2))
FORWARD ?= 8080

.PHONY: sim web demo test test-emu bench bench-doc presses deploy firmware flash emu export check-board font texts screenshots clean help
help:
	@echo "Play"
	@echo "  make sim [STORE=dir] [SERVE=1]  the scoreboard in the simulator (keys = buttons; SERVE: phones)"
	@echo "  make web [WEB_PORT=8000]        the scoreboard in a browser (MicroPython WebAssembly)"
	@echo "  make demo                       a scripted 4-player game, printed, with its log"
	@echo "On a Pico (docs/hardware.md)"
	@echo "  make firmware [BOARD=pico|..|all] [MICROPY_DIR=..]  our UF2 in build/firmware/"
	@echo "  make flash [BOARD=pico] [PORT=..] [DRIVE=..]  put that UF2 on an attached board"
	@echo "  make deploy [BOARD=..] [PORT=..] [DRY_RUN=1]  the app on the official MicroPython (fallback)"
	@echo "  make export [PORT=..]           copy and verify the game logs into archive/"
	@echo "  make check-board [PORT=..]      time the panel's I2C and a flash append on a real board"
	@echo "Check"
	@echo "  make test                       the suite (CPython + MicroPython)"
	@echo "  make test-emu [UF2=..] [MICROPY_DIR=..]  the emulated Pico: official files, then our UF2s"
	@echo "  make emu [UF2=..] [BOARD=pico_w]  the firmware on an emulated Pico (docs/emulator.md)"
	@echo "  make bench / bench-doc / presses  the figures in docs/bench*.md, docs/presses.md"
	@echo "Build steps (the other targets run them when needed)"
	@echo "  make texts                      firmware/ui/texts.bin from the message tables"
	@echo "  make font                       firmware/draw/misaki.fnt from fonts-misaki"
	@echo "  make screenshots                docs/screenshots/ from the simulator's tours"
	@echo "  make clean                      remove build/, demo-out/ and the test cache"

# The texts' data file on the flash (host_tools/board/make_texts.py), made again from the message tables
# whenever one is newer: every target that runs the firmware depends on it being fresh
# (generated, not tracked: deploy.stage(), the web build, the simulator and the tests' session
# also write it when it is missing or stale).
TEXTS := firmware/ui/texts.bin
TEXT_TABLES := $(wildcard firmware/core/messages.py firmware/kinds/*/texts.py firmware/ui/strings.py firmware/net/strings.py)
$(TEXTS): $(TEXT_TABLES) host_tools/board/make_texts.py | $(STAMP)
	$(PY) -m host_tools.board.make_texts

$(STAMP): requirements.txt
	@command -v python3 >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y python3 python3-venv; }
	@test -x $(PY) || python3 -m venv .venv || { $(SUDO) apt-get update && $(SUDO) apt-get install -y python3-venv && rm -rf .venv && python3 -m venv .venv; }
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	@touch $@

sim: $(STAMP) $(TEXTS)
	@if $(PY) -m mpremote devs 2>/dev/null | grep -qi "2e8a:"; then \
	  echo "A Pico is attached: 'make deploy' puts the scoreboard on it. Starting the simulator anyway."; fi
	$(PY) -m host_tools.dev.sim $(if $(STORE),--store $(STORE)) $(if $(SERVE),--serve $(if $(SERVE_PORT),--port $(SERVE_PORT)))

# The page in build/web/ (npm fetches the pinned MicroPython WebAssembly port into build/web-npm/).
web: $(STAMP) $(TEXTS)
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends npm; }
	$(PY) -m host_tools.dev.web $(if $(WEB_PORT),--port $(WEB_PORT)) $(if $(WEB_HOST),--host $(WEB_HOST))

demo: $(STAMP) $(TEXTS)
	$(PY) -m host_tools.dev.demo

test: $(STAMP) $(TEXTS)
	@{ command -v chromium >/dev/null && fc-list : family | grep -qiE "IPA(ex)?P?Gothic|Noto Sans CJK JP"; } || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium fonts-ipafont-gothic; } || echo "make test: chromium / fonts-ipafont-gothic not installed: the report's browser test skips, its glyph test fails"
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends npm; } || echo "make test: npm not installed: the web page's browser test (tests/browser/test_web.py) skips"
	$(PY) -m pytest

# The emulated-Pico suite (pytest -m emu), twice: first on the official files (the fallback path: the
# UF2 from UF2=, else $$PICO_UF2, else .cache/RPI_PICO.uf2; docs/emulator.md), then on our own UF2s
# (build/firmware/scoreboard-pico[_w].uf2, built first when MICROPY_DIR is given). Without an
# official file it fails with where to get it, instead of skipping silently.
OURS_PICO := build/firmware/scoreboard-pico.uf2
OURS_PICO_W := build/firmware/scoreboard-pico_w.uf2
test-emu: $(STAMP) $(TEXTS)
	@f="$(or $(UF2),$(PICO_UF2))"; test -n "$$f" -a -f "$$f" || { echo "make test-emu: no MicroPython firmware file: download RPI_PICO v1.24.1 (RPI_PICO-20241129-v1.24.1.uf2) from https://micropython.org/download/RPI_PICO/ to .cache/RPI_PICO.uf2, or give UF2=path (docs/emulator.md)"; exit 2; }
	$(if $(MICROPY_DIR),$(MAKE) --no-print-directory firmware BOARD=pico && $(MAKE) --no-print-directory firmware BOARD=pico_w)
	@echo "== make test-emu: the official firmware (the fallback path)"
	@f="$(or $(UF2),$(PICO_UF2))"; PICO_UF2="$$(realpath "$$f")" $(if $(W_UF2),PICO_W_UF2="$$(realpath "$(W_UF2)")") $(PY) -m pytest -m emu -p no:cacheprovider; official=$$?; \
	if [ -f $(OURS_PICO) -a -f $(OURS_PICO_W) ]; then echo "== make test-emu: our firmware ($(OURS_PICO), $(OURS_PICO_W))"; \
	  PICO_UF2="$$(realpath $(OURS_PICO))" PICO_W_UF2="$$(realpath $(OURS_PICO_W))" $(PY) -m pytest -m emu -p no:cacheprovider; ours=$$?; \
	else echo "make test-emu: our UF2s are not built (make firmware BOARD=pico and BOARD=pico_w, or give MICROPY_DIR=): their run was left out"; ours=2; fi; \
	echo "make test-emu: the official firmware's run exited $$official, ours $$ours"; test $$official = 0 -a $$ours = 0

# The bench page, the firmware's and the download's emulated figures run as one set of tasks on
# both cores (bench.firmware --page --download): the whole within 20 minutes on 2 cores.
bench: $(STAMP) $(TEXTS)
	$(PY) -m host_tools.dev.presses
	$(PY) -m host_tools.dev.bench.phones --out docs/bench-phones.md
	@if [ -f $(OURS_PICO) -o -f $(OURS_PICO_W) ]; then \
	  $(PY) -m host_tools.dev.bench.firmware --page $(if $(UF2),--uf2 $(UF2)) $$([ -f $(OURS_PICO_W) ] && echo --download); \
	  else $(PY) -m host_tools.dev.bench $(if $(UF2),--uf2 $(UF2)) && \
	  echo "make bench: our UF2s are not built (make firmware): docs/bench-firmware.md not measured"; fi
	@if [ ! -f $(OURS_PICO_W) ]; then echo "make bench: our Pico W UF2 is not built: docs/bench-download.md not measured"; fi

# docs/benchmarks.md from scratch: deterministic figures + the emulated Pico + wall clock.
# tests/host/dev/test_bench.py compares the deterministic part with this commit's (bench --deterministic --check).
bench-doc: $(STAMP) $(TEXTS)
	$(PY) -m host_tools.dev.bench $(if $(UF2),--uf2 $(UF2)) --out docs/benchmarks.md
	$(PY) -m host_tools.dev.presses
	$(PY) -m host_tools.dev.bench.phones --out docs/bench-phones.md

presses: $(STAMP) $(TEXTS)
	$(PY) -m host_tools.dev.presses

# Our own firmware (docs/firmware.md): MicroPython v1.28.0 from MICROPY_DIR with the scoreboard frozen
# in; the ARM toolchain comes from Debian. BOARD=all: the boards host_tools/board/boards.py builds for
# (asked when the recipe runs, once .venv is there).
FIRMWARE_BOARDS = $(if $(filter all,$(BOARD)),$(or $(shell $(PY) -m host_tools.board.boards --firmware),$(error make firmware: no board list from host_tools/board/boards.py)),$(BOARD))
ARM_PACKAGES := gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib
# Without MICROPY_DIR it gets its own tree at the pinned commits into .cache/ (fetch_tree.py; exit 2
# saying how to give MICROPY_DIR when it cannot). pico-sdk clones and builds picotool once into
# PICOTOOL_FETCH_FROM_GIT_PATH (default .cache/picotool), where every later build finds it.
firmware: $(STAMP) $(TEXTS)
	@test -n "$(MICROPY_DIR)" || command -v git >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y git; }
	@tree="$(MICROPY_DIR)"; test -n "$$tree" || tree="$$($(PY) -m host_tools.board.firmware.fetch_tree)" || exit 2; \
	dpkg -s $(ARM_PACKAGES) >/dev/null 2>&1 || { $(SUDO) apt-get update && $(SUDO) apt-get install -y $(ARM_PACKAGES); } || exit 2; \
	for b in $(FIRMWARE_BOARDS); do \
	  PICOTOOL_FETCH_FROM_GIT_PATH="$(or $(PICOTOOL_FETCH_FROM_GIT_PATH),$(CURDIR)/.cache/picotool)" \
	  $(PY) -m host_tools.board.firmware.build --board $$b --micropy-dir "$$tree" || exit 2; done

flash: $(STAMP)
	$(PY) -m host_tools.board.firmware.flash --board $(BOARD) $(if $(PORT),--port $(PORT)) $(if $(DRIVE),--drive $(DRIVE))

deploy: $(STAMP) $(TEXTS)
	$(PY) -m host_tools.board.deploy --board $(BOARD) $(if $(PORT),--port $(PORT)) $(if $(DRY_RUN),--dry-run) $(if $(MIP),--mip)

emu: $(STAMP) $(TEXTS)
	$(PY) -m host_tools.dev.emu --board $(BOARD) --forward $(FORWARD) $(if $(shell $(PY) -m host_tools.board.boards --radio $(BOARD)),$(if $(W_UF2),--uf2 $(W_UF2)),$(if $(UF2),--uf2 $(UF2)))

export: $(STAMP)
	$(PY) -m host_tools export $(if $(PORT),--port $(PORT))

check-board: $(STAMP)
	$(PY) -m host_tools.board.check $(if $(PORT),--port $(PORT))

texts: $(STAMP)
	$(PY) -m host_tools.board.make_texts

font: $(STAMP)
	@test -d /usr/share/fonts/truetype/misaki || { $(SUDO) apt-get update && $(SUDO) apt-get install -y fonts-misaki; }
	$(PY) -m host_tools.board.make_font

screenshots: $(STAMP) $(TEXTS)
	rm -rf build/games
	$(PY) -m host_tools.dev.sim --script host_tools/dev/sim/tour.txt --shots docs/screenshots --store build/games/tour
	$(PY) -m host_tools.dev.sim --script host_tools/dev/sim/evening.txt --shots docs/screenshots --store build/games/evening/games
	@for g in kabu kakoi dobon; do $(PY) -m host_tools.dev.sim --script tests/kinds/$$g/emu.txt --shots build/shots/$$g --store build/games/$$g >/dev/null; done
	cp build/shots/kabu/kabu-preview.png docs/screenshots/tour-06-kabu-preview.png
	cp build/shots/kakoi/kakoi-preview.png docs/screenshots/tour-07-kakoi-preview.png
	cp build/shots/dobon/dobon-pending.png docs/screenshots/tour-08-dobon.png

clean:
	rm -rf build demo-out .pytest_cache
