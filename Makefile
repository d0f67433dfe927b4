# liza-watch — build, test, install.
#
# Sources are found by wildcard: a new file in core/*/, systems/*/ (or one
# folder deeper: Liza's two generations, systems/liza/shell/ and go/), watch/,
# live/, tui/, sim/ or cli/ is built and linked without touching this file; a
# new tests/unit/test_*.c is a
# new cmocka test binary that `make check` runs.

VERSION     := 0.1.0
PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
MANDIR      ?= $(PREFIX)/share/man
DATADIR     ?= $(PREFIX)/share/liza-watch
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
DESTDIR     ?=

CC          ?= cc
PKG_CONFIG  ?= pkg-config
UNAME_S     := $(shell uname -s)

# PORTABLE=1 builds, here, the variant the BSDs and macOS get: none of the
# Linux-only calls (platform/platform.h), the stat-poll watcher. Its objects
# and binaries live under build/port/ so the two variants never mix.
ifneq ($(PORTABLE),)
  B := build/port
  PORT_CPPFLAGS := -DLW_PORTABLE
  REL_BIN := build/port/liza-watch
else
  B := build
  REL_BIN := liza-watch
endif

# The BSDs get inotify from libinotify (a kqueue emulation) in their package
# system's folders (/usr/pkg on NetBSD, /usr/local elsewhere); Linux has it
# in libc; macOS has none (the stat-poll watcher) and a system ncurses.
ifneq ($(filter FreeBSD OpenBSD DragonFly,$(UNAME_S)),)
  PKG_PREFIX := /usr/local
else ifeq ($(UNAME_S),NetBSD)
  PKG_PREFIX := /usr/pkg
endif
ifneq ($(PKG_PREFIX),)
  INOTIFY_CFLAGS := $(shell $(PKG_CONFIG) --cflags libinotify 2>/dev/null || echo -I$(PKG_PREFIX)/include)
  INOTIFY_LIBS   := $(shell $(PKG_CONFIG) --libs libinotify 2>/dev/null || echo -L$(PKG_PREFIX)/lib -Wl,-rpath,$(PKG_PREFIX)/lib -linotify)
endif
ifeq ($(UNAME_S),Darwin)
  # ncurses ships with the system (wide characters included, as -lncurses);
  # Homebrew's libyaml, cmocka and nettle are found through pkg-config.
  CURSES_FALLBACK := -lncurses
else
  CURSES_FALLBACK := -lncursesw -ltinfo
endif

YAML_CFLAGS   := $(shell $(PKG_CONFIG) --cflags yaml-0.1 2>/dev/null)
YAML_LIBS     := $(shell $(PKG_CONFIG) --libs yaml-0.1 2>/dev/null || echo -lyaml)
CURSES_CFLAGS := $(shell $(PKG_CONFIG) --cflags ncursesw 2>/dev/null)
CURSES_LIBS   := $(shell $(PKG_CONFIG) --libs ncursesw 2>/dev/null || echo $(CURSES_FALLBACK))
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null || echo -lcmocka)
# Nettle: SHA-256, for the digests today's Liza writes in its lifecycle
# receipts (systems/liza/go/lizago_lifecycle.c) and that ours must equal.
# Linked statically where the archive is there: the shared library's
# relocations cost every process about 230 KiB of RSS for one hash function,
# the archive adds only the SHA-256 objects.
NETTLE_CFLAGS := $(shell $(PKG_CONFIG) --cflags nettle 2>/dev/null)
NETTLE_LIBS   := $(shell $(PKG_CONFIG) --libs nettle 2>/dev/null || echo -lnettle)
NETTLE_STATIC := $(shell $(CC) -print-file-name=libnettle.a 2>/dev/null)
ifneq ($(filter /%,$(NETTLE_STATIC)),)
  NETTLE_LIBS := $(NETTLE_STATIC)
