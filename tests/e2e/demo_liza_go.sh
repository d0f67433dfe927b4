#!/usr/bin/env bash
# `liza-watch demo --liza-go`: the HUD on the copy's project of today's Liza,
# its simulated team moving the board on the real clock (the example's
# times moved to now on the first tick), with no invalid state on the way.
. "$(dirname "$0")/../tmux-lib.sh"
unset LIZA_WATCH_NOW
app=$E2E_TMP/app
mkdir -p "$app" "$E2E_TMP/tmp"
cp "$LW_BIN" "$app/liza-watch"
cp -r "$LW_TESTS/../examples" "$app/examples"
LW_BIN=$app/liza-watch
export TMPDIR=$E2E_TMP/tmp
start_hud 160 40 --as code-reviewer-9 demo --liza-go --seed 4
wait_for 'review \(' 15
copy=$(ls -d "$TMPDIR"/liza-watch-demo.* 2>/dev/null | head -1)
[ -f "$copy/examples/liza-go/.liza/pipeline.yaml" ] || fail "the demo is not on the liza-go project"
wait_for 'q[0-9]/2' 10                 # quorum progress on a card of the quorum-2 pair
# the team moves: a log line of its own appears
wait_for_file() { for _ in $(seq 1 100); do grep -q "$1" "$2" 2>/dev/null && return 0; sleep 0.2; done; return 1; }
wait_for_file 'action: sim' "$copy/examples/liza-go/.liza/log.yaml" || fail "the simulated team did not act"
screen | grep -q 'invalid_state' && fail "the team wrote an invalid state"
keys q
wait_exit 0
