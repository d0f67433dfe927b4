#!/usr/bin/env bash
# registry_docs.sh — the documentation follows the registry: every system
# the program knows (liza-watch __complete systems) has its page
# docs/systems/NAME.md naming every event its transition tables accept, is
# named in liza-watch(1), and has its line in --help.
set -u
: "${LW_BIN:?}" "${LW_TESTS:?}"
root=$(cd "$LW_TESTS/.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
systems=$("$LW_BIN" __complete systems)
[ "$(wc -l <<<"$systems")" -ge 5 ] || fail "too few systems: $systems"
help=$("$LW_BIN" --help)
man1=$(groff -man -Tascii -rLL=200n "$root/man/liza-watch.1" 2>/dev/null | sed 's/.\x08//g')
for s in $systems; do
	page=$root/docs/systems/$s.md
	[ -f "$page" ] || { fail "no docs/systems/$s.md"; continue; }
	for ev in $("$LW_BIN" __complete events "$s:"); do
		grep -qF -- "\`$ev\`" "$page" || fail "docs/systems/$s.md does not name event $ev"
	done
	grep -qE "(^|[^a-z])$s([^a-z]|$)" <<<"$man1" || fail "liza-watch(1) does not name $s"
	grep -qE "^ +\($s: " <<<"$help" || fail "--help has no line for $s"
done
[ "$failures" -eq 0 ]
