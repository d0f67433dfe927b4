#!/usr/bin/env bash
# liza_rooms.sh — Liza's two generations live in two rooms (docs/design.md,
# "Liza's two rooms"): the shell era in systems/liza/shell/ (liza_*), today's
# Liza in systems/liza/go/ (lizago_*), what both use beside them in
# systems/liza/. This fails when
#   - a liza_* and a lizago_* file share a folder, or a room holds a file of
#     the other's name;
#   - a file of one room includes a header of the other, or a header beside
#     them (the narrow waist, liza_gen.h and the helpers) includes either room;
#   - a header of a room declares a function its own .c (or, for a family
#     like liza_sim.h, its X_*.c) does not define: a header that speaks for
#     other files ties them into one knot;
#   - the includes inside a room make a circle.
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

# 3 and 4, in each room: its model header (liza.h, lizago.h) and every
# other header X.h declare only what X.c defines — or, for a family of
# files, X_*.c (shell/liza_sim.h speaks for liza_sim_*.c); and the files,
# X.c and X.h as one node (a family's .c files with their header), include
# each other one way: tsort names a circle when there is one.
node_of() {   # room prefix file -> the node the file belongs to
	local room=$1 prefix=$2 stem h best=
	stem=$(basename "${3%.[ch]}")
	if [ -f "$room/$stem.h" ] || [ "${3%.h}" != "$3" ]; then echo "$stem"; return; fi
	for h in "$room"/*.h; do
		h=$(basename "${h%.h}")
		[ "$h" != "$prefix" ] && [ "${stem#"$h"_}" != "$stem" ] && [ ${#h} -gt ${#best} ] && best=$h
	done
	echo "${best:-$stem}"
}
for spec in shell:liza go:lizago; do
	room=$L/${spec%%:*} prefix=${spec#*:}
	for h in "$room"/*.h; do
		x=${h%.h} fam=
		[ "$(basename "$x")" != "$prefix" ] && fam=$(ls "$x"_*.c 2>/dev/null)
		[ -f "$x.c" ] || [ -n "$fam" ] || { fail "$h has no $x.c"; continue; }
		while IFS= read -r fn; do
			grep -Eq "^[a-z][^;]*[ *]$fn\(" $(ls "$x.c" 2>/dev/null) $fam /dev/null ||
				fail "$h declares $fn, which $(basename "$x").c does not define"
		done < <(awk '
			# prototypes: a line at column 0 that is no static, typedef or
			# preprocessor line and names a function; the name before "(".
			/^[a-z]/ && !/^(static|typedef|struct|enum|union|#)/ && /\(/ {
				line = $0; sub(/\(.*/, "", line); n = split(line, w, /[ \t*]+/); print w[n]
			}' "$h")
	done
	edges=$(includes "$room"/*.[ch] | while IFS= read -r l; do
		f=${l%%:*} h=${l##*:}
		case $h in $room/*) ;; *) continue;; esac
		from=$(node_of "$room" "$prefix" "$f") to=$(basename "${h%.h}")
		[ "$from" = "$to" ] || echo "$to $from"
	done | sort -u)
	loop=$(printf '%s\n' "$edges" | tsort 2>&1 >/dev/null)
	[ -z "$loop" ] || fail "the includes in $room make a circle: $(echo "$loop" | tr '\n' ' ')"
	[ "$(printf '%s\n' "$edges" | wc -l)" -gt 15 ] ||
		fail "only $(printf '%s\n' "$edges" | wc -l) include edges in $room: the scan is broken"
done

[ "$failures" -eq 0 ]
