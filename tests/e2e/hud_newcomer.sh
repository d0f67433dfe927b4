#!/usr/bin/env bash
# What a new user met in the HUD (issue 36 items 9, 11 and 13): messages
# that stay after they stopped being true, focus that looks the same in two
# panes, keys that say nothing, columns and titles cut mid-word, git's words
# in place of ours.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
st=$proj/.liza/state.yaml
# review-1 names commits of 8 hex digits in a worktree that is no repository.
sed -i 's/^    base_commit: abc123$/    base_commit: 9a8b7c6d/; s/^    review_commit: def456$/    review_commit: 1a2b3c4d/' "$st"
mkdir -p "$proj/.worktrees/review-1"
HUD_NO_COLOR=1 start_hud 100 30 -C "$proj" --as code-reviewer-9
wait_for 'review \(1\)'
wait_for 'a approve +r reject'

# 13: a key bound to nothing says so.
keys Z
wait_for "^'Z' is not a key here \(\? lists the keys\)"

# 13: v on a worktree that is no git repository says that, not git's
# "Could not access '9a8b7c6d'" (git diff outside a repository compares files).
keys v
wait_for 'is not a git repository'
screen | grep -q "Could not access" && fail "git's own words are shown"
keys Escape

# 11: another pane focused, the selected card's id is underlined, not in the
# focused row's reverse bar; t (table) works from the alerts pane.
keys Tab
wait_for '─ Alerts \(1\)'
line=$(screen_escapes | grep -m1 'review-1')
case $line in *$'\e[4m'*|*$'\e['*';4m'*|*$'\e[4;'*) ;; *) fail "the unfocused card is not underlined: $(printf %q "$line")" ;; esac
case $line in *$'\e[7m'*review-1*|*$'\e['*';7m'*review-1*) fail "the unfocused card keeps the focused bar: $(printf %q "$line")" ;; esac
keys t
wait_for 'Tasks \(6\)'
screen | grep -q 'not available' && fail "t was refused with the alerts focused"
keys t

# 11: an acknowledged alert, selected: its "ack" is inside the selection bar.
keys K
wait_for 'ack.*reason'
keys Enter
wait_for '^ ack '
row=$(screen_escapes | grep -m1 'blocked-1: blocked: spec unclear')
# The reverse bar opens the row and nothing changes before "ack" (it was
# drawn dim, out of the bar: "\e[7m \e[0;2mack\e[0;7m").
case $row in $'\e[7m ack'*) ;;
*) fail "the selected ack row has a gap in its bar: $(printf %q "$row")" ;; esac
keys BTab   # back to the board

# 9: a message that said a task moved goes once the task moves on (another
# writer, the CLI): "review-1: READY_FOR_REVIEW -> REJECTED" is not left.
keys r
wait_for 'reject liza:review-1: reason:'
keys -l 'not yet'
keys Enter
wait_for '^review-1: READY_FOR_REVIEW -> REJECTED'
wait_for '^ *rejected|REJECTED' 
# the HUD's own reload shows it rejected; then someone else moves it on
sleep 0.3
sed -i 's/^    status: REJECTED$/    status: APPROVED/' "$st"
wait_gone '^review-1: READY_FOR_REVIEW -> REJECTED'

# 9: b refused, then b on a task it applies to: the reason prompt says a
# question follows, and the refusal does not come back under the question.
keys b
wait_for 'b: not available here'
keys h h   # review -> active -> ready: ready-1 (UNCLAIMED) may be blocked
wait_for 'b block'
keys b
wait_for 'block liza:.*: reason:'
wait_for 'Enter goes on to the question'
screen | grep -q 'Enter writes block' && fail "the reason prompt says Enter writes"
keys -l 'spec unclear'
keys Enter
wait_for 'question for the planner'
screen | grep -q 'not available here' && fail "an old message came back under the question"
keys Escape
wait_for 'block cancelled'
keys q; wait_exit 0

# 13: the table's 'for' column holds 312d12h whole.
new_server
LIZA_WATCH_NOW=2026-11-28T21:10:00Z start_hud 100 30 -C "$proj"
wait_for 'review|approved'
keys t
wait_for 'Tasks \('
wait_for ' 312d1[0-9]h '

keys q; wait_exit 0

# 13: lane titles at 60 columns are words, not "backlo 5"; agents at 80
# columns keep their heartbeat whole ("hb 3" was "hb 3m" cut).
new_server
multi=$E2E_TMP/multi; mkdir -p "$multi"; cp -r "$LW_TESTS/fixtures/hud/foreman-acp/." "$multi/"
cp -r "$LW_TESTS/fixtures/hud/basic/." "$multi/"
start_hud 60 24 -C "$multi"
wait_for 'review [0-9]'
screen | grep -qE '(backlo|blocke|revie|activ) [0-9]' && fail "a lane title is cut mid-word"
keys q; wait_exit 0
new_server
start_hud 80 24 -C "$multi" -C "$proj"
wait_for 'Agents'
screen | grep -E '^ [ !](liza|foreman|acp) ' | grep -vE 'hb ([0-9]+[smhd]|in [0-9]+[smhd0-9]+|-)( |$)' &&
	fail "an agent's heartbeat is cut"
keys q; wait_exit 0

# 13: the Go workflow row says no "0 blocked".
new_server
go=$E2E_TMP/go; mkdir -p "$go"; cp -r "$LW_TESTS/fixtures/liza-go/basic/." "$go/"
sed -i 's/^    status: BLOCKED$/    status: READY/' "$go/.liza/state.yaml"
LIZA_WATCH_NOW=2026-11-25T10:00:00Z start_hud 120 30 -C "$go"
wait_for 'sprint-1'
screen | grep -q '0 blocked' && fail "the workflow row says 0 blocked"
keys q; wait_exit 0
