#!/usr/bin/env bash
# The HUD ends cleanly on SIGINT and SIGHUP (terminal restored), with the
# status a shell gives a process the signal ended: 128 + N (C-c: 130),
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
	wait_exit $((128 + $(kill -l "$sig")))
	[ "$("${TMUX_CMD[@]}" display-message -p -t t '#{alternate_on}')" = 0 ] || fail "alternate screen left on after SIG$sig"
	new_server
done

# C-c typed on the terminal: SIGINT from the tty, exit 130, screen restored.
start_hud 120 30 -C "$proj"
wait_for 'review \(1\)'
keys C-c
wait_exit 130
[ "$("${TMUX_CMD[@]}" display-message -p -t t '#{alternate_on}')" = 0 ] || fail "alternate screen left on after C-c"
new_server

# q quits with 0.
start_hud 120 30 -C "$proj"
wait_for 'review \(1\)'
keys q
wait_exit 0
new_server

# The terminal vanishes: kill the pane, the process must be gone soon after.
start_hud 120 30 -C "$proj"
wait_for 'review \(1\)'
pid=$(hud_pid) || fail "no HUD process"
"${TMUX_CMD[@]}" kill-pane -t t
# Gone means exited: a zombie still answers kill -0 until whoever adopted it
# (the pane's shell died too) reaps it, and that is not the HUD's doing.
running() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${s#Z}" = "$s" ]; }
end=$(( $(date +%s) + 20 ))
while running "$pid"; do
	[ "$(date +%s)" -le "$end" ] || fail "the HUD outlived its terminal by 20 s: $(ps -o pid=,stat=,wchan:20=,args= -p "$pid")"
	sleep 0.05
done
echo ok
