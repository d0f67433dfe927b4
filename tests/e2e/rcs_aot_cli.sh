#!/usr/bin/env bash
# RCS and AoT from the command line: check lines and exit codes, the status
# segments (team+forge, aot 5/20 stall 0/3), transitions with the exit codes
# of docs/design.md (0 done, 1 denied and nothing written, 2 usage), options after
# the operands (--all-sessions), and a half-written AoT file as exit 3.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-rcsaot.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-04-09T00:20:00Z
cp -r "$LW_TESTS/fixtures/rcs/team-forge" "$tmp/p"
cp -r "$LW_TESTS/fixtures/aot/running/.claude" "$tmp/p/"
s1=$tmp/p/.rcs/state/sessions/s1
lw() { "$LW_BIN" -C "$tmp/p" "$@"; }
expect_rc() { local want=$1; shift; "$@" >"$tmp/out" 2>&1; local rc=$?; [ "$rc" -eq "$want" ] || { cat "$tmp/out"; fail "'$*' exited $rc, not $want"; }; }
sums() { find "$tmp/p" -type f ! -name '*.lock' -exec md5sum {} + | sort; }

expect_rc 0 lw check
[ -s "$tmp/out" ] && fail "quiet state printed: $(cat "$tmp/out")"
expect_rc 0 lw status
grep -qx 'rcs: team+forge, 1 backlog, 1 active | aot: 5/20 stall 0/3, 1 backlog, 1 ready, 1 active, 2 done | ok' "$tmp/out" \
	|| fail "status: $(cat "$tmp/out")"
# Forty minutes on: both members' sessions are stale, the worker too.
LIZA_WATCH_NOW=2026-04-09T01:00:00Z expect_rc 1 lw check
grep -qx 'WARN rcs session_stale team: last turn 45m old (stale after 30m)' "$tmp/out" || fail "stale team: $(cat "$tmp/out")"
grep -q '^WARN rcs session_stale forge: ' "$tmp/out" || fail "stale forge"
grep -q '^WARN rcs worker_stale worker-1: ' "$tmp/out" || fail "stale worker"

# A denied overlap: exit 1, both surfaces named, not a byte written.
before=$(sums)
expect_rc 1 lw transition rcs:autopilot activate
grep -q "rcs state clear" "$tmp/out" && grep -qF 'rcs_state.*' "$tmp/out" || fail "denial: $(cat "$tmp/out")"
expect_rc 1 lw transition rcs:ultrawork activate
[ "$(sums)" = "$before" ] || fail "a denial wrote"
expect_rc 2 lw transition rcs clear
expect_rc 2 lw transition rcs:forge pause
expect_rc 2 lw transition rcs:nonsense activate

# Clear forge in every session (the option after the operands): team stays.
expect_rc 0 lw transition rcs:forge clear --all-sessions
grep -q 'cleared forge .*active now: team' "$tmp/out" || fail "clear: $(cat "$tmp/out")"
expect_rc 1 lw transition rcs:forge clear
expect_rc 0 lw transition rcs:ultrawork activate
expect_rc 0 lw status
grep -q '^rcs: team+ultrawork,' "$tmp/out" || fail "status after: $(cat "$tmp/out")"

# AoT: atom moves, the deps guard, stop and redirect.
expect_rc 0 lw transition aot:A2 start
expect_rc 1 lw transition aot:A5 start
grep -q 'A5 waits on A4 (in_progress): start it anyway with --force' "$tmp/out" || fail "deps: $(cat "$tmp/out")"
expect_rc 0 lw transition aot:A5 start --force
expect_rc 0 lw transition aot:A4 resolve
expect_rc 1 lw transition aot:A4 resolve
expect_rc 2 lw transition aot:A9 start
expect_rc 2 lw transition aot redirect
expect_rc 0 lw transition aot stop --reason 'done for today'
expect_rc 0 lw transition aot redirect --reason 'sessions, not JWT'
expect_rc 0 lw check
grep -q '^INFO aot stop_requested control: stop requested: done for today' "$tmp/out" || fail "stop alert"
tail -n 3 "$tmp/p/.claude/aot-loop-state.md" | grep -q 'Please implement user authentication feature.' || fail "body lost"

# Caught mid-write: exit 3 with the reason; whole again: fine.
cp "$tmp/p/.claude/aot-loop-state.md" "$tmp/whole"
sed -i '/^---$/{x;s/^/x/;/^xx$/{x;d};x}' "$tmp/p/.claude/aot-loop-state.md"   # drop the closing ---
expect_rc 3 lw check
grep -q "^CRIT aot parse_error .*not ready: the front matter has no closing '---' line yet" "$tmp/out" || fail "not ready: $(cat "$tmp/out")"
cp "$tmp/whole" "$tmp/p/.claude/aot-loop-state.md"
expect_rc 0 lw check
echo ok
