#!/usr/bin/env bash
# Trust the screen: what matters is never hidden and what is shown is
# explained. Each block is one promise, on a fixed-size pane.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
fx=$LW_TESTS/fixtures

alerts_top() { screen | awk '/Alerts \(/ {getline; print; exit}'; }

# ---- severity first: a CRIT that comes later is the top row ---------------
proj=$E2E_TMP/multi; mkdir -p "$proj"
cp -r "$fx/hud/foreman-acp/." "$proj/"; cp -r "$fx/hud/basic/." "$proj/"
start_hud 80 24 -C "$proj"
wait_for 'Alerts \(2\)'
alerts_top | grep -q '^ WARN .*blocked-1' || fail "WARN before INFO: $(alerts_top)"
# Cards of several systems carry their system's tag; at 80 columns it is
# cut to the letters that tell the systems apart, so the title keeps room.
wait_for '^ f Add a hea'
wait_for ' a add unit'
# The move chooser clears the whole rows it covers: no alert text beside it.
keys /; wait_for 'filter \(id'
keys DEMO-1 Enter
# The remembered task is filtered out: the selection moves to a shown one.
wait_for 'liza:review-1 is hidden by the filter'
wait_for 'Enter detail'
keys m
wait_for 'Up/Down choose'
screen | grep -q 'spec unclear' && fail "the chooser left alert text beside it"
keys Escape
wait_for 'move cancelled'
keys Escape
wait_gone 'filter: DEMO-1'
printf 'tasks: [\n' > "$proj/.liza/state.yaml"
wait_for 'Alerts \(3\)'
alerts_top | grep -q '^ CRIT .*liza parse_error' || fail "the new CRIT is not the top row: $(alerts_top)"
screen | head -1 | grep -q 'CRIT 1  WARN 1  INFO 1' || fail "header counts"
# Enter on it: its full text, with the file:line to fix.
keys Tab
keys Enter
wait_for 'CRIT liza parse_error'
wait_for 'state.yaml:[0-9]+'
keys Escape
keys q; wait_exit 0

# ---- the header keeps its counts when the path is long --------------------
new_server
deep=$E2E_TMP/a-rather-long-folder-name/another-long-folder-name/and-one-more-level/project
mkdir -p "$deep"; cp -r "$fx/hud/basic/." "$deep/"
start_hud 60 20 -C "$deep"
wait_for 'CRIT 0  WARN 1  INFO 0'
screen | head -1 | grep -q 'project' || fail "the path's tail should stay: $(screen | head -1)"
keys q; wait_exit 0

# ---- workflows beyond the pane say how many are hidden ------------------
new_server
all=$E2E_TMP/all; mkdir -p "$all"
cp -r "$fx/hud/foreman-acp/." "$all/"; cp -r "$fx/hud/basic/." "$all/"
cp -r "$fx/rcs/team-forge/.rcs" "$all/.rcs"; cp -r "$fx/aot/running/.claude" "$all/.claude"
start_hud 80 24 -C "$all"
wait_for 'Workflows \([0-9]+, [0-9]+ hidden\)'
# The system column fits "foreman" (table view).
keys t /
wait_for 'filter \(id'
keys DEMO Enter
wait_for '^ foreman +DEMO-1'
keys q; wait_exit 0

# ---- "+N more" on a row of its own, below the last card ------------------
new_server
many=$E2E_TMP/many; mkdir -p "$many"; cp -r "$fx/hud/basic/." "$many/"
extra=""
for i in 1 2 3 4 5 6 7 8 9; do
	extra="$extra  - id: plan-$i\n    description: Planned work number $i\n    status: DRAFT\n    priority: 3\n    created: \"2026-01-20T10:15:00Z\"\n"
done
awk -v extra="$extra" '{print} /^tasks:$/ {printf "%s", extra}' "$fx/hud/basic/.liza/state.yaml" > "$many/.liza/state.yaml"
start_hud 80 24 -C "$many"
wait_for 'backlog \(?10\)?'
wait_for '^ \+[0-9]+ more'
line=$(screen | grep -n '^ +[0-9]* more' | cut -d: -f1)
above=$(screen | sed -n "$((line - 1))p")
printf '%s' "$above" | grep -q 'Planned' || fail "'+N more' must follow a card's title line: $above"
keys q; wait_exit 0

# ---- filters: the hidden selection and the empty board say so ------------
new_server
basic=$(make_project "$fx/hud/basic")
HUD_NO_COLOR=1 start_hud 100 30 -C "$basic"
wait_for 'review \(1\)'
# The board's selection stays marked while another pane has the focus:
# underlined, so it does not look like the focused pane's row (issue 36).
keys Tab
wait_for '─ Alerts'
end=$(( $(date +%s) + 10 ))
marked=$'\e\\[([0-9]+;)*4(;[0-9]+)*m(\e\\[[0-9;]*m)*review-1'
until screen_escapes | grep -Eq "$marked"; do
	[ "$(date +%s)" -lt "$end" ] || fail "the selected card is not marked while the alerts have the focus"
	sleep 0.05
