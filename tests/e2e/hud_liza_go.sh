#!/usr/bin/env bash
# Today's Liza (the Go rewrite) in the HUD: lanes come from the pipeline's
# state categories, the task under review is approved from the keyboard,
# and the file afterwards is what the Go Liza writes for that verdict
# (a first approval of a quorum-2 pair: partially approved). On a narrow
# card the id and the urgent counters stay; the far ones give way.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z
proj=$(make_project "$LW_TESTS/fixtures/liza-go/basic")
st=$proj/.liza/state.yaml
start_hud 160 45 -C "$proj" --as code-reviewer-1
# one task in each lane: DRAFT_CODE ready, IMPLEMENTING_CODE active,
# REVIEWING_CODE review, BLOCKED blocked, MERGED done — none "unknown"
wait_for 'review \(1\)'
wait_for 'ready \(1\)'
wait_for 'active \(1\)'
wait_for 'blocked \(1\)'
wait_for 'done \(1\)'
screen | grep -q 'unknown task status' && fail "a valid Go state raised unknown task status"
# A narrow lane: the id stays whole, the counter far from its limit (i2/10)
# gives way, the quorum and review cycles stay; the RCA gate stays too.
resize 120 45
wait_for '!code-1 +r1/5 q0/2 '
wait_for 'code-4 +r3/5 RCA '
screen | grep -q 'i2/10' && fail "i2/10 kept on a card too narrow for it"
resize 160 45
wait_for '!code-1 +i2/10 r1/5 q0/2 '
wait_for 'a approve'
keys a
wait_for 'approve liza:code-1 as code-reviewer-1\? \[y/N\]'
keys y
wait_for 'code-1: REVIEWING_CODE -> CODE_PARTIALLY_APPROVED'
wait_for '1/2 approvals'
cmp -s "$st" "$LW_TESTS/fixtures/liza-go/basic.approved.state.yaml" ||
  { diff "$LW_TESTS/fixtures/liza-go/basic.approved.state.yaml" "$st" >&2; fail "state.yaml is not what Liza writes"; }
grep -q 'action: approved' "$proj/.liza/log.yaml" || fail "log.yaml has no approved entry"
# the second review is another reviewer's: no approve from this status
keys q
wait_exit 0
