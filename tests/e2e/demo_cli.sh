#!/usr/bin/env bash
# `demo` without a HUD: the simulated team alone on a project (for tests and
# soak runs), its help, and its usage errors.
set -u
: "${LW_BIN:?}"
tmp=$(mktemp -d /tmp/lw-democli.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
unset LIZA_WATCH_NOW

"$LW_BIN" demo --help | grep -q -- '--no-hud DIR' || fail "demo --help lacks --no-hud"
"$LW_BIN" --help | grep -q 'demo --no-hud DIR' || fail "--help lacks demo --no-hud"

cp -r "$LW_TESTS/../examples" "$tmp/p"
out=$("$LW_BIN" demo --no-hud "$tmp/p" --seed 7 --ticks 40 --interval 5) || fail "--no-hud exited $?"
printf '%s\n' "$out" | grep -q 'seed 7' || fail "the seed is not printed"
printf '%s\n' "$out" | grep -q 'liza: moved .* timestamps' || fail "no rebase on the first tick"
[ "$(printf '%s\n' "$out" | grep -c 'liza: ')" -ge 5 ] || { printf '%s\n' "$out"; fail "too few actions"; }
printf '%s\n' "$out" | grep -q 'tick failed' && { printf '%s\n' "$out"; fail "a tick failed"; }
# What the team wrote is valid Liza state: no invalid_state, no parse error.
"$LW_BIN" -C "$tmp/p" check > "$tmp/check.txt"
rc=$?
[ "$rc" -le 2 ] || fail "check exited $rc"
grep -q 'invalid_state\|parse_error' "$tmp/check.txt" && { cat "$tmp/check.txt"; fail "the team broke an invariant"; }
grep -q 'agent_stale\|stalled' "$tmp/check.txt" && { cat "$tmp/check.txt"; fail "stale alerts after the rebase"; }

# SIGTERM stops a run without a tick budget, cleanly.
"$LW_BIN" demo --no-hud "$tmp/p" --interval 20 > "$tmp/run.txt" &
pid=$!
# Its handler is in place once it ticks (a tick's line); before that a
# SIGTERM would be the default's, whatever the load.
end=$(( $(date +%s) + 60 ))
until grep -q '^[0-9T:-]*Z ' "$tmp/run.txt" 2>/dev/null; do
	[ "$(date +%s)" -lt "$end" ] || { kill "$pid"; fail "demo --no-hud never ticked: $(cat "$tmp/run.txt")"; }
	sleep 0.05
done
kill -TERM "$pid"
wait "$pid" || fail "SIGTERM: exit $?"

# Usage errors exit 2; no project exits 3.
"$LW_BIN" demo --ticks 5 2>/dev/null; [ $? -eq 2 ] || fail "--ticks without --no-hud"
"$LW_BIN" demo --no-hud 2>/dev/null; [ $? -eq 2 ] || fail "--no-hud without a folder"
"$LW_BIN" demo --no-hud "$tmp/p" --keep 2>/dev/null; [ $? -eq 2 ] || fail "--keep with --no-hud"
"$LW_BIN" demo --no-hud "$tmp/p" --ticks 0 2>/dev/null; [ $? -eq 2 ] || fail "--ticks 0"
mkdir "$tmp/empty"
"$LW_BIN" demo --no-hud "$tmp/empty" --ticks 1 2>/dev/null; [ $? -eq 3 ] || fail "no state to simulate"
# The HUD form needs a terminal.
"$LW_BIN" demo </dev/null >/dev/null 2>"$tmp/err.txt"; [ $? -eq 2 ] || fail "demo without a terminal"
grep -q 'needs a terminal' "$tmp/err.txt" || fail "no terminal message"
exit 0
