#!/usr/bin/env bash
# Agents in the activity feed. Another process makes agents stale (an
# Agent Cell Phone agent's `updated` and a Task Factory lease's heartbeat
# moved back behind the fixed LIZA_WATCH_NOW), makes one leave (its folder
# removed) and drops a message into an inbox: the HUD's feed and
# `events --follow --json` show agent_stale, agent_gone and the message with
# its sender and one escaped line of what it says; `events` lists the
# message among the records. Then, on the real clock, an agent goes stale
# with no file changed at all: the check's own deadline brings the line.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-02-20T14:22:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/foreman-acp")
mkdir -p "$proj/agent_workspaces/Agent-3"
printf '{"schema_version": 2, "agent": "Agent-3", "fsm": "core", "state": "READY", "updated": "2026-02-20T14:20:00"}\n' \
	> "$proj/agent_workspaces/Agent-3/state.json"
"$LW_BIN" -C "$proj" events --follow --json > "$E2E_TMP/events.out" 2> "$E2E_TMP/events.err" &
events_pid=$!
trap 'kill $events_pid 2>/dev/null; e2e_cleanup' EXIT
start_hud 160 45 -C "$proj"
wait_for '─ Agents \(4\)'
wait_for 'myhost:41234'
# A first change both have seen: from here on, events --follow is following.
a3=$proj/agent_workspaces/Agent-3/state.json
sed 's/"READY"/"IDLE"/' "$a3" > "$a3.new" && mv "$a3.new" "$a3"
wait_until 20 "events --follow to follow" grep -q '"subject": "Agent-3", "kind": "agent_status"' "$E2E_TMP/events.out"
wait_for 'Agent-3 +core +IDLE'

# Another writer: Agent-2 back to work with its last update an hour behind the
# clock; the lease's heartbeat likewise; Agent-3 gone; a message for Agent-2.
a2=$proj/agent_workspaces/Agent-2/state.json
sed -e 's/"state": "AWAITING_APPROVAL"/"state": "EXECUTING_TASK"/' -e 's/"updated": "2026-02-20T14:10:00"/"updated": "2026-02-20T13:00:00"/' \
	"$a2" > "$a2.new" && mv "$a2.new" "$a2"
leases=$proj/.taskfactory/factory/execution-leases.json
sed 's/"lastHeartbeatAt": "2026-02-20T14:21:20.050Z"/"lastHeartbeatAt": "2026-02-20T13:00:00.000Z"/' "$leases" > "$leases.new" \
	&& mv "$leases.new" "$leases"
rm -r "$proj/agent_workspaces/Agent-3"
mkdir -p "$proj/agent_workspaces/Agent-2/inbox"
# Made whole, then named (temp + rename): written in place, a reload that
# falls between the create and the write (a busy machine) rightly counts
# a message it cannot read yet, "inbox 1 (+1)", the count line this test
# says the message replaces.
msg=$proj/agent_workspaces/Agent-2/inbox/msg_20260220_142130_Agent-5_to_Agent-2.json
printf '{"type": "task", "from": "Agent-5", "to": "Agent-2", "timestamp": "2026-02-20T14:21:30", "summary": "Rerun the suite\\nthen \\u001b[31mattach\\u001b[0m the log"}\n' \
	> "$msg.new" && mv "$msg.new" "$msg"

keys F
wait_for 'Activity: [0-9]+ of [0-9]+ lines'
wait_for 'acp Agent-2 agent_stale EXECUTING_TASK, last update 2026-02-20T13:00:00Z \(1h22m ago, stale after 20m\)'
wait_for 'foreman myhost:41234 agent_stale execution lease heartbeat 2026-02-20T13:00:00Z'
wait_for 'acp Agent-3 agent_gone IDLE -> -'
# Its own time; one line, the control characters folded away.
wait_for '14:21:30 acp Agent-2 message Agent-5: task: Rerun the suite then \[31mattach \[0m the log *$'
wait_for 'alert_raised WARN agent_stale'
keys '&' agent_ Enter   # & filters the feed (/ searches it)
wait_for "matching 'agent_'"
wait_gone 'message Agent-5'
keys Escape q
# The agents pane marks the lease's row with the alert about its task; a
# lease that ended reads as how long ago.
wait_for '!foreman myhost:41234 .* lease -1h20m +lease_stale'
keys q
wait_exit 0

wait_until 20 "agent_stale in events --follow --json" \
	grep -q '"system": "acp", "subject": "Agent-2", "kind": "agent_stale", "from": "agent_stale", "to": "EXECUTING_TASK, last update' "$E2E_TMP/events.out"
wait_until 20 "the lease's agent_stale" \
	grep -q '"system": "foreman", "subject": "myhost:41234", "kind": "agent_stale", "from": "lease_stale"' "$E2E_TMP/events.out"
wait_until 20 "agent_gone in events" \
	grep -q '"subject": "Agent-3", "kind": "agent_gone", "from": "IDLE", "to": "-"' "$E2E_TMP/events.out"
wait_until 20 "the message in events" \
	grep -qF '"subject": "Agent-2", "kind": "message", "from": "Agent-5", "to": "task: Rerun the suite then [31mattach [0m the log", "time": "2026-02-20T14:21:30Z"' "$E2E_TMP/events.out"
grep -q '"kind": "message", "from": "inbox' "$E2E_TMP/events.out" && fail "a count line beside the message: $(cat "$E2E_TMP/events.out")"
kill $events_pid; wait $events_pid 2>/dev/null || true

# Without --follow: the messages that carry a time, among the records, oldest first.
"$LW_BIN" -C "$proj" events > "$E2E_TMP/rec.out" || fail "events exited $?"
grep -qF '2026-02-20T14:21:30Z acp Agent-2 message Agent-5 -> task: Rerun the suite then [31mattach [0m the log' "$E2E_TMP/rec.out" \
	|| fail "events: no message: $(cat "$E2E_TMP/rec.out")"
grep -q 'Agent-5 message' "$E2E_TMP/rec.out" && fail "events: a message with no time of its own: $(cat "$E2E_TMP/rec.out")"
cut -d' ' -f1 "$E2E_TMP/rec.out" | sort -c 2>/dev/null || fail "events: not oldest first: $(cat "$E2E_TMP/rec.out")"

# The real clock: an executing agent whose last update crosses acp.stale
# seconds from now, and nothing written after the start. The line comes at
# the check's deadline, in the HUD and in events --follow (an alert already
# raised at the start is the baseline and says nothing: the line proves the
# crossing was seen).
unset LIZA_WATCH_NOW
live=$E2E_TMP/live
mkdir -p "$live/agent_workspaces/Agent-7"
upd=$(date -u -d "@$(( $(date +%s) - 1200 + 12 ))" +%Y-%m-%dT%H:%M:%S)
printf '{"schema_version": 2, "agent": "Agent-7", "fsm": "core", "state": "EXECUTING_TASK", "updated": "%s"}\n' "$upd" \
	> "$live/agent_workspaces/Agent-7/state.json"
"$LW_BIN" -C "$live" events --follow --json > "$E2E_TMP/live.out" 2>/dev/null &
events_pid=$!
new_server
start_hud 160 45 -C "$live"
wait_for '─ Agents \(1\)'
keys F
wait_for 'acp Agent-7 agent_stale EXECUTING_TASK, last update' 40
keys q q
wait_exit 0
wait_until 40 "agent_stale on the real clock in events --follow" \
	grep -q '"subject": "Agent-7", "kind": "agent_stale"' "$E2E_TMP/live.out"
kill $events_pid; wait $events_pid 2>/dev/null || true
exit 0
