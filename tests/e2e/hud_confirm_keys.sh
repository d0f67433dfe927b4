#!/usr/bin/env bash
# Every key that writes asks first (issue 29), and says what it acts on:
# m then a digit asks y/N before the move (a stray "m 4" once resumed an ACP
# agent); with two projects p and A name the project; q while a write waits
# asks before it drops it. Esc with nothing to clear says nothing; config
# complaints beyond the first are shown inside the HUD by L.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
export LIZA_WATCH_LOCK_TIMEOUT_MS=300000
fx=$LW_TESTS/fixtures/hud
alpha=$E2E_TMP/alpha beta=$E2E_TMP/beta
mkdir -p "$alpha" "$beta"
cp -r "$fx/foreman-acp/." "$alpha/"; cp -r "$fx/basic/." "$alpha/"; cp -r "$fx/basic/." "$beta/"
task=$alpha/.taskfactory/tasks/demo-1/task.yaml

# Three bad config lines: the first on the message line, every one in L.
mkdir -p "$XDG_CONFIG_HOME/liza-watch"
printf 'bogus-one = 1\nbogus-two = 2\nbogus-three = 3\n' > "$XDG_CONFIG_HOME/liza-watch/config"
start_hud 140 40 -C "$alpha" -C "$beta"
wait_for 'review \('
wait_for 'bogus-one.*\(\+2 more: L shows them all\)'
keys L
wait_for 'bogus-two'
wait_for 'bogus-three'
keys Escape
# Esc clears the message; a second Esc has nothing to clear and says nothing.
keys Escape
wait_gone 'bogus-one'
keys Escape
sleep 0.3   # a message would show at once; this waits for nothing to come
screen | grep -q 'not available' && fail "Esc with nothing to clear printed a message"

# m, then a digit: the move is asked first, n writes nothing.
keys / DEMO-1 Enter m
wait_for 'foreman:DEMO-1 \(backlog\) to'
keys 1
wait_for 'move alpha/foreman:DEMO-1 \(backlog\) to ready\? \[y/N\]'
keys n
wait_for 'cancelled, nothing written'
grep -q '^phase: backlog' "$task" || fail "m 1 n wrote the move"
keys m 1
wait_for '\[y/N\]'
keys y
wait_until 20 "the move to ready" grep -q '^phase: ready' "$task"
keys Escape

# p and A name the project they act on.
keys / review-1 Enter
wait_for '!review-1'
keys p
wait_for 'pause every liza agent in (alpha|beta)\? \[y/N\]'
keys n
keys A
wait_for 'abort liza in (alpha|beta): every agent exits\. Sure\? \[y/N\]'
keys n
wait_for 'abort cancelled'
keys q
wait_exit 0
rm -f "$XDG_CONFIG_HOME/liza-watch/config"

# q while a write waits for the lock asks; n keeps it waiting, y quits
# and cancels it: nothing written.
new_server
st=$beta/.liza/state.yaml
rm -f "$E2E_TMP/release"; mkfifo "$E2E_TMP/release"
flock -x "$st.lock" -c "read _ <'$E2E_TMP/release'" &
holder=$!
trap 'echo go >"$E2E_TMP/release" 2>/dev/null; wait $holder 2>/dev/null; e2e_cleanup' EXIT
wait_until 20 "the lock taken" sh -c "! flock -n '$st.lock' true"
start_hud 140 40 -C "$beta" --as code-reviewer-9
wait_for 'a approve +r reject'
keys a
wait_for '\[y/N\]'
keys y
wait_for 'waiting for \.liza/state\.yaml\.lock' 20
keys q
wait_for 'approve liza:review-1 is under way: quit and cancel it \(nothing written\)\? \[y/N\]'
keys n
wait_gone 'quit and cancel it'
wait_for 'waiting for \.liza/state\.yaml\.lock'
keys q
wait_for 'quit and cancel it'
keys y
wait_exit 0
grep -q 'status: READY_FOR_REVIEW' "$st" || fail "the write landed after quit"
