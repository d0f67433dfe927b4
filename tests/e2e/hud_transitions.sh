#!/usr/bin/env bash
# From the keyboard: approve with a + y, reject with r + a typed reason.
# Both land in the file and come back to the board through the watcher.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
st=$proj/.liza/state.yaml
start_hud 140 40 -C "$proj" --as code-reviewer-9
wait_for 'review \(1\)'
# The task awaiting review is selected at start; its keys are in the footer.
wait_for 'a approve +r reject'
keys a
wait_for 'approve liza:review-1 as code-reviewer-9\? \[y/N\]'
keys n
wait_for 'approve cancelled'
grep -q 'status: READY_FOR_REVIEW' "$st" || fail "n must not write"
keys a
wait_for '\[y/N\]'
keys y
wait_for 'review-1: READY_FOR_REVIEW -> APPROVED'
grep -q 'status: APPROVED' "$st" || fail "file not approved"
grep -q 'approved_by: code-reviewer-9' "$st" || fail "approved_by not written"
wait_gone '!review-1'

# Reject needs a reason: put the task back in review first (an agent resubmits).
sed -i 's/status: APPROVED/status: READY_FOR_REVIEW/' "$st"
wait_for '!review-1'
keys r
wait_for 'reject liza:review-1: reason:'
keys -l 'missing tests'
keys C-u                     # Ctrl-U clears the line
keys -l 'no tests for the CLI'
keys Left Left Left BSpace   # edit in the middle: "no tests for theCLI"
keys -l ' '
keys Enter
wait_for 'review-1: READY_FOR_REVIEW -> REJECTED'
grep -q 'rejection_reason: no tests for the CLI' "$st" || { cat "$st"; fail "reason not written as typed"; }

# Another reviewer holds a live review lease: the HUD asks before overriding.
sed -i 's/status: REJECTED/status: READY_FOR_REVIEW/; s/^    reviewing_by: null$/    reviewing_by: code-reviewer-1/; s/^    review_lease_expires: null$/    review_lease_expires: "2026-01-20T10:40:00Z"/' "$st"
wait_for '!review-1'
keys a
wait_for '\[y/N\]'
keys y
wait_for 'code-reviewer-1 holds the review lease.*Override\? \[y/N\]'
grep -q 'status: READY_FOR_REVIEW' "$st" || fail "asking must not write"
keys y
wait_for 'review-1: READY_FOR_REVIEW -> APPROVED'
grep -q 'reviewing_by: null' "$st" || fail "override did not clear reviewing_by"

# Escape cancels a prompt without writing.
keys a
wait_for 'not available here|\[y/N\]'
keys Escape
keys q
wait_exit 0
