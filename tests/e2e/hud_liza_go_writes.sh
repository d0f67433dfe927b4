#!/usr/bin/env bash
# Today's Liza: what the Go code decides beyond a plain verdict. A task
# under review waits since it entered review (metrics' oldest wait); a
# checkpoint that classified the change "significant" raises the coding
# pair's quorum (review-policy significant-change), so the card shows q0/2
# and a first approval leaves it partially approved; a rejection at the
# review-cycle limit on the final attempt blocks it in the same write.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z
proj=$(make_project "$LW_TESTS/fixtures/liza-go/basic")
st=$proj/.liza/state.yaml
pl=$proj/.liza/pipeline.yaml

# code-1 was submitted at 09:50 and is under review at 10:00: 600 s.
"$LW_BIN" -C "$proj" metrics > "$E2E_TMP/m.txt" || fail "metrics exited $?"
grep -Eq '^liza_watch_tasks_awaiting_review\{[^}]*system="liza"\} 1$' "$E2E_TMP/m.txt" ||
  fail "awaiting review: $(grep awaiting "$E2E_TMP/m.txt")"
grep -Eq '^liza_watch_review_oldest_wait_seconds\{[^}]*system="liza"\} 600$' "$E2E_TMP/m.txt" ||
  fail "oldest wait: $(grep oldest_wait "$E2E_TMP/m.txt")"

# Quorum 1, 2 for a significant change; the coder's checkpoint said significant.
sed -i 's/^        quorum: 2$/        quorum: 1\n        significant-change:\n          quorum: 2/' "$pl"
grep -q 'significant-change' "$pl" || fail "pipeline not edited"
sed -i '/^      - time: 2026-11-25T09:50:00Z$/i\      - time: 2026-11-25T09:20:00Z\n        event: pre_execution_checkpoint\n        agent: coder-1\n        impact: significant' "$st"
grep -q 'impact: significant' "$st" || fail "state not edited"
start_hud 160 45 -C "$proj" --as code-reviewer-1
wait_for 'q0/2'
wait_for 'a approve'
keys a
wait_for 'approve liza:code-1 as code-reviewer-1\? \[y/N\]'
keys y
wait_for 'code-1: REVIEWING_CODE -> CODE_PARTIALLY_APPROVED'
wait_for '1/2 approvals \(significant impact\)'
grep -q 'status: CODE_PARTIALLY_APPROVED' "$st" || fail "not partially approved"

# Back under review by this reviewer, on attempt 2 with four cycles spent:
# the fifth rejection blocks it for the orchestrator.
sed -i 's/^    status: CODE_PARTIALLY_APPROVED$/    status: REVIEWING_CODE/; s/^    attempt: 1$/    attempt: 2/;
        s/^    review_cycles_current: 1$/    review_cycles_current: 4/;
        s/^    reviewing_by: null$/    reviewing_by: code-reviewer-1/' "$st"
sed -i '/^    approvals:$/,/^        timestamp:/d' "$st"
grep -q 'reviewing_by: code-reviewer-1' "$st" || { cat "$st"; fail "state not put back under review"; }
wait_for 'blocked \(1\)'
wait_for 'r reject'
keys r
wait_for 'reject liza:code-1: reason:'
keys -l 'still no argument parsing'
keys Enter
wait_for 'code-1: REVIEWING_CODE -> BLOCKED'
wait_for 'blocked \(2\)'
grep -q 'blocked_reason: "review budget exhausted: max review cycles reached (5/5)"' "$st" ||
  { cat "$st"; fail "no blocked_reason"; }
grep -q 'event: blocked' "$st" || fail "no blocked history event"
grep -q 'action: rejected' "$proj/.liza/log.yaml" || fail "log.yaml has no rejected entry"
"$LW_BIN" -C "$proj" check > "$E2E_TMP/check.txt"
grep -q 'invalid_state' "$E2E_TMP/check.txt" && fail "the blocked task is invalid: $(cat "$E2E_TMP/check.txt")"
keys q
wait_exit 0
