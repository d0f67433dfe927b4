#!/usr/bin/env bash
# + gives the focused pane the whole screen and back (lazygit's +): the
# other panes' titles go, the message line says they are hidden and how
# they come back, Tab zooms the next pane, a click where a hidden pane was
# selects nothing of it; _ hides the panes of content one at a time for
# the board and, after the last, shows them all; at 80x24 and 160x45.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
for size in "80 24" "160 45"; do
	set -- $size
	new_server
	HUD_TERM=tmux-256color start_hud "$1" "$2" -C "$proj"
	wait_for 'Agents \(2\)'
	wait_for 'Alerts \(1\)'
	agent_y=$(screen | grep -n -m1 'coder-1 ' | cut -d: -f1)
	keys +
	wait_for 'board zoomed: the other panes hidden \(\+ shows them'
	wait_gone 'Agents \(2\)'
	screen | grep -q 'Alerts (1)' && fail "$size: the alerts pane shows beside the zoomed board"
	screen | grep -q 'review-1' || fail "$size: the zoomed board lost its cards"
	screen | grep -q 'WAIT 1  CRIT 0' || fail "$size: the header went"
	# Tab: the zoom follows the focus to the alerts.
	keys Tab
	wait_for 'Alerts \(1\)'
	screen | grep -q 'review-1' && fail "$size: the board shows beside the zoomed alerts"
	# A click where a hidden pane's row was hits nothing of it: Enter
	# still opens the alert, not coder-1's task.
	keys -l "$(printf '\033[<0;10;%dM\033[<0;10;%dm' "$agent_y" "$agent_y")"
	keys Enter
	wait_for 'WARN liza blocked: blocked-1'
	keys Escape
	wait_for 'Alerts \(1\)'
	keys +
	wait_for 'every pane shown'
	wait_for 'Agents \(2\)'
	wait_for 'review \(1\)'
	# _ hides the panes of content one by one, the board taking their rows;
	# the message line and the footer say what is hidden and the key; after
	# the last (activity), every pane comes back.
	keys _
	wait_for 'hidden: workflows \(_ hides the next'
	wait_gone 'Workflows'
	wait_for 'hidden: workflows \(_\)  '
	screen | grep -q 'Agents (2)' || fail "$size: _ hid the agents with the workflows"
	keys _
	wait_for 'hidden: workflows, agents \(_ hides'
	wait_gone 'Agents \(2\)'
	screen | grep -q 'Alerts (1)' || fail "$size: _ hid the alerts too early"
	keys _
	wait_for 'hidden: workflows, agents, alerts \(_'
	wait_gone 'Alerts \(1\)'
	screen | sed -n 2p | grep -q '^─backlog' || fail "$size: the board did not take the hidden panes' rows"
	screen | grep -q 'review-1' || fail "$size: the board lost its cards"
	screen | grep -q 'WAIT 1  CRIT 0' || fail "$size: the header went"
	keys _
	wait_for 'hidden: workflows, agents, alerts, activity'
	keys _
	wait_for 'every pane shown'
	wait_for 'Workflows'
	wait_for 'Agents \(2\)'
	wait_for 'Alerts \(1\)'
	screen | grep -q 'hidden:' && fail "$size: the footer still says panes are hidden"
	keys q
	wait_exit 0
done
echo ok
