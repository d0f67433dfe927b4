#!/usr/bin/env bash
# Issue 39 as typed: the : command line (Tab completes a command and its
# argument, a typo is answered with what was meant, an action runs by its
# name with its key's confirmation), the table and the alerts sorted by a
# column with the arrow in the header (< > I), and the HUD as it was left
# after a restart (view, sort, filter), in XDG_STATE_HOME and never in the
# project; --reset-ui starts fresh.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
export HUD_KEEP_UI=1
export XDG_STATE_HOME=$E2E_TMP/state
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
start_hud 120 30 -C "$proj"
wait_for 'review \(1\)'

# : with Tab: the command, then its argument.
keys :
wait_for '^: ?$'
keys s o r t Space i Tab
wait_for '^: sort i$'
wait_for '^id iter$'            # the candidates, on the message line
keys d Space Tab
wait_for '^: sort id ?$'
wait_for '^asc desc$'
keys d Tab Enter
wait_for 'table sorted by id, descending'
wait_for '^ system  id▼ '
s=$(screen)
# Descending by id: review-1 above ready-1 above draft-1.
r=$(printf '%s\n' "$s" | grep -n 'review-1' | head -1 | cut -d: -f1)
d=$(printf '%s\n' "$s" | grep -n 'draft-1' | head -1 | cut -d: -f1)
[ "$r" -lt "$d" ] || fail "review-1 is not above draft-1 sorted by id descending"

# A typo: what was meant. An argument that is not expected: what is.
keys : s o t r Enter
wait_for "unknown command 'sotr'; did you mean 'sort'\\?"
keys : s o r t Enter
wait_for '^sort: expected a column: project, system, id, status, age, lane'

# I inverts; > goes on to the next column.
keys I
wait_for '^ system  id▲ '
keys '>'
wait_for '^ system  id +status▲ '

# The alerts, focused, sort by their own columns.
keys Tab
wait_for 'Alerts \([0-9]+\)'
keys '>' '>'
wait_for 'Alerts \([0-9]+\) by age▲'
keys I
wait_for 'Alerts \([0-9]+\) by age▼'

# An action by its name, with its key's question.
keys Tab Tab Tab
keys : f i l t e r Space r e v i e w Enter
wait_for "filter 'review': 1 task"
keys : a p p r o v e Space r e v i e w - 1 Enter
wait_for 'approve .*review-1.*\[y/N\]'
keys n
wait_gone '\[y/N\]'

# Up recalls the last line.
keys : Up
wait_for '^: approve review-1$'
keys Escape

# Quit; the next run is as it was left.
keys : q Enter
wait_exit 0
ls "$XDG_STATE_HOME"/liza-watch/ui-* >/dev/null || fail "no UI state in XDG_STATE_HOME"
grep -q '^sort-table status asc$' "$XDG_STATE_HOME"/liza-watch/ui-* || fail "the sort is not saved"
grep -rqs 'liza-watch-ui' "$proj" && fail "UI state written in the project"
new_server
start_hud 120 30 -C "$proj"
wait_for "as you left it: the table, tasks sorted by status asc, alerts sorted by age desc, the filter 'review'"
wait_for '^ system  id +status▲ '
keys Escape
wait_for 'Tasks \([0-9]+\)'
# The zoom is kept too: the focused pane, zoomed, comes back so.
keys +
wait_for 'zoomed: the other panes hidden'
keys q
wait_exit 0
grep -q '^zoom [a-z]' "$XDG_STATE_HOME"/liza-watch/ui-* || fail "the zoom is not saved"
new_server
start_hud 120 30 -C "$proj"
wait_for 'zoomed \(\+ shows every pane\)'
keys +
wait_for 'every pane shown'
keys q
wait_exit 0
# And the panes _ hid.
new_server
start_hud 120 30 -C "$proj"
wait_for 'Agents \('
keys _ _
wait_for 'hidden: workflows, agents \(_ hides'
keys q
wait_exit 0
grep -q '^hide 2$' "$XDG_STATE_HOME"/liza-watch/ui-* || fail "the hidden panes are not saved"
new_server
start_hud 120 30 -C "$proj"
wait_for 'workflows, agents hidden \(_ to'
screen | grep -q 'Agents (' && fail "the agents pane shows after the restart"
keys _ _ _
wait_for 'every pane shown'
wait_for 'Agents \('
keys q
wait_exit 0

# A corrupt file: ignored with one message, the HUD as it starts.
printf 'liza-watch-ui 1\nview sideways\n' > "$(ls "$XDG_STATE_HOME"/liza-watch/ui-*)"
new_server
start_hud 120 30 -C "$proj"
wait_for 'UI state .*corrupt at line 2'
screen | grep -q 'Tasks (' && fail "the corrupt state's view was applied"
keys q
wait_exit 0

# --reset-ui: fresh, whatever was saved.
printf 'liza-watch-ui 1\nview table\nfilter review\n' > "$(ls "$XDG_STATE_HOME"/liza-watch/ui-*)"
new_server
HUD_KEEP_UI= start_hud 120 30 -C "$proj"
wait_for 'review \(1\)'
screen | grep -q "as you left it" && fail "--reset-ui read the saved state"
keys q
wait_exit 0
