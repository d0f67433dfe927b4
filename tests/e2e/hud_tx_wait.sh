#!/usr/bin/env bash
# The HUD stays alive while a write waits on the system's lock: an agent holds
# .liza/state.yaml.lock (flock, as the Liza scripts do), the operator approves,
# the screen says what the write waits for and who holds it, keeps reloading
# (an edit by another agent shows up), refuses a second write, and the approve
# lands once the lock is released. Esc cancels a waiting write: nothing written.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
# Long enough that no load makes the write time out while the test holds the lock.
export LIZA_WATCH_LOCK_TIMEOUT_MS=300000
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
st=$proj/.liza/state.yaml
fifo=$E2E_TMP/release
holder=
release() { [ -n "$holder" ] || return 0; echo go >"$fifo"; wait "$holder" 2>/dev/null; holder=; }
trap 'release; e2e_cleanup' EXIT

# hold: take the lock the way an agent's script does, until release.
hold() {
	rm -f "$fifo"; mkfifo "$fifo"
	flock -x "$st.lock" -c "read _ <'$fifo'" &
	holder=$!
	# The lock is taken once flock -n cannot have it.
	local end=$(( $(date +%s) + 20 ))
	until ! flock -n "$st.lock" true; do
		[ "$(date +%s)" -lt "$end" ] || fail "the background flock never took the lock"
		sleep 0.05
	done
}

start_hud 160 40 -C "$proj" --as code-reviewer-9
wait_for 'a approve +r reject'

hold
keys a
wait_for '\[y/N\]'
keys y
# Who holds it: named from /proc on Linux; a PORTABLE build (the BSDs' and
# macOS's paths) asks fcntl(F_GETLK), which cannot see a flock on Linux.
# The BSDs and macOS share one lock table, where F_GETLK may name a flock's
# holder (then sysctl or proc_name its name) or not.
if [ -n "${LW_PORTABLE:-}" ]; then held='another process'
elif [ "$(uname -s)" = Linux ]; then held='flock, pid [0-9]+'
else held='(flock, pid [0-9]+|pid [0-9]+|another process)'; fi
wait_for "approve liza:review-1: waiting for \\.liza/state\\.yaml\\.lock \\(held by $held\\), [0-9]+ s; Esc cancels" 20
grep -q 'status: READY_FOR_REVIEW' "$st" || fail "written while the lock was held"
# Still alive: another agent edits the state meanwhile, and the board shows it.
sed -i 's/Waiting for a coder/Edited while we wait/' "$st"
wait_for 'Edited while we wait' 20
# The seconds waited keep counting: the screen is redrawn, not frozen.
wait_for 'waiting for .*, [2-9] s;' 20
# One write at a time.
keys p
wait_for 'one write at a time: approve liza:review-1 is still under way' 20
[ -e "$proj/.liza/PAUSE" ] && fail "a second write started while one waited"
release
wait_for 'review-1: READY_FOR_REVIEW -> APPROVED' 30
grep -q 'status: APPROVED' "$st" || fail "the approve did not land"
grep -q 'Edited while we wait' "$st" || fail "the other agent's edit was lost"

# Esc cancels a write that waits; nothing is written.
sed -i 's/status: APPROVED/status: READY_FOR_REVIEW/' "$st"
wait_for '!review-1' 20
before=$(cksum <"$st")
hold
keys a
wait_for '\[y/N\]'
keys y
wait_for 'approve liza:review-1: waiting for \.liza/state\.yaml\.lock' 20
keys Escape
wait_for 'approve liza:review-1: cancelled, nothing written' 20
release
[ "$(cksum <"$st")" = "$before" ] || fail "a cancelled approve changed the file"
# No child left behind: the HUD's only child is gone once it says cancelled.
hud=$(pgrep -P "$(pane_pid)" -f liza-watch | head -1)
[ -n "$hud" ] && pgrep -P "$hud" >/dev/null && fail "the write's process outlived the cancel"
# The HUD works on: the next approve lands at once.
keys a
wait_for '\[y/N\]'
keys y
wait_for 'review-1: READY_FOR_REVIEW -> APPROVED' 20
keys q
wait_exit 0
