#!/usr/bin/env bash
# What the operator did is in the record (issue 36, item 8): a pause and a
# resume, an ACP approve, an RCS clear and an AoT redirect done through
# liza-watch, typed as a user does (cd into a copy of examples/, no -C), are
# in `events` and `events --json` with who and what, kept in the user's
# state folder (core/model/journal.h) — nothing more is written in the
# project than the systems' own files. A line of the journal that does not
# read is skipped with one message. A pause from the HUD shows in its feed.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
ex=$(cd "$LW_TESTS/../examples" && pwd)
home=$E2E_TMP/home proj=$E2E_TMP/home/proj
export HOME=$home NO_COLOR=1
unset XDG_STATE_HOME
mkdir -p "$proj" && cp -a "$ex/." "$proj/"
cd "$proj" || fail "no project copy"
before=$(find . | sort)

"$LW_BIN" transition liza pause > /dev/null || fail "pause"
"$LW_BIN" transition liza resume > /dev/null || fail "resume"
"$LW_BIN" --as operator-1 approve acp:Agent-2 > /dev/null || fail "acp approve"
"$LW_BIN" transition rcs:forge clear --all-sessions > /dev/null || fail "rcs clear"
"$LW_BIN" transition aot redirect --reason "sessions, not JWT" > /dev/null || fail "aot redirect"
# A refusal is the operator's act too: said as denied or failed, nothing written.
"$LW_BIN" approve acp:Agent-2 > /dev/null 2>&1 && fail "a second approve of Agent-2 succeeded"

