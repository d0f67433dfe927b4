#!/usr/bin/env bash
# Alert triage: next-alert (N) selects the most severe alert not yet
# acknowledged and its task, the next on each press; ack (K) acknowledges
# the selected alert with a reason: it stays listed, marked 'ack', and is
# counted apart (ACK 1) in the header, in status --tmux and in check --json
# ("acked": true; check's exit code unchanged). The mark lives in
# $XDG_STATE_HOME/liza-watch/acks, survives a restart, writes nothing in
# the project, and ends when the alert clears: raised again, it alerts again.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
export XDG_STATE_HOME=$E2E_TMP/state
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
state=$proj/.liza/state.yaml
cp "$state" "$E2E_TMP/good.yaml"
# ready-1 claimed without the fields a claim writes: a CRIT invalid_state.
sed 's/status: UNCLAIMED/status: CLAIMED/' "$E2E_TMP/good.yaml" > "$E2E_TMP/bad.yaml"
cp "$E2E_TMP/bad.yaml" "$state"
fingerprint() { (cd "$proj" && find . -type f ! -name '*.lock' -print0 | sort -z | xargs -0 sha1sum; find . | sort) | sha1sum; }
before=$(fingerprint)

start_hud 160 45 -C "$proj"
wait_for 'CRIT 1  WARN 1'
keys N
wait_for 'CRIT invalid_state ready-1 \(1 of 2; K acknowledges it\)'
keys N
wait_for 'WARN blocked blocked-1 \(2 of 2'
keys N
wait_for 'CRIT invalid_state ready-1 \(1 of 2'
keys K
wait_for 'acknowledge invalid_state ready-1'
keys -l 'looking into it'
keys Enter
wait_for 'acknowledged invalid_state ready-1: looking into it \(until it clears\)'
wait_for 'CRIT 0  WARN 1  INFO 0  ACK 1'
wait_for ' ack +[0-9a-z]+ liza invalid_state ready-1'
keys N
wait_for 'WARN blocked blocked-1 \(2 of 2'   # the acknowledged one is passed over
grep -q 'invalid_state' "$XDG_STATE_HOME/liza-watch/acks" || fail "no acks file in the state folder"
keys q
wait_exit 0
[ "$(fingerprint)" = "$before" ] || fail "the project changed: an acknowledgement is never written there"

# A restart: still acknowledged.
new_server
start_hud 160 45 -C "$proj"
wait_for 'CRIT 0  WARN 1  INFO 0  ACK 1'
keys q
wait_exit 0

# The commands see it; check's exit code is what the alerts make it.
out=$("$LW_BIN" -C "$proj" check --json); rc=$?
[ "$rc" -eq 2 ] || fail "check exit $rc, want 2 (a CRIT, acknowledged or not)"
echo "$out" | grep -o '"code": "invalid_state"[^}]*}' | grep -q '"subject": "ready-1", .*"acked": true}' || fail "check --json: $out"
echo "$out" | grep -o '"code": "blocked"[^}]*}' | grep -q '"acked"' && fail "check --json: blocked is not acknowledged: $out"
line=$(LIZA_WATCH_CACHE=0 "$LW_BIN" -C "$proj" status --tmux)
echo "$line" | grep -q '1 ack' || fail "status --tmux: $line"
echo "$line" | grep -q 'CRIT' && fail "status --tmux counts the acknowledged CRIT: $line"

# The alert clears while the HUD watches: the acknowledgement ends; raised
# again, it alerts again.
new_server
start_hud 160 45 -C "$proj"
wait_for 'ACK 1'
cp "$E2E_TMP/good.yaml" "$state.new"; mv "$state.new" "$state"
wait_for 'CRIT 0  WARN 1  INFO 0  reloaded'
wait_until 20 "the acknowledgement to end" sh -c "! grep -q invalid_state '$XDG_STATE_HOME/liza-watch/acks'"
cp "$E2E_TMP/bad.yaml" "$state.new"; mv "$state.new" "$state"
wait_for 'CRIT 1  WARN 1  INFO 0  reloaded'
wait_for 'alert_raised CRIT invalid_state'
keys q
wait_exit 0
exit 0
