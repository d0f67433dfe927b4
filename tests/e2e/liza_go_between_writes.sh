#!/usr/bin/env bash
# liza_go_between_writes.sh — today's Liza refuses a write that rewrites
# integration evidence it already persisted (ValidateIntegrationLifecycle-
# Transition). A watcher sees the writes one after the other: check --follow
# must raise CRIT invalid_transition when state B rewrites A's coverage
# record and clear it when the record is back; `check` on B alone (no
# before) says nothing of it. (That a later write keeping the rewrite is
# still judged against A is tests/unit/test_lizago_between.c's.)
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-between.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z
cp -r "$LW_TESTS/conformance/liza-go/invariant-integration-lifecycle-go-test-valid/project" "$tmp/proj"
st=$tmp/proj/.liza/state.yaml
cp "$st" "$tmp/a.yaml"
# B: the approval attestation of plan-single names another reviewed commit.
sed 's/reviewed_commit: reviewed-single/reviewed_commit: rewritten-single/' "$tmp/a.yaml" >"$tmp/b.yaml"
cmp -s "$tmp/a.yaml" "$tmp/b.yaml" && fail "fixture changed: B equals A"
# written as Liza writes: a temp beside it, renamed into place
put() { cp "$1" "$st.tmp" && mv "$st.tmp" "$st"; }

count() { grep -c -- "$2" "$1"; }
wait_count() {   # FILE PATTERN N: until PATTERN shows N times, 30 s at most
	local end=$(( $(date +%s) + 30 ))
	while [ "$(date +%s)" -le "$end" ]; do [ "$(count "$1" "$2")" -ge "$3" ] && return 0; sleep 0.05; done
	echo "--- $1 ---" >&2; cat "$1" >&2; fail "/$2/ not seen $3 times in $1"
}

# The follower is known to hold A once an alert of the state before A clears:
# start PAUSED (awaiting_human), then A.
sed 's/^  mode: RUNNING$/  mode: PAUSED/' "$tmp/a.yaml" >"$st"
"$LW_BIN" -C "$tmp/proj" check --follow >"$tmp/out" 2>&1 & pids+=($!)
wait_count "$tmp/out" 'CRIT liza awaiting_human' 1
put "$tmp/a.yaml"
wait_count "$tmp/out" 'CLEAR liza awaiting_human' 1
put "$tmp/b.yaml"
wait_count "$tmp/out" 'CRIT liza invalid_transition goal.integration.coverage:.*integration coverage records are append-only' 1
# The same file checked once has no before: nothing to compare.
out=$("$LW_BIN" -C "$tmp/proj" check 2>&1)
grep -q invalid_transition <<<"$out" && fail "check alone raised invalid_transition: $out"
# The record back as A wrote it: cleared.
put "$tmp/a.yaml"
wait_count "$tmp/out" 'CLEAR liza invalid_transition goal.integration.coverage' 1
[ "$(count "$tmp/out" 'CRIT liza invalid_transition')" -eq 1 ] || { cat "$tmp/out" >&2; fail "raised more than once"; }
exit 0