[ "$(find . | sort)" = "$before" ] || fail "the project's files changed in name: $(diff <(echo "$before") <(find . | sort))"
grep -rlq $'^lw1\t' . && fail "a journal line inside the project: $(grep -rl $'^lw1\t' .)"
ls "$home"/.local/state/liza-watch/journal/*.log > /dev/null 2>&1 || fail "no journal in the user's state folder"

out=$("$LW_BIN" events 2> "$E2E_TMP/err") || fail "events exited $?: $(cat "$E2E_TMP/err")"
[ -s "$E2E_TMP/err" ] && fail "events said: $(cat "$E2E_TMP/err")"
for want in 'liza operator human -> pause: done' 'liza operator human -> resume: done' \
	'acp Agent-2 operator operator-1 -> approve: done' 'rcs forge operator human -> clear: done' \
	'aot operator human -> redirect: done' 'acp Agent-2 operator human -> approve: (denied|failed)'; do
	grep -Eq -- "$want" <<<"$out" || fail "events: no /$want/: $out"
done
# In the order done.
order=$(grep ' operator ' <<<"$out" | sed 's/.*-> //' | tr '\n' ' ')
[[ $order =~ ^"pause: done resume: done approve: done clear: done redirect: done approve: "(denied|failed)" "$ ]] ||
	fail "events: not in the order done: $order"

json=$("$LW_BIN" events --json) || fail "events --json exited $?"
grep -q '"system": "liza", "subject": "", "kind": "operator", "from": "human", "to": "pause: done", "time": "2026-01-20T10:20:00Z", "origin": "liza-watch"}' <<<"$json" ||
	fail "events --json: no pause with its origin: $json"
grep -q '"system": "acp", "subject": "Agent-2", "kind": "operator", "from": "operator-1", "to": "approve: done"' <<<"$json" ||
	fail "events --json: no ACP approve by operator-1: $json"
grep '"kind": "status"' <<<"$json" | grep -q origin && fail "events --json: a file's event says it is ours: $json"

# A line that does not read (a torn write, another version): skipped, said once.
j=$(ls "$home"/.local/state/liza-watch/journal/*.log)
printf 'garbage\nlw1\tnot-a-time\n' >> "$j"
out=$("$LW_BIN" events 2> "$E2E_TMP/err") || fail "events with a bad journal line exited $?"
[ "$(wc -l < "$E2E_TMP/err")" -eq 1 ] && grep -q '2 lines that do not read skipped' "$E2E_TMP/err" ||
	fail "events: not one message for the bad lines: $(cat "$E2E_TMP/err")"
grep -q 'pause: done' <<<"$out" || fail "events: a bad line lost the good ones: $out"
# A planted line naming another project: not this one's.
printf 'lw1\t1768904400\t/elsewhere\tliza\t-\tabort\thuman\tdone\n' >> "$j"
"$LW_BIN" events 2>/dev/null | grep -q 'abort' && fail "events: a line of another root shown"

# events --follow: the actions from then on, as their writes' changes come
# (the pause's line is read at the latest on the resume's change).
"$LW_BIN" events --follow --json > "$E2E_TMP/follow.out" 2>&1 &
fpid=$!
trap 'kill $fpid 2>/dev/null; e2e_cleanup' EXIT
# It prints nothing at start: a pause (and a resume) again until one is
# seen, so an action before the follower's first load is no failure.
printed() { grep -q '"kind": "operator", "from": "ops-2", "to": "pause: done", .*"origin": "liza-watch"' "$E2E_TMP/follow.out"; }
end=$(( $(date +%s) + 30 ))
until printed; do
	[ "$(date +%s)" -le "$end" ] || fail "events --follow printed no pause: $(cat "$E2E_TMP/follow.out")"
	"$LW_BIN" --as ops-2 transition liza pause > /dev/null || fail "pause (follow)"
	"$LW_BIN" transition liza resume > /dev/null || fail "resume (follow)"
	for _ in $(seq 40); do printed && break; sleep 0.05; done
done
grep -q '"to": "approve: done"' "$E2E_TMP/follow.out" && fail "events --follow printed what was done before it: $(cat "$E2E_TMP/follow.out")"
kill $fpid; wait $fpid 2>/dev/null

# The journal itself is watched: a line appended to it (as another
# liza-watch does) is printed with no change to the project's files.
"$LW_BIN" events --follow > "$E2E_TMP/journal.out" 2>&1 &
fpid=$!
root=$(pwd -P)
end=$(( $(date +%s) + 30 ))
n=0
until grep -q 'liza operator ops-9 -> checkpoint: done' "$E2E_TMP/journal.out"; do
	[ "$(date +%s)" -le "$end" ] || fail "events --follow: a journal line alone was not printed: $(cat "$E2E_TMP/journal.out")"
	# Again until seen: a line before the follower's start is not news.
	n=$((n + 1))
	printf 'lw1\t%s\t%s\tliza\t-\tcheckpoint\tops-9\tdone\n' "$((1768904400 + n))" "$root" >> "$j"
	for _ in $(seq 40); do grep -q 'ops-9' "$E2E_TMP/journal.out" && break; sleep 0.05; done
done
kill $fpid; wait $fpid 2>/dev/null

# --poll: a pause and a resume between two polls leave the project's files
# as they were (the follower is stopped meanwhile, so no poll falls between
# them); only the journal says they happened, and it is polled too.
"$LW_BIN" --poll=100 events --follow --json > "$E2E_TMP/poll.out" 2>&1 &
fpid=$!
polled() { grep -q '"from": "ops-3", "to": "pause: done"' "$E2E_TMP/poll.out"; }
end=$(( $(date +%s) + 30 ))
until polled; do
	[ "$(date +%s)" -le "$end" ] || fail "events --follow --poll: a pause and resume between polls not printed: $(cat "$E2E_TMP/poll.out")"
	kill -STOP $fpid
	"$LW_BIN" --as ops-3 transition liza pause > /dev/null || { kill -CONT $fpid; fail "pause (poll)"; }
	"$LW_BIN" transition liza resume > /dev/null || { kill -CONT $fpid; fail "resume (poll)"; }
	kill -CONT $fpid
	for _ in $(seq 40); do polled && break; sleep 0.05; done
done
kill $fpid; wait $fpid 2>/dev/null

# The HUD: its own write is in its feed when it completes.
HUD_DIR=$proj start_hud 160 45
wait_for 'liza'
keys p; wait_for 'pause every liza agent\? \[y/N\]'; keys y
wait_for 'created \.liza/PAUSE'
wait_for 'liza +operator human: pause: done'
keys q
wait_exit 0
"$LW_BIN" events | grep -q 'liza operator human -> pause: done' || fail "events: no pause by human"
[ "$("$LW_BIN" events | grep -c 'liza operator human -> pause: done')" -eq 2 ] || fail "events: the HUD's pause not in the journal"
