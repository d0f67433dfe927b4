#!/usr/bin/env bash
# registry_docs.sh — the documentation follows the registry: every system
# the program knows (liza-watch __complete systems) has its page
# docs/systems/NAME.md naming every event its transition tables accept, is
# named in liza-watch(1)'s SYSTEMS with its events listed, has its line in
# --help, and its settings in liza-watch.conf(5) with their built-in values
# (the man pages' lists are made from the registry: man/gen, __man).
set -u
: "${LW_BIN:?}" "${LW_TESTS:?}"
root=$(cd "$LW_TESTS/.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
systems=$("$LW_BIN" __complete systems)
[ "$(wc -l <<<"$systems")" -ge 5 ] || fail "too few systems: $systems"
help=$("$LW_BIN" --help)
man1=$("$root/man/gen" "$LW_BIN" "$root/man/liza-watch.1.in" | groff -man -Tascii -rLL=200n 2>/dev/null | sed 's/.\x08//g')
conf=$("$root/man/gen" "$LW_BIN" "$root/man/liza-watch.conf.5.in" | groff -man -Tascii -rLL=200n 2>/dev/null | sed 's/.\x08//g')
sys_section=$(sed -n '/^SYSTEMS/,/^COMMANDS/p' <<<"$man1")
for s in $systems; do
	page=$root/docs/systems/$s.md
	[ -f "$page" ] || { fail "no docs/systems/$s.md"; continue; }
	for ev in $("$LW_BIN" __complete events "$s:"); do
		grep -qF -- "\`$ev\`" "$page" || fail "docs/systems/$s.md does not name event $ev"
	done
	grep -qE "^ +$s( |$)" <<<"$sys_section" || fail "liza-watch(1) SYSTEMS has no entry for $s"
	for ev in $("$LW_BIN" __complete events "$s:"); do
		grep -qE "(^|[ ,])$ev(,|$)" <<<"$man1" || fail "liza-watch(1) does not list event $ev of $s"
	done
	grep -qE "^ +\($s: " <<<"$help" || fail "--help has no line for $s"
done
# Every setting a system declares is in liza-watch.conf(5) with its
# built-in value, as `config` prints it.
while read -r name _ value; do
	case $name in *.*) ;; *) continue ;; esac
	grep -qE "^ +$name = [a-z]+ \($value[;)]" <<<"$conf" || fail "liza-watch.conf(5) lacks $name ($value)"
done < <("$LW_BIN" config | grep -E '^[a-z]+\.[a-z-]+ = ' | grep -vE '^(status|notify)\.')
[ "$failures" -eq 0 ]