done
keys BTab
keys /; wait_for 'filter \(id'
keys C-u 'Waiting' Enter
wait_for 'liza:review-1 is hidden by the filter .Waiting. \(Esc clears it\)'
wait_for 'filter: Waiting +\? help'
# What the operator just did stays on the message line through later reloads
# (the hidden-selection line is said once, not at every reload).
keys n
wait_for 'note for liza:ready-1'
keys 'look at the spec' Enter
wait_for 'ready-1: note recorded'
awk '{print} /^tasks:$/ {print "  - id: late-1\n    description: Waiting as well\n    status: DRAFT\n    priority: 3\n    created: \"2026-01-20T10:15:00Z\""}' \
	"$basic/.liza/state.yaml" > "$E2E_TMP/state.new" && mv "$E2E_TMP/state.new" "$basic/.liza/state.yaml"
wait_for 'late-1'
screen | grep -q 'ready-1: note recorded' || fail "a reload wrote over the result of the note"
keys Escape
wait_gone 'hidden by the filter'
keys /; wait_for 'filter \(id'
keys C-u 'zzz' Enter
wait_for "no task matches the filter 'zzz' \\(Esc clears it\\)"
keys Escape
wait_for 'review \(1\)'

# ---- the help: a legend for every glyph, and it scrolls -----------------
keys '?'
wait_for 'liza-watch keys'
keys NPage
wait_for 'What the screen shows'
keys G
# The end: what each colour means, each drawn in its own style.
wait_for 'Colours \(theme mono'   # NO_COLOR: the mono theme
wait_for 'CRIT +a CRIT alert and its count'
# Up scrolls it back, a line at a time, to the alerts' legend above the
# mouse's lines (how many lines that is follows the help's length).
for _ in $(seq 12); do screen | grep -q 'CRIT first, then WARN, INFO' && break; keys Up; done
wait_for 'CRIT first, then WARN, INFO'
# Up the help, by its search (/): the legend of the workflows' gauges.
keys / "'ready 3/25'" Enter
wait_for "'ready 3/25'"
wait_for "'iN/M' iteration N of at most M"
keys Space
wait_for 'liza-watch keys'          # Space and G scroll, they do not close it
keys Escape
wait_gone 'liza-watch keys'

# ---- consequences before the write: approve says who and what follows ----
keys a
wait_for 'approve liza:review-1 as human\? \[y/N\]'
wait_for 'no reviewer supervisor will'
wait_for 'approve as a reviewer: liza-watch -C /'
wait_for 'approve review-1 --as code-reviewer-1'
keys n
wait_for 'approve cancelled'
grep -q 'status: READY_FOR_REVIEW' "$basic/.liza/state.yaml" || fail "n must not write"
# p asks first too.
keys p
wait_for 'pause every liza agent\? \[y/N\]'
keys n
wait_for 'pause cancelled'
# The message log keeps every message, full length.
keys L
wait_for 'Messages \(the last'
wait_for 'approve cancelled'
wait_for 'pause cancelled'
keys Escape
keys q; wait_exit 0

# ---- a folder with no state yet: the HUD waits, then picks it up ---------
new_server
empty=$E2E_TMP/empty; mkdir -p "$empty"
start_hud 80 24 -C "$empty"
wait_for 'waiting for it to appear'
cp -r "$fx/hud/basic/.liza" "$E2E_TMP/liza.tmp" && mv "$E2E_TMP/liza.tmp" "$empty/.liza"
wait_for 'review \(1\)' 15
keys q; wait_exit 0

# ---- status --follow waits the same way, saying so on stderr -------------
late=$E2E_TMP/late; mkdir -p "$late"
"$LW_BIN" -C "$late" status --follow > "$E2E_TMP/follow.out" 2> "$E2E_TMP/follow.err" &
fpid=$!
end=$(( $(date +%s) + 10 ))
until grep -q 'waiting for it to appear' "$E2E_TMP/follow.err"; do
	[ "$(date +%s)" -lt "$end" ] || { kill "$fpid"; fail "status --follow did not say it waits"; }
	sleep 0.05
done
cp -r "$fx/hud/basic/.liza" "$E2E_TMP/liza2.tmp" && mv "$E2E_TMP/liza2.tmp" "$late/.liza"
end=$(( $(date +%s) + 15 ))
until grep -q '^liza: 1 backlog' "$E2E_TMP/follow.out"; do
	[ "$(date +%s)" -lt "$end" ] || { kill "$fpid"; cat "$E2E_TMP/follow.out" >&2; fail "status --follow did not pick up liza"; }
	sleep 0.05
done
grep -q 'liza state found' "$E2E_TMP/follow.err" || fail "no 'found' note on stderr"
kill "$fpid"; wait "$fpid" 2>/dev/null

# ---- terminals that cannot draw the HUD are refused with a message -------
new_server
HUD_TERM=dumb start_hud 80 24 -C "$basic"
wait_for 'TERM is dumb: the HUD needs a terminal that can move the cursor'
wait_exit 2
new_server
HUD_TERM=no-such-terminal start_hud 80 24 -C "$basic"
wait_for 'TERM=no-such-terminal is not in the terminfo database'
wait_exit 2

# ---- the config cannot take the last key off quit --------------------------
new_server
mkdir -p "$XDG_CONFIG_HOME/liza-watch"
printf 'unbind q\n' > "$XDG_CONFIG_HOME/liza-watch/config"
start_hud 80 24 -C "$basic"
wait_for "'q' is the last key of quit"
keys q; wait_exit 0
rm -f "$XDG_CONFIG_HOME/liza-watch/config"
exit 0
