#!/usr/bin/env bash
# The queue (w, issue 40): items from three projects and four systems in
# one list, oldest first, the same list `queue --json` prints; approve from
# the queue (the usual confirmation, naming the project); an item arriving
# and leaving while the queue is open; w from the detail and review views.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
A=$E2E_TMP/alpha B=$E2E_TMP/beta G=$E2E_TMP/gamma
mkdir -p "$A" "$B" "$G"
cp -r "$LW_TESTS/fixtures/hud/basic/." "$A/"          # liza: review-1 in review
cp -r "$LW_TESTS/fixtures/hud/foreman-acp/." "$A/"    # acp: Agent-2 awaiting approval; foreman: DEMO-1's plan ready
cp -r "$LW_TESTS/fixtures/aot/running/." "$B/"        # aot: the loop, stopped below
cp -r "$LW_TESTS/fixtures/hud/basic/." "$G/"          # liza again, another project
aot=$B/.claude/aot-loop-state.md
stop_loop() { sed -i 's/^  status: running /  status: stopped /; s/^  stop_reason: null/  stop_reason: "which database?"/' "$aot"; }
run_loop() { sed -i 's/^  status: stopped /  status: running /; s/^  stop_reason: "which database?"/  stop_reason: null/' "$aot"; }
stop_loop

# What the CLI lists: project system:subject, in order.
cli=$("$LW_BIN" -C "$A" -C "$B" -C "$G" queue --json |
      sed -E 's/^\{"project": "([^"]*)", "system": "([^"]*)", "subject": "([^"]*)".*/\1 \2:\3/')
want=$'alpha liza:review-1\ngamma liza:review-1\nbeta aot:control\nalpha acp:Agent-2\nalpha foreman:DEMO-1'
[ "$cli" = "$want" ] || fail "queue --json order: $cli"

start_hud 160 45 -C "$A" -C "$B" -C "$G" --as code-reviewer-9
wait_for 'WAIT 5  CRIT'
keys w
wait_for 'Waiting for a human: 5'
# The HUD's rows, as the CLI's list: the same items in the same order.
rows=$(screen | sed -n '2,6p' | sed -E 's/^ *[^ ]+ +([^ ]+) +([^ ]+) .*/\1 \2/')
[ "$rows" = "$want" ] || fail "the HUD's rows differ from queue --json: $rows"
screen | grep -q 'beta  aot:control  stop  the loop stopped: which database?' || fail "the AoT stop's ask"
screen | grep -q 'gate  plan ready' || fail "the Task Factory gate"

# Leaving and arriving while it is open.
run_loop
wait_for 'Waiting for a human: 4'
screen | grep -q 'aot:control' && fail "the stop that ended is still listed"
stop_loop
wait_for 'Waiting for a human: 5'
wait_for 'beta  aot:control'

# Search (/): the selection moves to the match; n/N go on with a wrap
# while a pattern is on; Esc ends the search and n is the note again.
screen | grep -q '/ search  s sort' || fail "the queue's footer does not say / searches"
keys / g a m m a
wait_for '^/: gamma$'
keys Enter
wait_for 'n/N next/previous match'
screen_escapes | grep -q $'\e\\[43mgamma' || fail "the match is not marked in the queue"
keys a   # the item selected is the one found
wait_for 'approve gamma/liza:review-1 as code-reviewer-9\? \[y/N\]'
keys Escape
wait_gone '\[y/N\]'
keys / l i z a Enter
wait_for 'n/N next/previous match'
keys n
wait_for 'search hit BOTTOM, continuing at TOP'
keys a
wait_for 'approve alpha/liza:review-1 as code-reviewer-9\? \[y/N\]'
keys Escape
wait_gone '\[y/N\]'
keys N
wait_for 'search hit TOP, continuing at BOTTOM'
keys / z z z z Enter
wait_for 'pattern not found: zzzz'
keys Escape
wait_for 'search ended: n notes the selected item again'
wait_for '/ search  s sort'
keys n
wait_for 'note for .*review-1'
keys Escape
wait_gone 'note for'
screen | grep -q 'Waiting for a human: 5' || fail "Esc on the search left the queue"
keys k   # N left gamma's selected: back to the first item
# The wheel (an SGR 1006 report, as tmux passes it on) moves the selection
# three items a notch, as j and k would.
wheel() { keys -l "$(printf '\033[<%d;%d;%dM' $(( $1 == 1 ? 65 : 64 )) 20 4)"; }
selected_has() { screen_escapes | grep -F "$1" | grep -q $'\e\\[46m'; }
wheel 1
wait_until 30 "the wheel to select acp:Agent-2" selected_has 'acp:Agent-2'
wheel -1
wait_until 30 "the wheel to select alpha's review-1 again" selected_has 'alpha  liza:review-1'

# Approve the first item (alpha's review-1) from the queue: a, y.
keys a
wait_for 'approve alpha/liza:review-1 as code-reviewer-9\? \[y/N\]'
keys y
wait_for 'review-1: READY_FOR_REVIEW -> APPROVED'
grep -q 'status: APPROVED' "$A/.liza/state.yaml" || fail "alpha's file not approved"
grep -q 'status: READY_FOR_REVIEW' "$G/.liza/state.yaml" || fail "gamma's task was approved instead"
wait_for 'Waiting for a human: 4'
screen | grep -q 'alpha  liza:review-1' && fail "the approved item is still listed"
# q leaves the queue for the main screen, not the HUD.
keys q
wait_for 'WAIT 4  CRIT'
# w opens the queue from anywhere: from a task's detail (the view on top
# does not take the key), and q returns to that detail; from the review.
keys Enter
wait_for 'review_commit: def456'
keys w
wait_for 'Waiting for a human: 4'
keys q
wait_gone 'Waiting for a human'
wait_for 'review_commit: def456'
keys Escape
wait_for 'WAIT 4  CRIT'
keys v
wait_for '^ review alpha/liza:review-1 '
keys w
wait_for 'Waiting for a human: 4'
keys q
wait_gone 'Waiting for a human'
wait_for '^ review alpha/liza:review-1 '
keys q
wait_for 'WAIT 4  CRIT'
keys q
wait_exit 0
