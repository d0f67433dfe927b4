#!/usr/bin/env bash
# liza_rooms.sh — Liza's two generations live in two rooms (docs/design.md,
# "Liza's two rooms"): the shell era in systems/liza/shell/ (liza_*), today's
# Liza in systems/liza/go/ (lizago_*), what both use beside them in
# systems/liza/. This fails when
#   - a liza_* and a lizago_* file share a folder, or a room holds a file of
#     the other's name;
#   - a file of one room includes a header of the other, or a header beside
#     them (the narrow waist, liza_gen.h and the helpers) includes either room;
#   - a header of go/ declares a function its own .c does not define (a
#     header that speaks for other files ties them into one knot);
#   - the includes inside go/ make a circle.
# LW_ROOMS_ROOT (tests only) points it at another copy of the sources.
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=${LW_ROOMS_ROOT:-$(cd "$LW_TESTS/.." && pwd)}
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cd "$root" || exit 1
L=systems/liza
[ -d "$L/shell" ] && [ -d "$L/go" ] || { echo "FAIL: no $L/shell or $L/go"; exit 1; }

# 1. One generation per folder.
for d in $(find "$L" -type d); do
	shell=$(find "$d" -maxdepth 1 \( -name 'liza_*.[ch]' -o -name 'liza.h' \) | head -1)
	go=$(find "$d" -maxdepth 1 -name 'lizago*.[ch]' | head -1)
	[ -n "$shell" ] && [ -n "$go" ] && fail "$d holds both generations: $shell and $go"
done
for f in $(find "$L/shell" -name 'lizago*'); do fail "today's Liza in the shell room: $f"; done
for f in $(find "$L/go" -name '*.[ch]' ! -name 'lizago*'); do fail "not today's Liza in the go room: $f"; done

# includes FILE...: "file:line:header" for every #include "…" in them
includes() { grep -Hn '^#include "' "$@" /dev/null | sed 's/#include "\([^"]*\)".*/\1/'; }

# 2. Neither room reaches into the other; the shared headers reach into none.
while IFS= read -r l; do
	h=${l##*:}
	case $h in $L/go/*) fail "the shell room includes today's Liza: $l";; esac
done < <(includes $(find "$L/shell" -name '*.[ch]'))
while IFS= read -r l; do
	h=${l##*:}
	case $h in $L/shell/*) fail "the go room includes the shell era: $l";; esac
done < <(includes $(find "$L/go" -name '*.[ch]'))
while IFS= read -r l; do
	h=${l##*:}
	case $h in $L/shell/*|$L/go/*) fail "a header both rooms may include reaches into a room: $l";; esac
done < <(includes $(find "$L" -maxdepth 1 -name '*.h'))

# 3. A go/ header declares only what its own .c defines.
for h in "$L"/go/*.h; do
	c=${h%.h}.c
	[ -f "$c" ] || { fail "$h has no $c"; continue; }
	while IFS= read -r fn; do
		grep -Eq "^[a-z][^;]*[ *]$fn\(" "$c" || fail "$h declares $fn, which $(basename "$c") does not define"
	done < <(awk '
		# prototypes: a line at column 0 that is no static, typedef or
		# preprocessor line and names a function; the name before "(".
		/^[a-z]/ && !/^(static|typedef|struct|enum|union|#)/ && /\(/ {
			line = $0; sub(/\(.*/, "", line); n = split(line, w, /[ \t*]+/); print w[n]
		}' "$h")
done

# 4. No circle inside go/: file stems (X.c and X.h are one node) ordered by
# their includes; tsort names a loop when there is one.
edges=$(includes "$L"/go/*.[ch] | while IFS= read -r l; do
	f=${l%%:*} h=${l##*:}
	case $h in $L/go/*) ;; *) continue;; esac
	from=$(basename "${f%.[ch]}") to=$(basename "${h%.h}")
	[ "$from" = "$to" ] || echo "$to $from"
done | sort -u)
loop=$(printf '%s\n' "$edges" | tsort 2>&1 >/dev/null)
[ -z "$loop" ] || fail "the go room's includes make a circle: $(echo "$loop" | tr '\n' ' ')"
[ "$(printf '%s\n' "$edges" | wc -l)" -gt 20 ] || fail "only $(printf '%s\n' "$edges" | wc -l) include edges in go/: the scan is broken"

[ "$failures" -eq 0 ]
