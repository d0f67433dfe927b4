#!/usr/bin/env bash
# A command owns its usage: every command's entry (beside its code in
# cli/cmd_*.c, listed by `__complete commands`) answers `CMD --help`
# with its usage line and options, is in the global --help, in the man
# page's SYNOPSIS (`__man commands`), and in both shell completions, which
# offer its options. A command that lacks any of these fails here.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
root=$(cd "$LW_TESTS/.." && pwd)
tmp=$(mktemp -d /tmp/lw-usage.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
PATH=$(dirname "$LW_BIN"):$PATH
export PATH

commands=$("$LW_BIN" __complete commands)
[ "$(wc -w <<<"$commands")" -ge 11 ] || fail "too few commands: $commands"
for want in hud check status approve reject transition review demo metrics keys config; do
	grep -qx "$want" <<<"$commands" || fail "__complete commands lacks $want"
done
help=$("$LW_BIN" --help)
"$root/man/gen" "$LW_BIN" "$root/man/liza-watch.1.in" > "$tmp/liza-watch.1" || fail "man/gen"
synopsis=$(groff -man -Tutf8 -rLL=250n "$tmp/liza-watch.1" 2>/dev/null | sed 's/.\x08//g' | sed -n '/^SYNOPSIS/,/^DESCRIPTION/p')

. "$LW_TESTS/complete-lib.sh"
offered=$(complete_line 'liza-watch ')

for cmd in $commands; do
	out=$("$LW_BIN" "$cmd" --help 2>&1); rc=$?
	[ "$rc" -eq 0 ] || fail "$cmd --help exited $rc: $out"
	head -1 <<<"$out" | grep -q "^usage: liza-watch \[GLOBAL OPTIONS\] $cmd\b" || fail "$cmd --help: no usage line: $out"
	# -h too, and --help after an operand.
	[ "$("$LW_BIN" "$cmd" -h 2>&1)" = "$out" ] || fail "$cmd -h differs from $cmd --help"
	grep -qE "^  $cmd( |$)" <<<"$help" || fail "liza-watch --help does not list $cmd"
	grep -qE "liza-watch \[options\] $cmd( |$)" <<<"$synopsis" || fail "the man page's SYNOPSIS lacks $cmd"
	grep -qw -- "$cmd" <<<"$offered" || fail "bash completion does not offer $cmd: $offered"
	opts=$("$LW_BIN" __complete options "$cmd")
	for opt in $opts; do
		grep -q -- "  $opt\b" <<<"$out" || fail "$cmd --help does not describe $opt"
		grep -qE -- "\[?$opt\b" <<<"$("$LW_BIN" __complete options-described "$cmd")" || fail "zsh spec lacks $cmd $opt"
	done
	if [ -n "$opts" ]; then
		want=$(sort <<<"$opts" | tr '\n' ' ')
		[ "$(complete_line "liza-watch $cmd --")" = "$want" ] || fail "bash: '$cmd --' offers '$(complete_line "liza-watch $cmd --")', want '$want'"
	fi
done
# The zsh script keeps no command list of its own: it asks the program.
grep -q 'commands-described' "$root/completions/_liza-watch" || fail "zsh completion does not ask for the commands"
grep -q "'check:" "$root/completions/_liza-watch" && fail "zsh completion keeps a command list by hand"
# Hidden commands stay out of the usage and the completions.
grep -q '__complete\|__man' <<<"$help$offered" && fail "a hidden command shows"
echo ok
