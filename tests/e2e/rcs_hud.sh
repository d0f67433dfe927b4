#!/usr/bin/env bash
# RCS in the HUD: a combined team+forge set shows both members in the
# workflows pane (neither primary); x on forge, confirmed with y, clears
# only forge: team stays active on screen and on disk.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-04-09T00:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/rcs/team-forge")
s1=$proj/.rcs/state/sessions/s1
start_hud 140 40 -C "$proj"
wait_for '^ rcs +team +team-exec .* 3/50'
wait_for '^ rcs +forge +executing .* 2/5'
wait_for 'Fix flaky parser test'

# Tab moves the focus board -> alerts -> workflows; j selects forge.
keys Tab
keys Tab
wait_for 'x clear wf'
keys j
keys x
wait_for 'clear rcs workflow forge \(any other member stays\)\? \[y/N\]'
keys n
wait_for 'clear cancelled'
grep -q '"skill": "forge", "phase": "executing", "active": true' "$s1/skill-active-state.json" || fail "n must not write"
# The prompt must be forge's again before y: a bare [y/N] would let a y
# answer a prompt about another row (team) and the failure would read as
# a message that never came.
keys x
wait_for 'clear rcs workflow forge \(any other member stays\)\? \[y/N\]'
keys y
wait_for 'cleared forge .*active now: team'
wait_gone '^ rcs +forge '
wait_for '^ rcs +team +team-exec'

# On disk: forge's entry gone from the set and its mode file cancelled;
# team untouched.
! grep -q '"skill": "forge"' "$s1/skill-active-state.json" \
	|| { cat "$s1/skill-active-state.json"; fail "forge still in the set"; }
grep -q '"skill": "team",  "phase": "team-exec", "active": true' "$s1/skill-active-state.json" || fail "team lost"
grep -q '"current_phase": "cancelled"' "$s1/forge-state.json" || fail "forge mode file not cancelled"
cmp -s "$s1/team-state.json" "$LW_TESTS/fixtures/rcs/team-forge/.rcs/state/sessions/s1/team-state.json" \
	|| fail "team-state.json changed"
out=$("$LW_BIN" -C "$proj" status) || true
case "$out" in *"rcs: team,"*) ;; *) fail "status after clear: $out";; esac

# Agents keep writing: a new task file, then a whole new team folder, come
# in through the recursive watch of the state folder.
printf '{ "id": "3", "subject": "Brand new task", "status": "pending" }\n' >"$proj/.rcs/state/team/fix/tasks/task-3.json"
wait_for 'Brand new task'
mkdir -p "$proj/.rcs/state/team/other/tasks"
printf '{ "id": "1", "subject": "Second team work", "status": "in_progress" }\n' \
	>"$proj/.rcs/state/team/other/tasks/task-1.json"
wait_for 'Second team work'
wait_for 'other/task-1'

# Nothing left to clear on the remaining member's row but itself.
keys x
wait_for 'clear rcs workflow team'
keys n
keys q
wait_exit 0