endif
# What a program linking the core objects needs (the bench and fuzz programs).
CORE_LIBS     := $(YAML_LIBS) $(NETTLE_LIBS)

# The build's own flags live in LW_* variables, so CFLAGS, CPPFLAGS, LDFLAGS
# and LDLIBS given on the command line (`make CFLAGS=-O0`) add to them instead
# of replacing the standard, the warnings, the include path and dependency
# tracking. -Werror (WERROR) only applies to the builds the tests use
# (sanitizer, valgrind, fuzz): a newer compiler's new warning must not break
# a user's `make` or `make install`.
WARNINGS := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wformat=2 -Wno-format-nonliteral -Wpointer-arith -Wundef -Wvla
WERROR   ?= -Werror
LW_CPPFLAGS := $(PORT_CPPFLAGS) -D_DEFAULT_SOURCE -D_GNU_SOURCE -DLW_VERSION='"$(VERSION)"' \
               -DLW_DATADIR='"$(DATADIR)"' -I. $(YAML_CFLAGS) $(NETTLE_CFLAGS) $(CURSES_CFLAGS) $(INOTIFY_CFLAGS)
LW_CFLAGS   := -std=c11 $(WARNINGS) -MMD -MP
LW_LDLIBS   := $(CORE_LIBS) $(CURSES_LIBS) $(INOTIFY_LIBS)
CFLAGS      ?= -O2 -g
ALL_CPPFLAGS = $(LW_CPPFLAGS) $(CPPFLAGS)
ALL_CFLAGS   = $(LW_CFLAGS) $(CFLAGS)
ALL_LDLIBS   = $(LW_LDLIBS) $(LDLIBS)

SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

