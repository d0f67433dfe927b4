#!/usr/bin/env bash
# Foreman and ACP side by side in the HUD: move a Foreman task backlog ->
# ready through the m chooser; approve an ACP agent waiting for approval;
# reset another agent after a confirm. Each lands on disk and comes back to
# the board through the watcher.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-02-20T14:22:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/foreman-acp")
task=$proj/.taskfactory/tasks/demo-1/task.yaml
agent=$proj/agent_workspaces/Agent-2/state.json
start_hud 150 42 -C "$proj" --as operator-1
wait_for 'foreman +acp'
wait_for 'review \(1\)'
# The alerts pane carries the systems' own codes.
wait_for 'INFO +[0-9a-z]+ acp awaiting_approval Agent-2: waits in AWAITING_APPROVAL'

# The detail view of the executing task: the derived mode, its tools, the lease.
keys Left                      # review -> active: DEMO-2
wait_for 'm move'
keys Enter
wait_for 'mode task_execution'
wait_for 'tools forbidden: save_plan, web_search, web_fetch'
wait_for 'execution lease: running, heartbeat 2026-02-20T14:21:20Z \(40s ago'
wait_for 'ready -> executing  Queue dispatch'
keys Escape
wait_for 'review \(1\)'

# Foreman: backlog -> ready with m.
keys Left Left Left g          # to the backlog lane, first card: DEMO-1
keys m
wait_for 'foreman:DEMO-1 \(backlog\) to'
wait_for '1 ready +move to ready \(needs an acceptance criterion\)'
screen | grep -q '2 executing' || fail "the skip to executing is offered from backlog"
keys Escape
wait_for 'move cancelled'
grep -q '^phase: backlog$' "$task" || fail "Esc must not write"
keys m
wait_for '1 ready'
keys Enter
# The move picked still asks before it writes (issue 29).
wait_for 'move foreman:DEMO-1 \(backlog\) to ready\? \[y/N\]'
keys y
wait_for 'foreman:DEMO-1 backlog -> ready'
wait_for 'ready \(2\)'
grep -q '^phase: ready$' "$task" || { cat "$task"; fail "phase not written"; }
grep -q '^updated: .*2026-02-20T14:22:00.000Z' "$task" || { cat "$task"; fail "updated not written"; }
grep -q 'actor: user' "$task" || { cat "$task"; fail "history entry missing"; }

# ACP: approve the agent waiting for approval (a, then y).
keys Right Right               # ready -> active -> review: Agent-2
wait_for 'a approve +r reject'
keys a
wait_for 'approve acp:Agent-2 as operator-1\? \[y/N\]'
keys y
wait_for 'acp:Agent-2 AWAITING_APPROVAL --approval_granted--> COMPLETE'
wait_for 'done \(1\)'
grep -q '"state": "COMPLETE"' "$agent" || { cat "$agent"; fail "agent state not written"; }
grep -q '"event": "approval_granted"' "$agent" || { cat "$agent"; fail "last_event not written"; }

# ACP: reset the idle upstream agent, after a confirm; written in its own shape.
keys Left Left Left Left g     # backlog lane: Agent-5
wait_for 'X reset'
keys X
wait_for 'reset acp:Agent-5 to READY\? \[y/N\]'
keys n
wait_for 'reset_requested cancelled'
grep -q '"state": "idle"' "$proj/agent_workspaces/Agent-5/state.json" || fail "n must not write"
keys X
wait_for '\[y/N\]'
keys y
wait_for 'acp:Agent-5 IDLE --reset_requested--> READY'
grep -q '"state": "ready"' "$proj/agent_workspaces/Agent-5/state.json" || fail "reset not written"
# Approved, the agent no longer waits: its alert clears.
wait_gone 'acp awaiting_approval Agent-2'
keys q
wait_exit 0
