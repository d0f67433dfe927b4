#!/usr/bin/env bash
# A task file caught mid-write (Foreman task.yaml, ACP state.json) does not
# take its card off the board: the card stays as it last read, marked
# [stale], the alert names the file, and the card is live again once the file
# reads. A task folder linked to nothing raises an alert naming it.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-02-20T14:22:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/foreman-acp")
task=$proj/.taskfactory/tasks/demo-2/task.yaml
agent=$proj/agent_workspaces/Agent-2/state.json
cp "$task" "$E2E_TMP/task.yaml"; cp "$agent" "$E2E_TMP/state.json"
start_hud 170 42 -C "$proj" --as operator-1
wait_for 'review \(1\)'
wait_for 'Add retry/backoff'

# Foreman writes task.yaml in place: caught half written.
printf 'id: DEMO-2\ntitle: [Add retry\n' > "$task"
wait_for 'CRIT +[0-9a-z]+ foreman parse_error .*demo-2/task.yaml'
wait_for '\[stale\] Add retry/'   # the card's title, after its system tag
cp "$E2E_TMP/task.yaml" "$task"
wait_gone '\[stale\]'
wait_for 'Add retry/backoff'
wait_gone 'CRIT +[0-9a-z]+ foreman parse_error'   # the activity feed keeps its raise and clear

# ACP writes state.json in place: caught empty.
: > "$agent"
wait_for 'CRIT +[0-9a-z]+ acp parse_error .*Agent-2/state.json'
wait_for 'review \(1\)'              # Agent-2 still waits in review
wait_for '\[stale\] tp-validate'
cp "$E2E_TMP/state.json" "$agent"
wait_gone '\[stale\]'

# A task folder that is a link to nothing: an alert names it.
ln -s "$proj/nowhere" "$proj/.taskfactory/tasks/demo-7"
touch "$task"                        # the watcher looks at task files
wait_for 'WARN +[0-9a-z]+ foreman dangling_link .*demo-7: .*a link to nothing'
keys q
wait_exit 0
