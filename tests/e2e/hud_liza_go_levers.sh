#!/usr/bin/env bash
# Today's Liza's levers from the HUD, as typed from inside the project (no
# -C): p pauses and the alert says it was the operator's own, with the key
# that answers it (the user's journal proves it, never the project); p
# resumes; C takes a sprint checkpoint, c ends it; U turns auto-resume on;
# A stops. Each writes state.yaml as Liza's ops functions do.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z
export XDG_STATE_HOME=$E2E_TMP/state
proj=$(make_project "$LW_TESTS/fixtures/liza-go/basic")
st=$proj/.liza/state.yaml
cd "$proj" || fail "cd $proj"
HUD_DIR=$proj start_hud 160 45 --as human
wait_for 'p pause'
keys p
wait_for 'pause every liza agent\? \[y/N\]'
keys y
wait_for 'config.mode: RUNNING -> PAUSED'
wait_for 'paused by you just now — p resumes'
grep -q '^  mode: PAUSED$' "$st" || fail "not paused: $(grep mode "$st")"
# check and the tmux line still count it; minutes later it says how long.
rc=0; LIZA_WATCH_NOW=2026-11-25T10:03:30Z "$LW_BIN" check > "$E2E_TMP/check.txt" || rc=$?
[ $rc -eq 2 ] || fail "check must still exit 2 on the pause, not $rc"
grep -q 'CRIT liza awaiting_human mode: paused by you 3m ago — p resumes' "$E2E_TMP/check.txt" ||
  fail "check: $(cat "$E2E_TMP/check.txt")"
cp "$st" "$E2E_TMP/paused.yaml"
keys p
wait_for 'resume every liza agent\? \[y/N\]'
keys y
wait_for 'PAUSED -> RUNNING|resumed from PAUSED'
wait_gone 'CRIT +[0-9]+[smhd]? +liza awaiting_human'
grep -q '^  mode: RUNNING$' "$st" || fail "not resumed"
keys C
wait_for 'checkpoint the liza sprint: the agents pause\? \[y/N\]'
keys y
wait_for 'sprint IN_PROGRESS -> CHECKPOINT'
grep -q '^  status: CHECKPOINT$' "$st" || fail "no checkpoint: $(grep -n status: "$st" | tail -3)"
grep -q 'checkpoint_at: "2026-11-25T10:00:00Z"' "$st" || fail "no checkpoint_at"
wait_for 'CHECKPOINT: agents paused'
keys c
wait_for 'end the liza checkpoint: the sprint goes on\? \[y/N\]'
keys y
wait_for 'resumed from CHECKPOINT'
grep -q '^  status: IN_PROGRESS$' "$st" || fail "checkpoint not ended"
keys U
wait_for 'turn auto-resume on for liza: a checkpoint resumes by itself after 6m\? \[y/N\]'
keys y
wait_for 'config.auto_resume: false -> true'
grep -q '^  auto_resume: true$' "$st" || fail "auto_resume not on"
keys A
wait_for 'abort liza: every agent exits. Sure\? \[y/N\]'
keys y
wait_for 'RUNNING -> STOPPED'
grep -q '^  mode: STOPPED$' "$st" || fail "not stopped"
for a in paused resumed sprint_checkpoint auto_resume_enabled stopped; do
  grep -q "action: $a\$" "$proj/.liza/log.yaml" || fail "log.yaml has no $a entry"
done
"$LW_BIN" check > "$E2E_TMP/check.txt"
grep -q 'invalid_state' "$E2E_TMP/check.txt" && fail "a lever broke the state: $(cat "$E2E_TMP/check.txt")"
# The journal is the user's, never the project's.
ls "$XDG_STATE_HOME"/liza-watch/journal/*.log > /dev/null || fail "no journal in the user's state folder"
[ -z "$(find "$proj" -name '*.log' -newer "$E2E_TMP/paused.yaml" | grep -v '/.liza/log' )" ] || fail "a journal in the project"
keys q
wait_exit 0
# A pause the journal does not prove (written by another since) is just Liza's alert.
sed 's/^  mode: STOPPED$/  mode: PAUSED/; s/^  mode_changed_by: human$/  mode_changed_by: someone-else/' "$st" > "$st.new" &&
  mv "$st.new" "$st"
"$LW_BIN" check > "$E2E_TMP/check.txt"
grep -q "CRIT liza awaiting_human mode: system mode is PAUSED; run 'liza resume'" "$E2E_TMP/check.txt" ||
  fail "another's pause: $(grep awaiting "$E2E_TMP/check.txt")"
