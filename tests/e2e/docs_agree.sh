#!/usr/bin/env bash
# The documentation agrees with the program: every man page renders without
# a warning; every option and command --help names is in liza-watch(1);
# every key binding of the key table (as `liza-watch keys` prints it, keys
# and action) is in its KEYS section; every setting `liza-watch config`
# prints and every action is in liza-watch.conf(5); every theme element is
# in liza-watch-themes(5); the README gives the quick start.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
root=$(cd "$LW_TESTS/.." && pwd)
export XDG_CONFIG_HOME=$(mktemp -d /tmp/lw-docs.XXXXXX)   # the built-in bindings and settings
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
cd "$XDG_CONFIG_HOME" || exit 1                             # no project .liza-watch either

# The pages as installed: templates (man/NAME.in) get the registry's lists
# from the program under test (man/gen), the others are as written.
gen=$XDG_CONFIG_HOME/man
mkdir -p "$gen"
for t in "$root"/man/*.in; do
	out=$gen/$(basename "$t" .in)
	"$root/man/gen" "$LW_BIN" "$t" >"$out" || fail "man/gen $(basename "$t")"
	grep -q '@registry' "$out" && fail "$(basename "$t"): a @registry line left unreplaced"
done
pages=("$gen"/*.[15] "$root"/man/*.[15])
[ "${#pages[@]}" -ge 3 ] || fail "expected liza-watch.1, liza-watch.conf.5, liza-watch-themes.5"
for page in "${pages[@]}"; do
	out=$(groff -ww -man -z "$page" 2>&1) || fail "groff failed on $page"
	[ -z "$out" ] || fail "groff warnings in $(basename "$page"): $out"
done
# Plain text, wide lines: a name is never split across two.
render() { groff -man -Tascii -rLL=200n "$1" 2>/dev/null | sed 's/.\x08//g'; }
man1=$(render "$gen/liza-watch.1")
conf=$(render "$gen/liza-watch.conf.5")
themes=$(render "$root/man/liza-watch-themes.5")

# JSON shapes keep their quotes: a '"' in a macro's arguments is roff's
# argument quote and vanishes (groff dropped every one of them once).
# Lines of 2000 columns: a shape is never split across two.
for dev in ascii utf8; do
	wide=$(groff -man -T$dev -rLL=2000n "$gen/liza-watch.1" 2>/dev/null | sed 's/.\x08//g')
	printf '%s\n' "$wide" | grep -qF '{"alerts": [{"level", "system", "code", "subject", "message", "since"}' ||
		fail "the check --json shape lost its quotes in the man page (-T$dev)"
	printf '%s\n' "$wide" | grep -qF '{"time", "event": "raised"|"cleared", "level", "system"' ||
		fail "the check --follow --json shape lost its quotes in the man page (-T$dev)"
done

for opt in $("$LW_BIN" --help | grep -oE -- '--?[A-Za-z][A-Za-z-]*' | sort -u); do
	printf '%s\n' "$man1" | grep -qF -- "$opt" || fail "--help names $opt, the man page does not"
done
for cmd in $("$LW_BIN" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'); do
	printf '%s\n' "$man1" | grep -qE "^ +$cmd\b" || fail "command $cmd is not described in the man page"
done

# Every LIZA_* variable the program reads or sets is in liza-watch(1).
vars=$(cd "$root" && grep -rhoE --include='*.c' '"LIZA_[A-Z_]+[A-Z]"' core cli tui live notify watch systems sim liza-watch.c |
	tr -d '"' | sort -u)
[ "$(wc -w <<<"$vars")" -ge 5 ] || fail "found too few LIZA_* variables: $vars"
for var in $vars; do
	printf '%s\n' "$man1" | grep -qF -- "$var" || fail "the program uses $var, the man page does not name it"
done

# KEYS tags read "Up or k [up], Down or j [down]": the label's keys joined
# by " or ", then the action in brackets.
keys_section=$(printf '%s\n' "$man1" | sed -n '/^KEYS/,/^[A-Z]/p')
bindings=$("$LW_BIN" keys | awk 'NR > 1 { print $1, $2 }')
[ "$(printf '%s\n' "$bindings" | wc -l)" -gt 20 ] || fail "keys printed too few bindings"
while read -r label action; do
	if [ "$label" = / ]; then want="/ [$action]"    # the key is the separator itself
	else want="$(printf '%s' "$label" | sed 's|/| or |g') [$action]"; fi
	printf '%s\n' "$keys_section" | grep -qF -- "$want" || fail "KEYS section lacks '$want'"
	printf '%s\n' "$conf" | grep -qE -- "(^|[ ,])$action([ ,.]|$)" || fail "liza-watch.conf(5) does not list action $action"
done <<< "$bindings"

settings=$("$LW_BIN" config | sed -n 's/^\([a-z][a-z.-]*\) =.*/\1/p')
[ "$(printf '%s\n' "$settings" | wc -l)" -gt 10 ] || fail "config printed too few settings"
for s in $settings; do
	printf '%s\n' "$conf" | grep -qE -- "^ +$s = " || fail "liza-watch.conf(5) does not describe $s"
done

for el in $(sed -n 's/^\([a-z][a-z.]*\) *=.*/\1/p' "$root/themes/default.theme" | grep -vx name); do
	printf '%s\n' "$themes" | grep -qE -- "(^|[ ,])$el([ ,]|$)" || fail "liza-watch-themes(5) does not name element $el"
done

grep -q 'make deps demo' "$root/README.md" && grep -q 'make deps check' "$root/README.md" || fail "README quick start"
echo ok
