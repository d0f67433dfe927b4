#!/usr/bin/env bash
# The HUD never waits on git: with a git that does not answer, v shows the
# timeline at once, says git is running, keys still work, Esc goes back and
# q quits (git is stopped, not waited for).
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$E2E_TMP/proj
make_review_project "$proj"
mkdir -p "$E2E_TMP/bin"
printf '#!/bin/sh\necho $$ > %q\nexec sleep 60\n' "$E2E_TMP/git.pid" > "$E2E_TMP/bin/git"
chmod +x "$E2E_TMP/bin/git"
PATH="$E2E_TMP/bin:$PATH" start_hud 140 16 -C "$proj"
wait_for 'review \(1\)'
keys v
wait_for 'review liza:review-1'
wait_for 'rejected +agent: code-reviewer-1'
wait_for '\(git diff running\)'
[ -s "$E2E_TMP/git.pid" ] || fail "git was not started"
gpid=$(cat "$E2E_TMP/git.pid")
keys Down
wait_for 'line 2 of'
keys Escape
wait_gone 'review liza:review-1'
wait_for 'review \(1\)'
# Closing the view stopped git.
end=$(( $(date +%s) + 10 ))
while kill -0 "$gpid" 2>/dev/null; do
	[ "$(date +%s)" -lt "$end" ] || fail "git still runs after the view closed"
	sleep 0.05
done
keys v
wait_for '\(git diff running\)'
keys q
wait_gone 'review liza:review-1'
keys q
wait_exit 0
gpid=$(cat "$E2E_TMP/git.pid")
end=$(( $(date +%s) + 10 ))
while kill -0 "$gpid" 2>/dev/null; do
	[ "$(date +%s)" -lt "$end" ] || fail "git still runs after the HUD quit"
	sleep 0.05
done
exit 0
