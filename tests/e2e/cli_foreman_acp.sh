#!/usr/bin/env bash
# check, status and transitions on the command line for Foreman and ACP:
# alert lines and exit codes, an allowed move, a denied one that names its
# rule and writes nothing, approve and reject on an agent.
set -u
proj=$(mktemp -d /tmp/lw-fa-cli.XXXXXX) && proj=$(cd "$proj" && pwd -P)
trap 'rm -rf "$proj"' EXIT
cp -r "$LW_TESTS/fixtures/hud/foreman-acp/." "$proj/"
export LIZA_WATCH_NOW=2026-02-20T14:22:00Z
fail() { echo "FAIL: $*" >&2; exit 1; }
lw() { "$LW_BIN" -C "$proj" "$@"; }

out=$(lw check); rc=$?
[ "$rc" -eq 0 ] || fail "check exit $rc: $out"
[ "$out" = "INFO acp awaiting_approval Agent-2: waits in AWAITING_APPROVAL: approve or reject tp-validate-and-tighten-tests" ] \
	|| fail "check printed: $out"
out=$(lw status)
[ "$out" = "foreman: wip 1/1, 1 backlog, 1 active | acp: inbox 1, 1 backlog, 1 ready, 1 review | 1 to review | ok" ] \
	|| fail "status printed: $out"

# The lease goes stale two minutes after its heartbeat: WARN, exit 1.
out=$(LIZA_WATCH_NOW=2026-02-20T14:30:00Z lw check); rc=$?
[ "$rc" -eq 1 ] || fail "stale lease: exit $rc"
printf '%s\n' "$out" | grep -q '^WARN foreman lease_stale DEMO-2: ' || fail "no lease_stale: $out"
lw check --json | grep -q '"code": "awaiting_approval"' || fail "check --json"

# One task file half written (upstream writes in place): exit 3, the file
# named with its line and column, the other tasks still checked.
mkdir -p "$proj/.taskfactory/tasks/demo-9"
printf 'id: DEMO-9\nphase: [ready\n' > "$proj/.taskfactory/tasks/demo-9/task.yaml"
out=$(LIZA_WATCH_NOW=2026-02-20T14:30:00Z lw check); rc=$?
[ "$rc" -eq 3 ] || fail "a broken task file: exit $rc"
# The path is said once (the message begins with it): file:line:col, then what.
printf '%s\n' "$out" | grep -q '^CRIT foreman parse_error [^ ]*demo-9/task.yaml:3:1: ' || fail "$out"
printf '%s\n' "$out" | grep 'parse_error' | grep -q 'task.yaml.*task.yaml' && fail "the path is repeated: $out"
printf '%s\n' "$out" | grep -q '^WARN foreman lease_stale DEMO-2: ' || fail "other tasks not checked: $out"
rm -r "$proj/.taskfactory/tasks/demo-9"

# A denied move names its rule and writes nothing (exit 1).
task=$proj/.taskfactory/tasks/demo-1/task.yaml
sed -i 's/^  - GET \/health answers 200$//; s/^acceptanceCriteria:$/acceptanceCriteria: []/' "$task"
cp "$task" "$proj/before.yaml"
out=$(lw transition foreman:DEMO-1 ready 2>&1); rc=$?
[ "$rc" -eq 1 ] || fail "denied move: exit $rc ($out)"
printf '%s\n' "$out" | grep -q 'must have acceptance criteria before moving to ready' || fail "rule not named: $out"
cmp -s "$task" "$proj/before.yaml" || fail "a denied move wrote"
# A pair outside the table, by bare id: the table says where it is allowed from.
out=$(lw transition DEMO-1 backlog 2>&1); rc=$?
[ "$rc" -eq 1 ] || fail "backlog -> backlog: exit $rc ($out)"
printf '%s\n' "$out" | grep -q 'backlog is not allowed from backlog (only from ready, executing, archived)' || fail "$out"
cmp -s "$task" "$proj/before.yaml" || fail "a denied move wrote"

# Allowed: executing -> complete, by bare id.
out=$(lw transition DEMO-2 complete); rc=$?
[ "$rc" -eq 0 ] || fail "move: exit $rc"
[ "$out" = "foreman:DEMO-2 executing -> complete" ] || fail "move printed: $out"
grep -q '^phase: complete$' "$proj/.taskfactory/tasks/demo-2/task.yaml" || fail "phase not written"

# ACP: reject needs a reason; with one it goes back to EXECUTING_TASK.
lw reject acp:Agent-2 >/dev/null 2>&1; [ $? -eq 2 ] || fail "reject without --reason must be a usage error"
out=$(lw reject acp:Agent-2 --reason "attach the validate.ps1 output"); rc=$?
[ "$rc" -eq 0 ] || fail "reject: exit $rc"
[ "$out" = "acp:Agent-2 AWAITING_APPROVAL --approval_denied--> EXECUTING_TASK" ] || fail "reject printed: $out"
grep -q '"reason": "attach the validate.ps1 output"' "$proj/agent_workspaces/Agent-2/state.json" || fail "reason not recorded"
# approve is now out of place
out=$(lw approve acp:Agent-2 2>&1); rc=$?
[ "$rc" -eq 1 ] || fail "approve from EXECUTING_TASK: exit $rc"
printf '%s\n' "$out" | grep -q 'not allowed from EXECUTING_TASK' || fail "$out"
# tasks of fsm_data are not driven from here (usage, exit 2)
lw transition acp:task-001 reset_requested >/dev/null 2>&1; [ $? -eq 2 ] || fail "fsm_data task moved"
exit 0
