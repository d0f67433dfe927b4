#!/usr/bin/env bash
# Today's Liza: the fourth durable rejection of a task no limit escalates
# opens the rejection-RCA gate (ops/submit_verdict.go submitVerdict,
# seedRejectionRCAGate): the HUD's reject writes the record and the BLOCKED
# task in one write, and says the orchestrator must record an RCA next.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z
proj=$(make_project "$LW_TESTS/fixtures/liza-go/basic")
st=$proj/.liza/state.yaml

# code-1, under review by code-reviewer-1, was rejected three times before.
sed -i 's/^    review_cycles_total: 1$/    review_cycles_total: 3/' "$st"
grep -q 'review_cycles_total: 3' "$st" || fail "state not edited"
start_hud 220 45 -C "$proj" --as code-reviewer-1
wait_for 'r reject'
keys r
wait_for 'reject liza:code-1: reason:'
keys -l 'the parser still drops flags'
keys Enter
wait_for 'code-1: REVIEWING_CODE -> BLOCKED'
wait_for 'rejection-RCA gate: BLOCKED until the orchestrator records an RCA \(liza record-rejection-rca code-1'
grep -q 'rejection_rca: {schema_version: 1, threshold: 4, rejection_count: 4, gated_at: "2026-11-25T10:00:00Z", gating_commit: ' "$st" ||
  { cat "$st"; fail "no rejection_rca record"; }
grep -q 'blocked_reason: "rejection_rca_required: 4 durable rejections reached the high-churn threshold 4;' "$st" ||
  { cat "$st"; fail "no typed blocked_reason"; }
grep -q 'blocked_class: rejection_rca_required' "$st" || fail "no blocked_class on the blocked event"
"$LW_BIN" -C "$proj" check > "$E2E_TMP/check.txt"
grep -q 'invalid_state' "$E2E_TMP/check.txt" && fail "the gated task is invalid: $(cat "$E2E_TMP/check.txt")"
grep -q 'rejection-RCA gate open' "$E2E_TMP/check.txt" || fail "no open gate in check: $(cat "$E2E_TMP/check.txt")"
keys q
wait_exit 0