LIB_SRC  := $(sort $(wildcard platform/*.c core/*/*.c systems/*.c systems/*/*.c systems/*/*/*.c watch/*.c live/*.c notify/*.c tui/*.c sim/*.c cli/*.c))
MAIN_SRC := liza-watch.c
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
# The library without the demo's simulated agents (systems/*/*_sim*.c and
# systems/liza/*/liza*_sim*.c, told by the file's name): what
# the fuzz targets and the benchmarks link.
NO_SIM_SRC := $(foreach f,$(LIB_SRC),$(if $(findstring _sim,$(notdir $(f))),,$(f)))
TEST_HELPER_SRC := $(sort $(wildcard tests/unit/helper_*.c))

REL_OBJ  := $(LIB_SRC:%.c=$(B)/rel/%.o)
SAN_OBJ  := $(LIB_SRC:%.c=$(B)/san/%.o)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(B)/san/tests/%)
TEST_HELPER_OBJ := $(TEST_HELPER_SRC:%.c=$(B)/san/%.o)

.PHONY: all deps deps-test check check-portable strict-posix unit e2e conformance valgrind bench demo install uninstall clean fuzz fuzz-smoke soak soak-smoke man
all: $(REL_BIN) man

# Relative relocations packed (DT_RELR) where the linker and C library have
# them (binutils 2.38, glibc 2.36): the ~1,800 pointers in the binary's
# tables take a few hundred bytes instead of 43 KB of relocation records,
# which every run read and kept resident (the HUD's RSS, status's start).
RELR_LDFLAGS := $(shell printf 'int main(void){return 0;}' | $(CC) -x c - -o /dev/null -Wl,-z,pack-relative-relocs 2>/dev/null && echo -Wl,-z,pack-relative-relocs)

# The product's link order: the code every run executes first (the shared
# layers, the HUD, the CLI, each system's detection), then each system's
# read side, system by system, then what only a write, a review, the demo
# or a one-shot command runs. The kernel maps a binary's pages in 64 KB
# windows around each page touched (fault-around), so code used together
# and kept together leaves the other windows unmapped: measured on the idle
# 100-task HUD, every page of the text was resident when the layers were
# interleaved with all five systems.
COLD_SRC   := $(filter core/edit/% core/commit/% $(filter-out core/txn/txn_recover.c,$(wildcard core/txn/*.c)) core/review/% sim/% %_tx.c %_sim.c %_sim_%.c \
                systems/%_review.c systems/rcs/rcs_activate.c systems/rcs/rcs_clear.c tui/act_work.c \
                cli/cmd_demo.c cli/cmd_review.c cli/cmd_transition.c cli/cmd_complete.c cli/cmd_man.c \
                cli/cmd_keys.c cli/cmd_config.c cli/cmd_metrics.c cli/metrics.c,$(LIB_SRC))
DETECT_SRC := systems/adapters.c $(filter systems/%_adapter.c,$(LIB_SRC))
SYSTEM_SRC := $(filter-out $(COLD_SRC) $(DETECT_SRC),$(filter systems/%,$(LIB_SRC)))
SHARED_SRC := $(filter-out $(COLD_SRC) $(DETECT_SRC) $(SYSTEM_SRC),$(LIB_SRC))
LINK_OBJ   := $(patsubst %.c,$(B)/rel/%.o,$(SHARED_SRC) $(DETECT_SRC) $(SYSTEM_SRC) $(COLD_SRC))

$(REL_BIN): $(LINK_OBJ) $(B)/rel/liza-watch.o
	$(CC) $(ALL_CFLAGS) $(RELR_LDFLAGS) $(LDFLAGS) -o $@ $(B)/rel/liza-watch.o $(LINK_OBJ) $(ALL_LDLIBS)

# The sanitized binary is what the end-to-end tests drive.
$(B)/san/liza-watch: $(SAN_OBJ) $(B)/san/liza-watch.o
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) $(LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

# Files that compile in install paths rebuild when PREFIX or DATADIR change.
PATH_STAMP := build/paths.stamp
$(shell mkdir -p build; echo '$(DATADIR)' | cmp -s - $(PATH_STAMP) || echo '$(DATADIR)' > $(PATH_STAMP))
PATH_USERS := $(shell grep -l LW_DATADIR $(LIB_SRC) 2>/dev/null)
$(PATH_USERS:%.c=$(B)/rel/%.o) $(PATH_USERS:%.c=$(B)/san/%.o): $(PATH_STAMP)

# The default and mono themes are built in (colour and NO_COLOR need no
# file): themes/default.theme and mono.theme, their one source, made into C
# strings that tui/theme.c includes.
THEME_BUILTIN := build/gen/theme_builtin.h
$(THEME_BUILTIN): themes/default.theme themes/mono.theme
	@mkdir -p $(@D)
	@for t in default mono; do \
	  printf 'static const char theme_builtin_%s[] =\n' $$t; \
	  sed -e '/^#/d' -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' themes/$$t.theme; \
	  echo ';'; done > $@.tmp && mv $@.tmp $@
$(foreach v,rel san vg,$(B)/$(v)/tui/theme.o): $(THEME_BUILTIN)

# What each alert code means, for the exported page: the table of checks
# of each docs/systems/*.md, their one source, made into C rows
# (cli/export_docs.awk) that cli/export_docs.c includes.
EXPORT_DOCS := build/gen/export_docs.h
$(EXPORT_DOCS): $(wildcard docs/systems/*.md) cli/export_docs.awk
	@mkdir -p $(@D)
	@for f in $(sort $(wildcard docs/systems/*.md)); do \
	  awk -v doc=$$(basename $$f .md) -f cli/export_docs.awk $$f || exit 1; done > $@.tmp && mv $@.tmp $@
$(foreach v,rel san vg fuzz,$(B)/$(v)/cli/export_docs.o): $(EXPORT_DOCS)

$(B)/rel/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(B)/san/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(WERROR) $(SAN_FLAGS) -c -o $@ $<

$(B)/san/tests/%: $(B)/san/tests/unit/%.o $(SAN_OBJ) $(TEST_HELPER_OBJ)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) $(LDFLAGS) -o $@ $^ $(ALL_LDLIBS) $(CMOCKA_LIBS)

# ---- dependencies ---------------------------------------------------------
# Debian packages. `make deps` (the README's first command, `make deps
# demo`) installs what building and running need: the compiler, the
# libraries, git (the review view and the demo's worktrees). `make
# deps-test`, which `make check` runs first, installs what the tests need
# besides (DEB_TEST_PKGS, the one list of them):
# libFuzzer ships in libclang-rt-14-dev, which clang only recommends.
# procps: pgrep, which the tmux tests use to find the HUD's process.
# chromium: export_html opens the exported page in a real headless browser.
# groff-base: the man page lint; zsh and strace: the completion and
# reload-cost tests; jq: the JSON lines of the metrics test.
DEB_PKGS      := make gcc pkg-config libyaml-dev libncurses-dev nettle-dev git
DEB_TEST_PKGS := libcmocka-dev tmux valgrind clang libclang-rt-14-dev groff-base zsh procps strace jq chromium
# promtool (the metrics tests) ships only in the prometheus package, with the
# server and a service its install enables and starts: the one binary is
# taken from the package (apt-get download, no install) into build/tools/,
# which tests/run-e2e puts on PATH.
PROMTOOL := build/tools/promtool
# Elsewhere `make deps` names the packages and the command that installs
# them, from each system's own package tool, and checks what pkg-config sees.
FREEBSD_PKGS := gmake pkgconf libyaml ncurses cmocka nettle libinotify tmux bash
OPENBSD_PKGS := gmake libyaml cmocka libnettle libinotify bash
NETBSD_PKGS  := gmake pkgconf libyaml ncursesw cmocka nettle libinotify tmux bash
DARWIN_PKGS  := libyaml cmocka nettle pkg-config tmux bash
ifeq ($(UNAME_S),FreeBSD)
  DEPS_CMD  := pkg install -y $(FREEBSD_PKGS)
  DEPS_PC   := yaml-0.1 cmocka nettle libinotify
else ifeq ($(UNAME_S),OpenBSD)
  DEPS_CMD  := pkg_add $(OPENBSD_PKGS)
  DEPS_PC   := yaml-0.1 cmocka nettle
else ifeq ($(UNAME_S),NetBSD)
  DEPS_CMD  := pkgin -y install $(NETBSD_PKGS)
  DEPS_PC   := yaml-0.1 cmocka nettle libinotify
else ifeq ($(UNAME_S),Darwin)
  DEPS_CMD  := brew install $(DARWIN_PKGS)
  DEPS_PC   := yaml-0.1 cmocka nettle
endif
ifneq ($(DEPS_CMD),)
deps-test: deps
deps:
	@missing=""; for m in $(DEPS_PC); do $(PKG_CONFIG) --exists $$m 2>/dev/null || missing="$$missing $$m"; done; \
	if [ -z "$$missing" ]; then echo "deps: all present ($(DEPS_PC))"; exit 0; fi; \
	echo "deps: pkg-config cannot find:$$missing"; echo "deps: install them with: $(DEPS_CMD)"; exit 1
else
# deb_install PACKAGES: those not installed yet, installed as root (without
# recommends); otherwise the command to run is printed and make stops.
deb_install = missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' \
	    || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then echo "$@: all present ($(strip $(1)))"; exit 0; fi; \
	cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends$$missing"; \
	if [ "$$(id -u)" -eq 0 ]; then echo "$@: $$cmd"; sh -c "$$cmd"; \
	else echo "$@: missing:$$missing"; echo "$@: run as root: sudo sh -c '$$cmd'"; exit 1; fi
deps:
	@$(call deb_install,$(DEB_PKGS))
deps-test: deps
	@$(call deb_install,$(DEB_TEST_PKGS))
	@command -v promtool >/dev/null || [ -x $(PROMTOOL) ] || { \
	  mkdir -p $(dir $(PROMTOOL)) && cd $(dir $(PROMTOOL)) && rm -f prometheus_*.deb && \
	  { apt-get download prometheus >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get download prometheus; }; } && \
	  dpkg-deb --fsys-tarfile prometheus_*.deb | tar -xO ./usr/bin/promtool > promtool.tmp && \
	  chmod 755 promtool.tmp && mv promtool.tmp promtool && rm -f prometheus_*.deb && \
	  echo "deps-test: $(PROMTOOL) (from the prometheus package, not installed)"; }
endif

# ---- tests ----------------------------------------------------------------
# The PORTABLE variant (build/port/) runs the unit, end-to-end and
# conformance tests; the sanitizer, valgrind, fuzz and soak passes are the
# same code paths as the normal build and run once, there. CI runs
# `make check check-portable` (.ci/run).
# Off Linux, valgrind and libFuzzer are not there to be had everywhere:
# `make check` is the unit, end-to-end and conformance tests.
ifneq ($(PORTABLE)$(filter-out Linux,$(UNAME_S)),)
check: deps-test unit e2e conformance
else
check: deps-test unit e2e conformance valgrind fuzz-smoke soak-smoke
endif

# One after the other, even under -j: the e2e scripts' deadlines assume the
# unit tests are not running beside them. The end-to-end runs check leaks
# here too: the stop-the-world once seen spinning at exit was a SIGCONT from
# the tmux pane's dying shell cancelling LeakSanitizer's SIGSTOP
# (tests/tmux-lib.sh, pane_cmd, says how the panes avoid it).
check-portable: strict-posix
	@$(MAKE) --no-print-directory PORTABLE=1 unit
	@$(MAKE) --no-print-directory PORTABLE=1 e2e

# ---- strict POSIX ----------------------------------------------------------
# Every source but platform/platform_linux.c compiled with only POSIX.1-2008
# + XSI in view: no _GNU_SOURCE, no _DEFAULT_SOURCE, so a call or flag that
# glibc gives and the BSDs' or macOS's headers may not (O_PATH, memmem,
# timegm, pipe2...) fails here, on Linux, before it fails there. Syntax only,
# no objects: each file once, and once more with LW_PORTABLE where that
# changes what it compiles (the files naming LW_HAVE_*): about 10 s of one
# core, then only what changed. The libraries' flags lose their feature
# macros (ncursesw's pkg-config says -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600);
# _XOPEN_SOURCE=700 is what opens ncurses' wide-character API
# (NCURSES_WIDECHAR), so _XOPEN_SOURCE_EXTENDED is not needed. Only
# platform_linux.c defines _GNU_SOURCE itself (docs/design.md, "Platforms").
STRICT_DEFS     := -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700
STRICT_LIBFLAGS := $(filter-out -D_DEFAULT_SOURCE -D_GNU_SOURCE -D_BSD_SOURCE -D_XOPEN_SOURCE% -D_POSIX_C_SOURCE%,\
                     $(YAML_CFLAGS) $(NETTLE_CFLAGS) $(CURSES_CFLAGS) $(INOTIFY_CFLAGS))
STRICT_CPPFLAGS := $(STRICT_DEFS) -DLW_VERSION='"$(VERSION)"' -DLW_DATADIR='"$(DATADIR)"' -I. $(STRICT_LIBFLAGS)
STRICT_SRC      := $(filter-out platform/platform_linux.c,$(LIB_SRC) $(MAIN_SRC))
STRICT_PORT_SRC := $(shell grep -l 'LW_HAVE_\|LW_PLATFORM_\|LW_PORTABLE' $(STRICT_SRC) 2>/dev/null)
STRICT_OK       := $(STRICT_SRC:%.c=build/strict/posix/%.ok) $(STRICT_PORT_SRC:%.c=build/strict/port/%.ok)

build/strict/posix/%.ok: %.c
	@mkdir -p $(@D)
	@$(CC) $(STRICT_CPPFLAGS) $(LW_CFLAGS) $(WERROR) -fsyntax-only -MF $(@:.ok=.d) -MT $@ $< && touch $@

build/strict/port/%.ok: %.c
	@mkdir -p $(@D)
	@$(CC) $(STRICT_CPPFLAGS) -DLW_PORTABLE $(LW_CFLAGS) $(WERROR) -fsyntax-only -MF $(@:.ok=.d) -MT $@ $< && touch $@

$(foreach v,posix port,build/strict/$(v)/tui/theme.ok): $(THEME_BUILTIN)
$(foreach v,posix port,build/strict/$(v)/cli/export_docs.ok): $(EXPORT_DOCS)

strict-posix: $(STRICT_OK)
	@echo "strict-posix: $(words $(STRICT_OK)) compiles with $(STRICT_DEFS) only"

# T="name ..." runs only those: unit test binaries (test_txn) or e2e
# scripts (journey), e.g. `make e2e T=journey`.
UNIT_PICK = $(if $(T),$(filter $(addprefix %/,$(T)),$(TEST_BIN)),$(TEST_BIN))
.SECONDARY: $(TEST_HELPER_OBJ) $(TEST_SRC:tests/unit/%.c=$(B)/san/tests/unit/%.o)
unit: $(UNIT_PICK)
	@tests/run-unit $(UNIT_PICK)

# LW_PORTABLE tells the few scripts whose expected text differs (a lock
# holder without /proc) which variant they drive; the scripts that run make
# themselves (build_flags, install) get none of this make's variables.
e2e: $(B)/san/liza-watch
	@MAKEFLAGS= MAKELEVEL= PORTABLE= LW_PORTABLE=$(PORTABLE) tests/run-e2e $(B)/san/liza-watch $(T)

# Verdicts recorded from the upstream orchestrators' own code (tests/conformance/README.md).
conformance: $(B)/san/liza-watch
	@tests/conformance/run $(B)/san/liza-watch

# ---- valgrind ------------------------------------------------------------
# memcheck can't run beside ASan, so the unit tests whose file carries the
# marker line `/* make valgrind: run under memcheck */` are built again
# without sanitizers (-O1 keeps the stack traces readable) and run under
# valgrind; any error or leak fails.
VG_MARK  := /\* make valgrind: run under memcheck \*/
VG_TESTS := $(sort $(basename $(notdir $(shell grep -l '^$(VG_MARK)' $(TEST_SRC) 2>/dev/null))))
VG_BIN   := $(VG_TESTS:%=$(B)/vg/tests/%)
VG_OBJ   := $(LIB_SRC:%.c=$(B)/vg/%.o) $(TEST_HELPER_SRC:%.c=$(B)/vg/%.o)
.SECONDARY: $(VG_OBJ) $(VG_TESTS:%=$(B)/vg/tests/unit/%.o)

$(B)/vg/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(WERROR) -O1 -c -o $@ $<

$(B)/vg/tests/%: $(B)/vg/tests/unit/%.o $(VG_OBJ)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(ALL_LDLIBS) $(CMOCKA_LIBS)

valgrind: $(VG_BIN)
	@tests/run-valgrind $(VG_BIN)

# ---- fuzzing ---------------------------------------------------------------
# libFuzzer targets (tests/fuzz/fuzz_*.c, one binary each) link the core
# objects built by clang with coverage and ASan+UBSan; other tests/fuzz/*.c
# are helpers linked into every target. `make fuzz` runs every target
# FUZZ_SECONDS on one core; `make check` replays the kept crashers and the
# seeds, then fuzzes each target FUZZ_SMOKE seconds.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE   ?= 3
FUZZ_FLAGS   := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_SRC     := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_HELPER_SRC := $(filter-out $(FUZZ_SRC),$(sort $(wildcard tests/fuzz/*.c))) \
                   tests/unit/helper_flatten.c tests/unit/helper_edit_oracle.c tests/unit/helper_liza_diff.c
FUZZ_BIN     := $(FUZZ_SRC:tests/fuzz/%.c=$(B)/fuzz/bin/%)
# cli/report.c: the check/status formats the report properties drive
# (output lives beside the commands that print it, not in core).
FUZZ_LIB_OBJ := $(patsubst %.c,$(B)/fuzz/%.o,$(filter platform/% core/% systems/% cli/report.c,$(NO_SIM_SRC)) $(FUZZ_HELPER_SRC))
# Kept, so a second `make fuzz` does not recompile the targets.
.SECONDARY: $(FUZZ_SRC:%.c=$(B)/fuzz/%.o) $(FUZZ_LIB_OBJ)

$(B)/fuzz/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(ALL_CPPFLAGS) -DLW_FUZZ_SRCDIR='"$(CURDIR)"' $(ALL_CFLAGS) $(WERROR) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(B)/fuzz/bin/%: $(B)/fuzz/tests/fuzz/%.o $(FUZZ_LIB_OBJ)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(ALL_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer $(LDFLAGS) -o $@ $^ $(CORE_LIBS)

fuzz: $(FUZZ_BIN)
	@tests/fuzz/run-fuzz --seconds $(FUZZ_SECONDS) $(FUZZ_BIN)

fuzz-smoke: $(FUZZ_BIN)
	@tests/fuzz/run-fuzz --smoke --seconds $(FUZZ_SMOKE) $(FUZZ_BIN)

# ---- soak ------------------------------------------------------------------
# The HUD in tmux for SOAK_SECONDS while a simulated team, our own writers
# (in place, truncating, renaming), resizes, approvals and a removed and
# recreated .liza work on it (tests/soak/run says what is checked). `make
# soak` runs the release binary (the RSS users see); `make check` runs the
# sanitized one for SOAK_SMOKE seconds.
SOAK_SECONDS ?= 120
SOAK_SMOKE   ?= 20
soak: $(REL_BIN)
	@tests/soak/run ./$(REL_BIN) $(SOAK_SECONDS)

soak-smoke: $(B)/san/liza-watch
	@tests/soak/run $(B)/san/liza-watch $(SOAK_SMOKE)

# ---- benchmarks -----------------------------------------------------------
# Bench programs are built like the release binary (-O2, no sanitizers): the
# reload timer links the core objects, so it measures the code users run.
BENCH_BIN := build/bench/gen_liza build/bench/timeit build/bench/reload build/bench/latency build/bench/edit_one \
             build/bench/review_load build/bench/board_keys \
             build/bench/approve
CORE_REL_OBJ := $(patsubst %.c,$(B)/rel/%.o,$(filter platform/% core/% systems/%,$(NO_SIM_SRC)))

build/bench/gen_liza: $(B)/rel/bench/gen_liza.o
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^

build/bench/timeit: $(B)/rel/bench/timeit.o
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^

build/bench/reload: $(B)/rel/bench/reload.o $(CORE_REL_OBJ)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(CORE_LIBS)

build/bench/review_load: $(B)/rel/bench/review_load.o $(CORE_REL_OBJ)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(CORE_LIBS)

# The HUD's model without a terminal: the library's objects, curses linked
# (the tui objects name it) but never started.
build/bench/board_keys: $(B)/rel/bench/board_keys.o $(REL_OBJ)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

build/bench/edit_one: $(B)/rel/bench/edit_one.o $(CORE_REL_OBJ)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(CORE_LIBS)

build/bench/approve: $(B)/rel/bench/approve.o $(CORE_REL_OBJ)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -pthread -o $@ $^ $(CORE_LIBS)

# forkpty() lives in libutil (an empty stub in glibc >= 2.34, which has it in libc).
build/bench/latency: $(B)/rel/bench/latency.o
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ -lutil

bench: $(REL_BIN) $(BENCH_BIN)
	@bench/run

demo: $(REL_BIN)
	./$(REL_BIN) demo

# ---- install ----------------------------------------------------------------
# The man pages and completion scripts name the data directory (themes, the
# demo's examples): the installed copies get the real one.
# A page whose lists come from the registry (systems, events, settings) is a
# template man/NAME.in, made into build/man/NAME by man/gen, which asks the
# program (liza-watch __man); the other pages are installed as written.
MAN_GEN := $(patsubst man/%.in,build/man/%,$(wildcard man/*.in))
MAN_ALL := $(MAN_GEN) $(wildcard man/*.[15])
MAN1 := $(filter %.1,$(MAN_ALL))
MAN5 := $(filter %.5,$(MAN_ALL))
man: $(MAN_GEN)
build/man/%: man/%.in man/gen $(REL_BIN)
	@mkdir -p build/man
	man/gen ./$(REL_BIN) $< > $@.tmp && mv $@.tmp $@
INSTALLED_DIRS = $(BINDIR) $(MANDIR)/man1 $(MANDIR)/man5 $(DATADIR)/themes $(DATADIR)/examples \
                 $(BASHCOMPDIR) $(ZSHCOMPDIR)
WITH_DATADIR = sed -e 's|/usr/local/share/liza\\-watch|$(subst -,\\-,$(DATADIR))|g' \
                   -e 's|/usr/local/share/liza-watch|$(DATADIR)|g'
install: $(REL_BIN) man
	install -d $(addprefix $(DESTDIR),$(INSTALLED_DIRS))
	install -m 755 $(REL_BIN) $(DESTDIR)$(BINDIR)/liza-watch
	for f in $(MAN1); do $(WITH_DATADIR) "$$f" > $(DESTDIR)$(MANDIR)/man1/$${f##*/} || exit 1; done
	for f in $(MAN5); do $(WITH_DATADIR) "$$f" > $(DESTDIR)$(MANDIR)/man5/$${f##*/} || exit 1; done
	chmod 644 $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MAN1))) \
	          $(addprefix $(DESTDIR)$(MANDIR)/man5/,$(notdir $(MAN5)))
	install -m 644 themes/*.theme $(DESTDIR)$(DATADIR)/themes/
	cp -R examples/. $(DESTDIR)$(DATADIR)/examples/
	$(WITH_DATADIR) completions/liza-watch.bash > $(DESTDIR)$(BASHCOMPDIR)/liza-watch
	$(WITH_DATADIR) completions/_liza-watch > $(DESTDIR)$(ZSHCOMPDIR)/_liza-watch
	chmod 644 $(DESTDIR)$(BASHCOMPDIR)/liza-watch $(DESTDIR)$(ZSHCOMPDIR)/_liza-watch

# Removes exactly what install put there. Into a DESTDIR (a staging tree),
# the folders install made are removed too once empty, up to DESTDIR; on a
# live system only liza-watch's own data folder goes, never a shared one
# like share/man/man5 that was there before.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/liza-watch
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MAN1)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man5/,$(notdir $(MAN5)))
	rm -f $(DESTDIR)$(BASHCOMPDIR)/liza-watch $(DESTDIR)$(ZSHCOMPDIR)/_liza-watch
	rm -rf $(DESTDIR)$(DATADIR)
	@if [ -n "$(DESTDIR)" ]; then \
	  for d in $(addprefix $(DESTDIR),$(INSTALLED_DIRS)); do \
	    while [ "$$d" != "$(DESTDIR)" ] && [ "$$d" != "/" ] && rmdir "$$d" 2>/dev/null; do \
	      d=$$(dirname "$$d"); done; \
	  done; \
	fi

clean:
	rm -rf build liza-watch

-include $(shell find build -name '*.d' 2>/dev/null)
