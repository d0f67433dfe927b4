#!/usr/bin/env bash
# Terminal handling: a tiny pane says so and recovers, help lists every bound
# key, escape sequences in state strings are drawn inert, and q / SIGTERM
# leave a sane terminal (alternate screen off, cursor visible); SIGTERM
# exits 143 (128 + 15).
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
start_hud 140 40 -C "$proj"
wait_for 'review \(1\)'

# Escapes in a title: shown as caret text, the pane title untouched.
keys t
wait_for 'blocked-1'
wait_for 'Title with \^\[\]0;pwned\^G\^\[\[31mescapes'
title=$("${TMUX_CMD[@]}" display-message -p -t t '#{pane_title}')
case "$title" in *pwned*) fail "pane title changed to '$title'";; esac
keys t

# Too small for the board, then back: the counts and the alerts stay (issue
# 36: "terminal too small" alone said nothing useful).
resize 30 8
wait_for '^ .*(CRIT 0  WARN 1|C0 W1) *$'
wait_for '^ WARN blocked blocked-1'
wait_for 'board at 60x16'
resize 140 40
wait_for 'review \(1\)'

# Help lists every binding of the keymap in effect (what `keys` prints).
keys '?'
wait_for 'liza-watch keys'
labels=$("$LW_BIN" keys | awk 'NR > 1 { print $1 }')
[ "$(printf '%s\n' "$labels" | wc -l)" -gt 20 ] || fail "keys printed too few bindings: $labels"
# The list is longer than the screen: the first page, then the next.
seen=$(screen)
keys NPage
wait_gone 'line 1 of'
seen+=$'\n'$(screen)
while IFS= read -r l; do
	printf '%s\n' "$seen" | grep -qF -- "$l" || fail "help does not list '$l'"
done <<< "$labels"
keys Escape

keys q
wait_exit 0
[ "$("${TMUX_CMD[@]}" display-message -p -t t '#{alternate_on}')" = 0 ] || fail "alternate screen left on"
[ "$("${TMUX_CMD[@]}" display-message -p -t t '#{cursor_flag}')" = 1 ] || fail "cursor left hidden"

# SIGTERM: same clean exit.
new_server
start_hud 140 40 -C "$proj"
wait_for 'review \(1\)'
pid=$(pgrep -f -n "$(basename "$LW_BIN") -C $proj") || fail "no HUD process"
kill -TERM "$pid"
wait_exit 143   # 128 + SIGTERM, as a shell reports a process the signal ended
[ "$("${TMUX_CMD[@]}" display-message -p -t t '#{alternate_on}')" = 0 ] || fail "alternate screen left on after SIGTERM"
