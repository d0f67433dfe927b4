#!/usr/bin/env bash
# The activity feed: another process changes a task's status and appends a
# log entry; the HUD's feed shows both, with the time seen, the full-screen
# feed (F) scrolls and filters, and `events --follow --json` prints both as
# JSON objects. The agents pane lists the agents; moving onto one selects
# its task.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
export XDG_STATE_HOME=$E2E_TMP/state
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
"$LW_BIN" -C "$proj" events --follow --json > "$E2E_TMP/events.out" 2> "$E2E_TMP/events.err" &
events_pid=$!
trap 'kill $events_pid 2>/dev/null; e2e_cleanup' EXIT
start_hud 160 45 -C "$proj"
wait_for 'review \(1\)'
wait_for '─ Agents \(2\)'
wait_for 'coder-1 +coder +WORKING +active-1 +hb 1m +lease 20m'
wait_gone '─ Activity'          # nothing has happened yet: no rows taken

# Another writer: a status by rename (as yq -i does), a log entry appended.
sed 's/status: UNCLAIMED/status: DRAFT/' "$proj/.liza/state.yaml" > "$proj/.liza/state.yaml.new"
mv "$proj/.liza/state.yaml.new" "$proj/.liza/state.yaml"
printf -- '- timestamp: "2026-01-20T10:19:00Z"\n  agent: planner-1\n  action: rescoped\n  task: ready-1\n  detail: back to draft\n' >> "$proj/.liza/log.yaml"
wait_for '─ Activity \([0-9]+\)'
wait_for '10:20:00 liza ready-1 status UNCLAIMED -> DRAFT'
wait_for '10:19:00 liza ready-1 log planner-1: rescoped: back to draft'

# Full screen: every line, a filter.
keys F
wait_for 'Activity: [0-9]+ of [0-9]+ lines'
keys '&' log Enter   # & filters the feed (/ searches it)
wait_for "matching 'log'"
wait_gone 'status UNCLAIMED -> DRAFT'
wait_for 'planner-1: rescoped'
keys Escape
wait_for 'status UNCLAIMED -> DRAFT'
keys q
wait_for '─ Agents \(2\)'

# The agents pane: S-Tab from the board; its first agent's task is selected.
keys BTab
wait_for '─ Agents \(2\)'
keys Down Up Enter
wait_for 'active-1'
wait_for 'Being written now'
keys Escape q
wait_exit 0

# events --follow --json saw both, one object a line.
wait_until 20 "events --follow --json to print both" \
	grep -q '"subject": "ready-1", "kind": "status", "from": "UNCLAIMED", "to": "DRAFT"' "$E2E_TMP/events.out"
wait_until 20 "the log entry in events" \
	grep -q '"subject": "ready-1", "kind": "log", "from": "planner-1", "to": "rescoped: back to draft", "time": "2026-01-20T10:19:00Z"' "$E2E_TMP/events.out"
kill $events_pid; wait $events_pid 2>/dev/null || true

# Without --follow: what the files record, oldest first.
"$LW_BIN" -C "$proj" events > "$E2E_TMP/rec.out" || fail "events exited $?"
cut -d' ' -f1 "$E2E_TMP/rec.out" | sort -c 2>/dev/null || fail "events: not oldest first: $(cat "$E2E_TMP/rec.out")"
grep -q 'review-1 history coder-2 -> submitted_for_review' "$E2E_TMP/rec.out" || fail "events: no task history: $(cat "$E2E_TMP/rec.out")"
tail -1 "$E2E_TMP/rec.out" | grep -q 'rescoped' || fail "events: the newest last: $(tail -3 "$E2E_TMP/rec.out")"
"$LW_BIN" -C "$proj" events --json | head -1 | grep -q '^{"project": null, "system": "liza", "subject": "active-1", "kind": "history", "from": "coder-1", "to": "claimed", "time": "2026-01-20T09:06:00Z"}$' || fail "events --json"
"$LW_BIN" -C "$proj" events --help | grep -q '^usage: liza-watch .*events \[--follow\] \[--json\]' || fail "events --help"
"$LW_BIN" -C "$proj" events --bogus 2>/dev/null; [ $? -eq 2 ] || fail "events --bogus: not a usage error"
[ ! -e "$XDG_STATE_HOME/liza-watch/acks" ] || fail "nothing was acknowledged, yet an acks file"
exit 0
