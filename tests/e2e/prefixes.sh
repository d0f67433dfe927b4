#!/usr/bin/env bash
# prefixes.sh — a function's name says where it lives. Every function a .c
# file exports (defined at column 0, not static) begins with its file's name
# or that name's first part: edit_layout.c defines edit_layout_* (or edit_*),
# liza_check.c liza_*, lizago_tx.c lizago_*, view_review.c view_review_*.
# Two namespaces are taken as folder-wide on purpose: lw_ for core's public
# API (lw_<subject>_…, what every layer above calls) and hud_/tui_ for the
# HUD's own API in tui/; escape.c's choke point is esc_*. main() and the
# adapters' tables are not functions of this kind.
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=$(cd "$LW_TESTS/.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cd "$root" || exit 1

checked=0
for f in platform/*.c core/*/*.c systems/*/*.c systems/*/*/*.c systems/*.c tui/*.c cli/*.c live/*.c watch/*.c notify/*.c sim/*.c; do
	[ -e "$f" ] || continue
	base=$(basename "$f" .c)
	first=${base%%_*}
	dir=$(dirname "$f")
	# Definitions: a line at column 0 that is not static, has a name and
	# "(", and whose declaration ends in "{" on it or the next line.
	while IFS= read -r name; do
		checked=$((checked + 1))
		case $name in
		main|"$base"|"$base"_*|"$first"_*) continue ;;
		lw_*) case $dir in core/*|systems*|live|watch) continue ;; esac ;;
		hud_*|tui_*) [ "$dir" = tui ] && continue ;;
		esc_*) [ "$base" = escape ] && continue ;;
		esac
		fail "$f: $name does not begin with ${base}_ or ${first}_"
	done < <(awk '
		# A candidate starts at column 0 and holds "(": remember its name
		# until its body opens ("{" at column 0, or at the end of a line)
		# or it turns out to be a prototype (";") or nothing (blank line).
		/^[a-z]/ && !/^static/ && !/^(typedef|struct|enum|union|extern)[ \t]/ && /\(/ {
			line = $0; sub(/\(.*/, "", line); n = split(line, w, /[ \t*]+/); pending = w[n]
			if (pending !~ /^[a-z_][a-z0-9_]*$/) pending = ""
		}
		pending != "" && (/^\{/ || /\)[ \t]*\{[ \t]*$/ || /\)[ \t]*\{.*\}[ \t]*$/) { print pending; pending = ""; next }
		pending != "" && (/;[ \t]*$/ || /^[ \t]*$/) { pending = "" }
		' "$f" | sort -u)
done
[ "$checked" -gt 300 ] || fail "only $checked functions found: the scan is broken"
[ "$failures" -eq 0 ]
