#!/usr/bin/env bash
# build_flags.sh — the build respects the user: CFLAGS, CPPFLAGS and LDLIBS
# given on the command line add to the build's own flags (standard, warnings,
# include path, dependency tracking) instead of replacing them; -Werror only
# in the builds the tests use (sanitizer, valgrind, fuzz), not in the release
# build of `make` / `make install`; the valgrind set is found from a marker
# line in each test file, not typed into the Makefile.
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=$(cd "$LW_TESTS/.." && pwd)
unset MAKEFLAGS MAKELEVEL MFLAGS
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
failures=0
tmp=$(mktemp -d /tmp/lw-build-flags.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
trap 'rm -rf "$tmp"' EXIT

# the command make would run, without running it
dry() { make -s -n -B -C "$root" "$@" 2>&1; }
has() { grep -qE -- "(^| )$2( |$)" <<<"$1" || fail "$3: no '$2' in: $1"; }
hasnt() { grep -qE -- "(^| )$2( |$)" <<<"$1" && fail "$3: '$2' in: $1"; }

out=$(dry build/rel/core/util/strbuf.o CFLAGS=-O0 CPPFLAGS=-DLW_USER_FLAG)
for f in -std=c11 -Wall -Wextra -MMD -MP -I. -D_GNU_SOURCE -O0 -DLW_USER_FLAG; do has "$out" "$f" "make CFLAGS=-O0 CPPFLAGS=-D…"; done
hasnt "$out" -O2 "make CFLAGS=-O0"
hasnt "$out" -Werror "release object"

out=$(dry build/rel/core/util/strbuf.o)
has "$out" -O2 "default CFLAGS"
hasnt "$out" -Werror "release object, default flags"

out=$(dry liza-watch LDLIBS=-lm | tail -n 1)
has "$out" -lm "make LDLIBS=-lm (link)"
has "$out" -lyaml "make LDLIBS=-lm keeps libyaml"

for obj in build/san/core/util/strbuf.o build/vg/core/util/strbuf.o; do
	out=$(dry "$obj" CFLAGS=-O0)
	has "$out" -Werror "$obj"
	has "$out" -std=c11 "$obj"
done
out=$(dry build/san/core/util/strbuf.o WERROR=)
hasnt "$out" -Werror "WERROR= turns it off"

# The valgrind set: a scratch tree whose test files carry the marker or not.
mkdir -p "$tmp/t/tests/unit"
cp "$root/Makefile" "$tmp/t/"
printf '/* test_a.c */\n/* make valgrind: run under memcheck */\nint main(void) { return 0; }\n' > "$tmp/t/tests/unit/test_a.c"
printf '/* test_b.c */\nint main(void) { return 0; }\n' > "$tmp/t/tests/unit/test_b.c"
printf '/* test_c.c */\n/* make valgrind: run under memcheck */\nint main(void) { return 0; }\n' > "$tmp/t/tests/unit/test_c.c"
vg=$(printf 'show-vg:\n\t@echo $(VG_TESTS)\n' | make -s -C "$tmp/t" -f Makefile -f - show-vg 2>&1)
[ "$vg" = "test_a test_c" ] || fail "valgrind set: want 'test_a test_c', got '$vg'"

[ "$failures" -eq 0 ]
