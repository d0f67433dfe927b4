#!/usr/bin/env bash
# Search and the live filter (issue 39 item 1): / in a scrolling view opens
# a prompt at the bottom and every key typed moves to the first match (Esc
# returns to where the view was, Enter keeps it), n/N go on and wrap with a
# message, a pattern that matches nothing is said, and what matches is drawn
# in the theme's match style — in help, detail, activity, review and the raw
# record. On the board / is the filter: it narrows as it is typed, the
# prompt counts the tasks it keeps, Esc gives back the filter it had.
# The raw record (u) shows the task's lines as its file holds them, with
# their numbers, and e opens the operator's $EDITOR at that file and line.
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$E2E_TMP/proj
mkdir -p "$proj"
cp -r "$LW_TESTS/fixtures/hud/crowded/." "$proj/"
st=$proj/.liza/state.yaml

# The operator's editor, outside the project: it records its arguments.
bin=$E2E_TMP/bin rec=$E2E_TMP/rec
mkdir -p "$bin" "$rec"
cat > "$bin/editor" <<EOF
#!/bin/sh
{ echo "argc \$#"; for a in "\$@"; do echo "arg \$a"; done; } > "$rec/editor.tmp"
mv "$rec/editor.tmp" "$rec/editor"
EOF
chmod +x "$bin/editor"
cmd=$(printf '%q ' "$LW_BIN" -C "$proj")
new_server
"${TMUX_CMD[@]}" new-session -d -s t -x 100 -y 30 \
	"$(pane_cmd "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LIZA_WATCH_NOW=$LIZA_WATCH_NOW LANG=$LW_UTF8 LC_ALL=$LW_UTF8 TERM=screen-256color VISUAL= EDITOR=$(printf %q "$bin/editor") $cmd")"
"${TMUX_CMD[@]}" set-option -t t remain-on-exit on >/dev/null
wait_for 'blocked \(9\)'

# ---- the board: the filter narrows as it is typed ----
keys /
wait_for '^filter \(id, title, status, assignee\)  10 of 10:$'
keys b
wait_for '^filter .*  9 of 10: b$'
wait_for 'ready \(0\)'
keys l o c k e d - c
wait_for '^filter .*  1 of 10: blocked-c$'
wait_for 'blocked \(1\)'
# Esc: the filter it had (none): every task again.
keys Escape
wait_gone '^filter '
wait_for 'ready \(1\).*blocked \(9\)'
# Enter keeps it; a new / starts from it, and Esc gives it back.
keys / b l o c k e d - a Enter
wait_gone '^filter '
wait_for 'blocked \(1\)'
keys / BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
wait_for '^filter .*  10 of 10:$'
wait_for 'blocked \(9\)'
keys Escape
wait_for 'blocked \(1\)'
screen | grep -q 'blocked-a' || fail "Esc did not give back the filter blocked-a"
# What the filter matches is marked on the card.
screen_escapes | grep -q $'\e\\[43mblocked-a' || fail "the filter's match is not marked on the card"
keys Escape
wait_for 'blocked \(9\)'

# ---- help: live search, n/N with their wrap, not found ----
keys '?'
wait_for 'liza-watch keys'
keys / q u e u
wait_for '^/: queu$'
screen | sed -n 2p | grep -q 'queue' || fail "the first match is not on top of the help"
screen_escapes | sed -n 2p | grep -q $'\e\\[30m\e\\[43mqueu' || fail "the match is not marked"
keys Escape
wait_for '^ +Up/k +up '   # back where it was: the first line
keys / q u e u e Enter
wait_gone '^/: '
for _ in $(seq 1 20); do
	screen | grep -q 'search hit BOTTOM, continuing at TOP' && break
	keys n
	sleep 0.1
done
wait_for 'search hit BOTTOM, continuing at TOP'
keys N
wait_for 'search hit TOP, continuing at BOTTOM'
keys / z z q x
wait_for '^/ \(not found\): zzqx$'
keys Enter
wait_for 'pattern not found: zzqx'
keys q
wait_gone 'liza-watch keys'

# ---- detail: the selected task's fields ----
keys l l l l j Enter
wait_for '^ liza:blocked-b'
keys / w h i c h
wait_for '^/: which$'
# Short: it cannot scroll; what matches is marked (smartcase: "which" finds "Which").
screen_escapes | grep -q $'\e\\[30m\e\\[43mWhich' || fail "detail: the match is not marked"
keys Escape
wait_for '^ id: blocked-b'
keys Escape

# ---- the raw record: its lines, numbered; search; e at the line ----
line=$(grep -n -- '- id: blocked-b$' "$st" | cut -d: -f1)
keys u
wait_for "^ raw liza:blocked-b  \\.liza/state\\.yaml  lines $line-"
wait_for "^$line +- id: blocked-b$"
keys / q u e s t i o n s Enter
qline=$(awk -v from="$line" 'NR > from && /blocked_questions:/ { print NR; exit }' "$st")
wait_for "^$qline +blocked_questions:"
wait_for "e edit at line $qline "   # the match found: e opens there
rm -f "$rec/editor"
keys e
wait_until "$E2E_WAIT" "the editor's record" test -s "$rec/editor"
real=$(cd "$proj/.liza" && pwd -P)/state.yaml
grep -qx 'argc 2' "$rec/editor" || fail "the editor got: $(cat "$rec/editor")"
grep -qx "arg +$qline" "$rec/editor" || fail "the editor was not sent to line $qline: $(cat "$rec/editor")"
grep -qx "arg $real" "$rec/editor" || fail "the editor was not given $real: $(cat "$rec/editor")"
wait_for "^$qline +blocked_questions:"
keys Escape
wait_for 'blocked \(9\)'

# ---- activity: / searches the feed ----
keys F
wait_for '^ Activity: [0-9]+ of [0-9]+ lines'
keys / z z q x Enter
wait_for 'pattern not found: zzqx'
keys q
wait_for 'blocked \(9\)'
keys q
wait_exit 0

# ---- review: the diff searched ----
rproj=$E2E_TMP/rproj
make_review_project "$rproj"
new_server
start_hud 120 32 -C "$rproj"
wait_for 'review \(1\)'
keys v
wait_for 'review liza:review-1 +READY_FOR_REVIEW'
wait_for 'src/main.c +\| 2 \+-'
wait_gone 'git diff running'
keys / r e t u r n Space 4 2
wait_for '^/: return 42$'
# The last lines: on screen, not on top (the view keeps its end at the bottom); marked.
screen_escapes | grep -q $'\e\\[30m\e\\[43mreturn 42' || fail "review: the diff's match is not marked"
keys Enter N
wait_for 'search hit TOP, continuing at BOTTOM'
keys Escape
wait_for 'review \(1\)'
keys q
wait_exit 0
