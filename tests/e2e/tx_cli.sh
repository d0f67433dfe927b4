#!/usr/bin/env bash
# approve / reject / transition from the command line: messages and the exit
# codes of docs/design.md (0 done, 1 denied, 2 usage, 3 read/lock/write failure).
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-txcli.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); pids=(); trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/p"
st=$tmp/p/.liza/state.yaml
lw() { "$LW_BIN" -C "$tmp/p" "$@"; }
expect_rc() { local want=$1; shift; "$@" >"$tmp/out" 2>&1; local rc=$?; [ "$rc" -eq "$want" ] || { cat "$tmp/out"; fail "'$*' exited $rc, not $want"; }; }

expect_rc 2 lw approve
expect_rc 2 lw reject review-1
grep -q 'a reason is required' "$tmp/out" || fail "reject without --reason must say a reason is required"
expect_rc 2 lw approve no-such-task
grep -q "no task 'no-such-task'" "$tmp/out" || fail "unknown task message"
expect_rc 2 lw approve rcs:review-1
grep -q "no system 'rcs' here" "$tmp/out" || fail "unknown system message"
expect_rc 1 lw approve ready-1
grep -q 'not allowed from UNCLAIMED (only from READY_FOR_REVIEW)' "$tmp/out" || fail "wrong-state message"

# Another reviewer's live review lease: denied without --force, nothing written.
sed -i 's/^    review_commit: def456$/    review_commit: def456\n    reviewing_by: code-reviewer-1\n    review_lease_expires: "2026-01-20T10:40:00Z"/' "$st"
cp "$st" "$tmp/before"
expect_rc 1 lw --as code-reviewer-2 approve liza:review-1
grep -q 'code-reviewer-1 holds the review lease of review-1 until 2026-01-20T10:40:00Z (20m left); override with --force' "$tmp/out" \
	|| fail "lease message: $(cat "$tmp/out")"
cmp -s "$st" "$tmp/before" || fail "a denied approve changed the file"

# The lock held by someone else: exit 3 after the timeout, file unchanged.
( exec 9>"$st.lock"; flock -x 9; exec sleep 300 ) & pids+=($!)   # the sleeper itself holds the lock
end=$(( $(date +%s) + 30 ))   # until the sleeper has it: a deadline, not 100 tries
while flock -n "$st.lock" true 2>/dev/null; do
	[ "$(date +%s)" -lt "$end" ] || fail "the background flock never took the lock"
	sleep 0.02
done
LIZA_WATCH_LOCK_TIMEOUT_MS=300 expect_rc 3 lw --as code-reviewer-2 approve review-1 --force
# The holder by name from /proc; a PORTABLE build cannot see a flock's holder on Linux.
# Off Linux F_GETLK may name a flock's holder or not (hud_tx_wait.sh).
if [ -n "${LW_PORTABLE:-}" ]; then held='another process'
elif [ "$(uname -s)" = Linux ]; then held='sleep \(pid [0-9]+\)'
else held='(sleep \(pid [0-9]+\)|pid [0-9]+|another process)'; fi
grep -qE "state.yaml.lock: timed out after 0.3 s waiting for the lock, held by $held" "$tmp/out" || fail "lock timeout message: $(cat "$tmp/out")"
cmp -s "$st" "$tmp/before" || fail "a timed-out approve changed the file"
kill "${pids[@]}"; wait "${pids[@]}" 2>/dev/null

expect_rc 0 lw --as code-reviewer-2 approve review-1 --force
grep -q 'review-1: READY_FOR_REVIEW -> APPROVED' "$tmp/out" || fail "done message"
! grep -q 'note:' "$tmp/out" || fail "a code-reviewer-N needs no merge note"
expect_rc 1 lw --as code-reviewer-2 approve review-1
# $LIZA_AGENT_ID is the default identity; a non-reviewer gets the merge note.
sed -i 's/status: APPROVED/status: READY_FOR_REVIEW/' "$st"
LIZA_AGENT_ID=planner-1 expect_rc 0 lw approve review-1 --force
grep -q 'approved_by: planner-1' "$st" || fail "LIZA_AGENT_ID not used as the identity"
grep -q "note: approved_by is 'planner-1': no reviewer supervisor will merge review-1" "$tmp/out" || fail "merge note"
# The way out it names is a command that works as printed: --as after the command.
# It names the project (-C, quoted for a shell when it must be), so it works
# from any folder.
suggested=$(sed -n 's/.*approve as a reviewer: \(liza-watch [^)]*approve [^)]*\)).*/\1/p' "$tmp/out")
case $suggested in
"liza-watch -C "*" approve review-1 --as code-reviewer-1") ;;
*) fail "suggestion: $(cat "$tmp/out")" ;;
esac
sed -i 's/status: APPROVED/status: READY_FOR_REVIEW/' "$st"
eval "set -- ${suggested#liza-watch }"
expect_rc 0 lw "$@" --force
grep -q 'approved_by: code-reviewer-1' "$st" || fail "the suggested command did not approve as code-reviewer-1"
! grep -q 'note:' "$tmp/out" || fail "a reviewer's approve needs no merge note"

expect_rc 0 lw transition active-1 block --reason 'spec gap' --question 'Which API?'
expect_rc 1 lw transition active-1 block --reason again --question again
expect_rc 0 lw transition liza pause
[ -e "$tmp/p/.liza/PAUSE" ] || fail "pause did not create PAUSE"
expect_rc 0 lw transition liza: resume
[ ! -e "$tmp/p/.liza/PAUSE" ] || fail "resume did not remove PAUSE"
expect_rc 2 lw transition liza launch

# A bare id found in two systems is refused, naming both spellings.
mkdir -p "$tmp/p/.claude"
sed 's/id: A1$/id: ready-1/; s/\bA1\b/ready-1/g' "$LW_TESTS/fixtures/examples/aot/example-running-state.md" > "$tmp/p/.claude/aot-loop-state.md"
expect_rc 2 lw transition ready-1 note --reason x
grep -q "'ready-1' names a task in liza and in aot: write liza:ready-1 or aot:ready-1" "$tmp/out" || fail "ambiguity message: $(cat "$tmp/out")"
expect_rc 0 lw transition liza:ready-1 note --reason "qualified works"
echo ok
