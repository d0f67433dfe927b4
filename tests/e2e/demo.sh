#!/usr/bin/env bash
# `liza-watch demo` as a newcomer meets it: the binary finds examples/ beside
# itself, the HUD opens on its two projects (the five systems, and today's Go
# Liza in examples/liza-go), the board changes on its own (the simulated team) at least twice
# within 20 s, the task left waiting in review is approved from the keyboard
# and then merged by the team, q exits cleanly, the team stops with the HUD
# and the temporary copy is removed.
. "$(dirname "$0")/../tmux-lib.sh"
unset LIZA_WATCH_NOW          # the team lives on the real clock

# An install-like layout: the binary with examples/ beside it.
app=$E2E_TMP/app
mkdir -p "$app" "$E2E_TMP/tmp"
cp "$LW_BIN" "$app/liza-watch"
cp -r "$LW_TESTS/../examples" "$app/examples"
LW_BIN=$app/liza-watch
export TMPDIR=$E2E_TMP/tmp    # where the demo's copy goes, so we can see it go

start_hud 140 40 --as code-reviewer-9 demo --interval 1000   # the test's pace, not a person's
wait_for 'backlog \(' 15
# It says it is a simulation, and P pauses the team (and resumes it).
wait_for '^ DEMO: simulated agents '
wait_for 'P pause demo'
keys P
wait_for 'simulated agents paused \(P resumes them\)'
wait_for '^ DEMO: simulated agents \(paused\)'
keys P
wait_for 'simulated agents resumed'
copy=$(ls -d "$TMPDIR"/liza-watch-demo.* 2>/dev/null | head -1)
[ -n "$copy" ] && [ -f "$copy/examples/.liza/state.yaml" ] || fail "no demo copy in $TMPDIR"
[ -f "$copy/simulator.log" ] || fail "no simulator.log beside the copy"

# Every system of the bundled project has its workflow on screen, and so has
# the project of today's Liza beside it.
for sys in liza rcs aot foreman acp; do wait_for "^ examples/$sys +[^ ]"; done
wait_for '^ liza-go/liza +sprint-1 '
[ -f "$copy/examples/liza-go/.liza/pipeline.yaml" ] || fail "no project of today's Liza in the copy"

# The board (lane headers and cards, not the header's reload time) changes
# at least twice on its own. A deadline, not a promise of speed: the team
# ticks every second or two, slower when both cores are busy.
board() { screen | sed -n '/backlog (/,/Alerts (/p'; }
declare -A seen=()
n=0 end=$(( $(date +%s) + 60 ))
while [ "$(date +%s)" -lt "$end" ] && [ "$n" -lt 3 ]; do
	b=$(board)
	if [ -n "$b" ] && [ -z "${seen[$b]+x}" ]; then seen[$b]=1; n=$((n + 1)); fi
	sleep 0.2
done
[ "$n" -ge 3 ] || fail "the board changed $((n - 1)) times in 60 s, want 2"

# Each system's simulated team acts (its own lines in the team's log).
for sys in liza rcs aot foreman acp liza-go/liza; do
	wait_until 60 "the $sys team's first line in $copy/simulator.log" grep -q "Z $sys: " "$copy/simulator.log"
done

# The task waiting longest for review is the operator's: it is selected at
# start and stays in review until we act.
st=$copy/examples/.liza/state.yaml
status_of() { awk -v id="$1" '$0 ~ "- id: "id"$" {f=1} f && /status:/ {print $2; exit}' "$st"; }
[ "$(status_of user-api)" = READY_FOR_REVIEW ] || fail "user-api left review without the operator"
keys Escape
wait_for 'a approve +r reject'
keys a
wait_for 'approve examples/liza:user-api as code-reviewer-9\? \[y/N\]'
keys y
wait_for 'user-api: READY_FOR_REVIEW -> APPROVED'
# The team merges what the operator approved; it writes the state first and
# its log line after, so each is waited for on its own.
merged() { [ "$(status_of user-api)" = MERGED ]; }
wait_until 60 "user-api merged (it is $(status_of user-api))" merged
wait_until 30 "the merge in the team's log" grep -q 'merged user-api' "$copy/simulator.log"

keys q
wait_exit 0
screen | grep -q 'stopped early' && fail "the simulated team died"
[ ! -e "$copy" ] || fail "the demo copy $copy was not removed"
diff -r "$LW_TESTS/../examples" "$app/examples" >/dev/null || fail "the demo wrote into examples/ itself"
pgrep -f "^$app/liza-watch" >/dev/null && fail "a demo process outlived the HUD"
exit 0
