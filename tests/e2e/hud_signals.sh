#!/usr/bin/env bash
# The HUD ends cleanly on SIGINT and SIGHUP (terminal restored, status 0),
# and when its terminal goes away (the pane is killed) it exits instead of
# spinning on a dead file descriptor.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
hud_pid() { pgrep -f -n "$(basename "$LW_BIN") -C $proj"; }

for sig in INT HUP; do
	start_hud 120 30 -C "$proj"
	wait_for 'review \(1\)'
	pid=$(hud_pid) || fail "no HUD process"
	kill -"$sig" "$pid"
	wait_exit 0
	[ "$("${TMUX_CMD[@]}" display-message -p -t t '#{alternate_on}')" = 0 ] || fail "alternate screen left on after SIG$sig"
	new_server
done

# The terminal vanishes: kill the pane, the process must be gone soon after.
start_hud 120 30 -C "$proj"
wait_for 'review \(1\)'
pid=$(hud_pid) || fail "no HUD process"
"${TMUX_CMD[@]}" kill-pane -t t
end=$(( $(date +%s) + 10 ))
while kill -0 "$pid" 2>/dev/null; do
	[ "$(date +%s)" -le "$end" ] || fail "the HUD outlived its terminal by 10 s"
	sleep 0.05
done
echo ok
