#!/usr/bin/env bash
# tui_words.sh — the HUD knows no system: its actions are the adapters'
# declarations (core/model/action.h), run by one generic runner (tui/act.h).
# No string in tui/'s code (comments left out) is a system's name or one of
# the events of a system's tables, no system name stands as a word in any
# of its strings, and no workflow flag is found by text search.
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=$(cd "$LW_TESTS/.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cd "$root" || exit 1

systems=$(sed -n 's/^[[:space:]]*X(\([a-z0-9_]*\)).*/\1/p' systems/adapters.c)
[ -n "$systems" ] || fail "no system found in systems/adapters.c: the scan is broken"
# Every event of every table: the rows' second field ({ from, "event", ... }),
# a field more follows (the queue's two-field asks rows, { code, kind }, are
# not events).
events=$(grep -ho '^[[:space:]]*{ \(NULL\|"[^"]*"\), "[a-z_-]*",' systems/*/*.c systems/*/*/*.c |
         sed 's/.*, "\([a-z_-]*\)",$/\1/' | sort -u)
[ "$(wc -l <<<"$events")" -gt 20 ] || fail "fewer than 20 events found: the scan is broken ($events)"
grep -qx approve <<<"$events" && grep -qx redirect <<<"$events" || fail "approve or redirect not among the events"

# The string literals of tui/*.[ch], comments stripped: "file: literal" per line.
literals() {
	for f in tui/*.[ch]; do
		gcc -fpreprocessed -dD -E -P -x c "$f" 2>/dev/null | grep -o '"\([^"\\]\|\\.\)*"' | sed "s|^|$f: |"
	done
}
lits=$(literals)
[ "$(wc -l <<<"$lits")" -gt 200 ] || fail "fewer than 200 strings in tui/: the scan is broken"
# The HUD's own words that a system also uses as an event: the filter's
# footer word "clear", and the theme's lanes "backlog" and "ready" (every
# system's states are drawn in these lanes' colours).
own="clear backlog ready"
for w in $systems $events; do
	case " $own " in *" $w "*) continue ;; esac
	hits=$(grep -F ": \"$w\"" <<<"$lits")
	[ -z "$hits" ] || fail "tui/ names a system's word '$w' in code: $hits"
done
# A system's name as a word of a string: liza-watch is ours, not Liza's.
# The board legend's tag example ('a/f': alpha, foreman) is about tags.
for s in $systems; do
	hits=$(sed 's/liza-watch//g' <<<"$lits" | grep -w "$s" | grep -v "'a/f': alpha, foreman")
	[ -z "$hits" ] || fail "tui/ names the system '$s' in a string: $hits"
done
hits=$(grep -n 'strstr([^)]*flags' tui/*.c)
[ -z "$hits" ] || fail "tui/ finds a workflow state by text search (lw_workflow.state is typed): $hits"
[ "$failures" -eq 0 ]
