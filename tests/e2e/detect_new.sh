#!/usr/bin/env bash
# A system whose state appears later is picked up by an event, not a timer:
# the folders its state would be made in are watched (live/live.c), so an
# idle watcher never wakes to look. Here .claude/ exists (Claude Code makes
# it) before the AoT state file is written in it, and agent_workspaces/X/
# exists before its state.json: each is seen within 5 s (the old poll took
# 10 s), by a status --follow that prints a line per change.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-detect.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
cp -r "$LW_TESTS/fixtures/hud/basic/." "$tmp/"
mkdir -p "$tmp/.claude" "$tmp/agent_workspaces/Agent-9"
wait_until() {
	local desc=$1 secs=$2; shift 2
	local end=$(( $(date +%s) + secs ))
	while [ "$(date +%s)" -le "$end" ]; do "$@" && return 0; sleep 0.05; done
	fail "not within ${secs} s: $desc"
}
"$LW_BIN" -C "$tmp" status --follow > "$tmp/out" 2>"$tmp/err" & pids+=($!)
wait_until "the first line" 10 grep -q 'liza' "$tmp/out"
cp "$LW_TESTS/fixtures/aot/running/.claude/aot-loop-state.md" "$tmp/.claude/aot-loop-state.md"
wait_until "aot in the status line" 5 grep -q 'aot' "$tmp/out"
cp "$LW_TESTS/fixtures/hud/foreman-acp/agent_workspaces/Agent-2/state.json" "$tmp/agent_workspaces/Agent-9/state.json"
wait_until "acp in the status line" 5 grep -q 'acp' "$tmp/out"
grep -q 'aot state found' "$tmp/err" || fail "no word that aot was found: $(cat "$tmp/err")"
echo ok
