#!/usr/bin/env bash
# AoT in the HUD: atoms on the board (the executable one ready), the
# detail view with the DAG and the checklist (shown, never run), then s
# starts an atom, S asks the loop to stop and R records a new direction;
# each lands in the file with the Markdown body untouched.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-04-09T00:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/aot/running")
f=$proj/.claude/aot-loop-state.md
body() { sed -n '/^---$/,$p' "$1" | sed '1,/^---$/d' | sed '1,/^---$/d'; }
orig_body=$(body "$f")
start_hud 140 40 -C "$proj"
wait_for '^ aot +Implement authenticat.*running .* 5/20'
wait_for 'ready \(1\)'

# The ready lane holds A2; its detail shows the DAG and the checklist.
keys l
wait_for 's start'
keys Enter
wait_for 'executable: yes: every dependency is resolved'
wait_for 'A2 pending EXECUTABLE <- A1'
wait_for 'Auth tests pass \[command\] npm test -- --grep auth  -- not run here'
keys Escape

# s asks first, saying what follows; n writes nothing.
keys s
wait_for 'start aot:A2 \(pending\)\? \[y/N\]'
wait_for 'start an atom: pending -> in_progress'
keys n
wait_for 'start cancelled'
grep -A1 'description: "Auth logic implementation"' "$f" | grep -q 'status: pending' || fail "n must not write"
keys s
wait_for '\[y/N\]'
keys y
wait_for 'aot: A2 pending -> in_progress'
wait_for 'active \(2\)'
grep -A1 'description: "Auth logic implementation"' "$f" | grep -q 'status: in_progress' || fail "A2 not started on disk"

# Stop, after a confirm; the request shows as a flag and an INFO alert.
keys S
wait_for 'ask the aot loop to stop\? \[y/N\]'
keys y
wait_for 'stop requested'
wait_for 'STOP-REQUESTED'
wait_for 'INFO .*stop_requested'
grep -q '  stop_requested: true' "$f" || fail "stop not written"

keys R
wait_for 'redirect the aot loop: new direction'
keys -l 'prefer sessions over JWT'
keys Enter
wait_for 'redirect requested'
grep -q 'description: prefer sessions over JWT' "$f" || grep -q '"prefer sessions over JWT"' "$f" || { cat "$f"; fail "direction not recorded"; }
[ "$(body "$f")" = "$orig_body" ] || fail "the Markdown body changed"
keys q
wait_exit 0
