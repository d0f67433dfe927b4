#!/usr/bin/env bash
# The mouse as the terminal sends it (SGR 1006 reports, what tmux passes on
# to a program that asked for them): a click selects the card, alert or
# agent under it and gives its pane the focus, at column 231 too (beyond the
# 223 of the old X10 reports); the wheel moves the selection of the pane
# under the pointer and scrolls the help, detail, review, activity and queue views
# (three lines or items a notch); a double click opens the
# detail; with `mouse = 0` in the config the HUD asks the terminal for no
# reports (the terminal's own selection works), and --no-mouse likewise.
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
# press and release at (col, row), from 1, as xterm and tmux send them
click() { keys -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' "$1" "$2" "$1" "$2")"; }
dblclick() { keys -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm\033[<0;%d;%dM\033[<0;%d;%dm' "$1" "$2" "$1" "$2" "$1" "$2" "$1" "$2")"; }
wheel() { keys -l "$(printf '\033[<%d;%d;%dM' $(( $1 == 1 ? 65 : 64 )) "$2" "$3")"; }
row_of() { screen | grep -n -m1 -- "$1" | cut -d: -f1; }

HUD_TERM=tmux-256color start_hud 240 40 -C "$proj"
wait_for 'review \(1\)'
[ "$("${TMUX_CMD[@]}" display-message -p -t t '#{mouse_standard_flag}#{mouse_sgr_flag}')" = 11 ] ||
	fail "the HUD did not ask for clicks in SGR 1006 reports"
# The done lane is columns 201-240: its card at column 231, then Enter.
y=$(row_of ' done-1 ')
[ -n "$y" ] || fail "no done-1 card"
click 231 "$y"
keys Enter
wait_for 'liza:done-1  MERGED'
keys Escape
wait_for 'review \(1\)'
# An alert: the alerts pane takes the focus, Enter opens that alert.
click 50 "$(row_of 'blocked-1: blocked')"
keys Enter
wait_for 'WARN liza blocked: blocked-1'
keys Escape
wait_for 'review \(1\)'
# An agent: coder-1 works on active-1, Enter opens it.
click 10 "$(row_of 'coder-1 ')"
keys Enter
wait_for 'liza:active-1  CLAIMED'
keys Escape
wait_for 'review \(1\)'
# A double click on a card opens its detail at once.
dblclick 5 "$(row_of ' draft-1 ')"
wait_for 'liza:draft-1  DRAFT'
keys Escape
wait_for 'review \(1\)'
# The wheel over the table: three rows down from the first.
keys t
wait_for 'system +id +status'
y=$(row_of ' draft-1 ')
click 30 "$y"
wheel 1 30 "$y"
keys Enter
wait_for 'liza:review-1  READY_FOR_REVIEW'
keys Escape
wait_for 'system +id +status'
wheel -1 30 "$y"
keys Enter
wait_for 'liza:draft-1  DRAFT'
keys Escape
keys t
wait_for 'review \(1\)'
# The wheel scrolls a full view: the help screen's first keys go up.
keys '?'
wait_for 'Down/j +down'
wheel 1 40 10
wait_gone 'Down/j +down'
wheel -1 40 10
wait_for 'Down/j +down'
keys Escape
wait_for 'review \(1\)'
keys q
wait_exit 0

# The wheel in the review and detail views (a short window, so they
# scroll: three lines a notch, as j would), and in the queue (the selection).
scrolls() {   # the view's footer counts its top line
	wait_for 'line 1 of [0-9]+'
	wheel 1 40 5
	wait_for 'line 4 of [0-9]+'
	wheel -1 40 5
	wait_for 'line 1 of [0-9]+'
}
new_server
rp=$E2E_TMP/rev
make_review_project "$rp"
HUD_TERM=tmux-256color start_hud 240 40 -C "$rp" --as code-reviewer-9
wait_for 'review \(1\)'
keys v
wait_for 'review liza:review-1 +READY_FOR_REVIEW'
wait_for '3 files changed'
resize 240 10
scrolls
keys Escape
wait_gone 'review liza:review-1 +READY_FOR_REVIEW'
keys Enter
wait_for '^ liza:review-1 +READY_FOR_REVIEW'
scrolls
keys Escape
wait_gone '^ liza:review-1 +READY_FOR_REVIEW'
keys q
wait_exit 0

# The wheel in the activity view (F): eight log entries in a window that
# shows six lines; a notch up brings the oldest into view (three lines, as
# Up three times), a notch down the newest again.
new_server
ap=$E2E_TMP/feed
mkdir -p "$ap" && cp -r "$LW_TESTS/fixtures/hud/basic"/. "$ap"/
HUD_TERM=tmux-256color start_hud 240 40 -C "$ap"
wait_for 'review \(1\)'
for i in 1 2 3 4 5 6 7 8; do
	printf -- '- timestamp: "2026-01-20T10:1%d:00Z"\n  agent: planner-1\n  action: noted\n  task: ready-1\n  detail: step-0%d\n' \
		"$i" "$i" >> "$ap/.liza/log.yaml"
done
wait_for 'noted: step-08'
# (the pane under the board shows the newest five and says what it hides)
wait_for '─ Activity \([0-9]+, [0-9]+ hidden: F\)'
keys F
wait_for '^ Activity: [0-9]+ of [0-9]+ lines'
resize 240 8
wait_for 'noted: step-08'
wait_gone 'noted: step-02'
wheel -1 40 4
wait_for 'noted: step-02'
wait_gone 'noted: step-08'
wheel 1 40 4
wait_for 'noted: step-08'
wait_gone 'noted: step-02'
resize 240 40
keys q
wait_for 'review \(1\)'
keys q
wait_exit 0

# mouse = 0: the terminal keeps its clicks; the HUD asks for no reports.
new_server
mkdir -p "$XDG_CONFIG_HOME/liza-watch"
printf 'mouse = 0\n' > "$XDG_CONFIG_HOME/liza-watch/config"
HUD_TERM=tmux-256color start_hud 240 40 -C "$proj"
wait_for 'review \(1\)'
[ "$("${TMUX_CMD[@]}" display-message -p -t t '#{mouse_any_flag}#{mouse_standard_flag}#{mouse_sgr_flag}')" = 000 ] ||
	fail "mouse = 0 still asks the terminal for mouse reports"
keys q
wait_exit 0
rm "$XDG_CONFIG_HOME/liza-watch/config"

# --no-mouse: the same for one run, whatever the config says.
new_server
HUD_TERM=tmux-256color start_hud 240 40 -C "$proj" --no-mouse
wait_for 'review \(1\)'
[ "$("${TMUX_CMD[@]}" display-message -p -t t '#{mouse_any_flag}#{mouse_standard_flag}#{mouse_sgr_flag}')" = 000 ] ||
	fail "--no-mouse still asks the terminal for mouse reports"
keys q
wait_exit 0
echo ok
