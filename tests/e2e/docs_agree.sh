#!/usr/bin/env bash
# Every option and command that --help names appears in the man page, the
# man page renders without warnings, and the README gives the quick start.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
root=$(cd "$LW_TESTS/.." && pwd)
man=$root/man/liza-watch.1
out=$(groff -ww -man -z "$man" 2>&1) || fail "groff failed"
[ -z "$out" ] || fail "groff warnings: $out"
text=$(groff -man -Tascii "$man" 2>/dev/null | col -b 2>/dev/null || groff -man -Tascii "$man" | sed 's/.\x08//g')
for opt in $("$LW_BIN" --help | grep -oE -- '--?[A-Za-z][A-Za-z-]*' | sort -u); do
	printf '%s\n' "$text" | grep -qF -- "$opt" || fail "--help names $opt, the man page does not"
done
for cmd in $("$LW_BIN" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'); do
	printf '%s\n' "$text" | grep -qE "^ +$cmd\b" || fail "command $cmd is not described in the man page"
done
grep -q 'make deps demo' "$root/README.md" && grep -q 'make deps check' "$root/README.md" || fail "README quick start"
echo ok
