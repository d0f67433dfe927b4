#!/usr/bin/env bash
# Acting on the work (issue 27 item 5): e opens the selected task's worktree
# in $EDITOR, $ starts $SHELL there — the HUD steps aside while it runs and
# comes back drawn whole — and y / Y copy the task id / the worktree's path
# into tmux's paste buffer (tmux load-buffer -w: with tmux's default
# set-clipboard, external, an application's OSC 52 never arrives and "copied"
# was untrue — issue 36 item 13). The programs
# are the operator's: one named in the project's .liza-watch or in a task's
# fields never runs, a worktree outside the project is refused, and nothing
# inside the project changes.
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$E2E_TMP/proj
make_review_project "$proj"
wt=$(cd "$proj/.worktrees/review-1" && pwd -P)

# The operator's programs, outside the project: each records its arguments
# and folder, says it runs, and waits (with a deadline) for the test's go.
bin=$E2E_TMP/bin rec=$E2E_TMP/rec
mkdir -p "$bin" "$rec"
for prog in editor shell; do
	cat > "$bin/$prog" <<EOF
#!/bin/sh
{ echo "argc \$#"; for a in "\$@"; do echo "arg \$a"; done; echo "cwd \$(pwd -P)"; } > "$rec/$prog.tmp"
mv "$rec/$prog.tmp" "$rec/$prog"
echo "$prog RUNNING"
i=0
while [ ! -e "$rec/go" ] && [ \$i -lt 600 ]; do sleep 0.05; i=\$((i + 1)); done
rm -f "$rec/go"
EOF
	chmod +x "$bin/$prog"
done
# What the project names: never run (each would leave a mark).
cat > "$E2E_TMP/evil" <<EOF
#!/bin/sh
touch "$rec/evil-ran"
EOF
chmod +x "$E2E_TMP/evil"
cat > "$proj/.liza-watch" <<EOF
editor = $E2E_TMP/evil
shell = $E2E_TMP/evil
visual = $E2E_TMP/evil
[notify]
program = $E2E_TMP/evil
EOF
sed -i "s|^    worktree: .worktrees/review-1|&\n    editor: $E2E_TMP/evil\n    shell: $E2E_TMP/evil|" "$proj/.liza/state.yaml"
grep -q "editor: $E2E_TMP/evil" "$proj/.liza/state.yaml" || fail "the fixture's task has no editor field"
cp "$proj/.liza/state.yaml" "$E2E_TMP/state.yaml.orig"

# Every file and folder of the project: name, size, mode, time, content.
fingerprint() {
	(cd "$proj" && find . -printf '%p %s %m %T@\n' | LC_ALL=C sort &&
	 find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum)
}
before=$(fingerprint)

cmd=$(printf '%q ' "$LW_BIN" -C "$proj")
new_server
"${TMUX_CMD[@]}" new-session -d -s t -x 140 -y 36 \
	"$(pane_cmd "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LIZA_WATCH_NOW=$LIZA_WATCH_NOW LANG=$LW_UTF8 LC_ALL=$LW_UTF8 TERM=screen-256color VISUAL= EDITOR=$(printf %q "$bin/editor") SHELL=$(printf %q "$bin/shell") $cmd")"
"${TMUX_CMD[@]}" set-option -t t remain-on-exit on >/dev/null
# tmux's default set-clipboard (external) stays: the copy must arrive under it.
wait_for 'review \(1\)'
wait_for 'liza:review-1|review-1'

# run KEY PROG: the HUD steps aside for PROG, which runs in the worktree;
# once it ends the HUD is back, the board drawn again.
run() {
	local key=$1 prog=$2
	rm -f "$rec/$prog"
	keys "$key"
	wait_for "^$prog RUNNING"
	screen | grep -q 'review \(1\)' && fail "$prog: the HUD was still drawn while $prog ran"
	wait_until "$E2E_WAIT" "$prog's record" test -s "$rec/$prog"
	grep -qx "cwd $wt" "$rec/$prog" || fail "$prog ran in $(grep '^cwd' "$rec/$prog"), not in $wt"
	touch "$rec/go"
	wait_for "back from \.worktrees/review-1$"   # the screen names paths from the root
	wait_gone "RUNNING"
	wait_for 'review \(1\)'
}
run e editor
grep -qx 'argc 1' "$rec/editor" || fail "the editor got $(grep -c '^arg ' "$rec/editor") arguments, not the folder alone"
grep -qx "arg $wt" "$rec/editor" || fail "the editor was not given $wt: $(cat "$rec/editor")"
run '$' shell
grep -qx 'argc 0' "$rec/shell" || fail "the shell got arguments: $(cat "$rec/shell")"

# y / Y: tmux's newest buffer, under its default settings.
buffer_is() { [ "$("${TMUX_CMD[@]}" show-buffer 2>/dev/null)" = "$1" ]; }
keys y
wait_for "copied liza:review-1 to tmux's paste buffer"
wait_until "$E2E_WAIT" "the task id in tmux's buffer" buffer_is 'liza:review-1'
keys Y
wait_for "copied \\.worktrees/review-1 to tmux's paste"
wait_until "$E2E_WAIT" "the worktree's path in tmux's buffer" buffer_is "$wt"

after=$(fingerprint)
[ "$before" = "$after" ] || { diff <(echo "$before") <(echo "$after") >&2; fail "something inside the project changed"; }

# A task whose worktree lies outside the project: refused, nothing runs.
st=$proj/.liza/state.yaml
sed "s|^    worktree: .*|    worktree: $bin|; s|^    description: Grow the greeting|    description: Moved out|" "$st" > "$st.new"
mv "$st.new" "$st"
wait_for 'Moved out'
rm -f "$rec/editor"
keys e
wait_for "worktree '.*' is outside the project"
screen | grep -q 'editor RUNNING' && fail "the editor ran on a worktree outside the project"
[ ! -e "$rec/editor" ] || fail "the editor ran on a worktree outside the project"

keys q
wait_exit 0
[ ! -e "$rec/evil-ran" ] || fail "a program named in the project's files ran"

# No $EDITOR nor $VISUAL, "." first in PATH, then a PATH folder inside the
# project: the editor is "vi" and the shell a bare name, looked up before
# the HUD changes into the worktree, in PATH's absolute folders only, and
# never one inside the project — the worktree's ./vi and ./shell, the
# project's vi and bin/vi, bin/shell never run; the operator's (here in a
# folder after them) do.
cp "$E2E_TMP/state.yaml.orig" "$st"
for f in "$wt/vi" "$wt/shell" "$proj/vi" "$proj/bin/vi" "$proj/bin/shell"; do
	mkdir -p "$(dirname "$f")"
	cp "$E2E_TMP/evil" "$f"
done
ops=$E2E_TMP/ops
mkdir -p "$ops"
cp "$bin/editor" "$ops/vi"
cp "$bin/shell" "$ops/shell"
new_server
"${TMUX_CMD[@]}" new-session -d -s t -x 140 -y 36 -c "$proj" \
	"$(pane_cmd "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LIZA_WATCH_NOW=$LIZA_WATCH_NOW LANG=$LW_UTF8 LC_ALL=$LW_UTF8 TERM=screen-256color VISUAL= EDITOR= SHELL=shell PATH=.:$(printf %q "$proj/bin:$ops"):/usr/bin:/bin $cmd")"
"${TMUX_CMD[@]}" set-option -t t remain-on-exit on >/dev/null
wait_for 'review \(1\)'
wait_for 'liza:review-1|review-1'
run e editor
grep -qx "arg $wt" "$rec/editor" || fail "PATH: the editor was not given $wt: $(cat "$rec/editor")"
run '$' shell
keys q
wait_exit 0
[ ! -e "$rec/evil-ran" ] || fail "a program inside the project ran (found through . or a PATH folder in the project)"

# Outside tmux (no $TMUX) y / Y send OSC 52, base64 (Nettle's encoder): a
# tmux that takes an application's OSC 52 (set-clipboard on) turns it into
# its newest buffer, so the text decoded is there to compare. The id's 13
# bytes end in a one-byte group ("=="), the path in whatever its length
# gives.
new_server
"${TMUX_CMD[@]}" new-session -d -s t -x 140 -y 36 \
	"$(pane_cmd "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LIZA_WATCH_NOW=$LIZA_WATCH_NOW LANG=$LW_UTF8 LC_ALL=$LW_UTF8 TERM=screen-256color TMUX= $cmd")"
"${TMUX_CMD[@]}" set-option -t t remain-on-exit on >/dev/null
"${TMUX_CMD[@]}" set-option -s set-clipboard on >/dev/null
wait_for 'review \(1\)'
wait_for 'liza:review-1|review-1'
keys y
wait_for "sent liza:review-1 to the terminal's clipboard \(OSC 52"
wait_until "$E2E_WAIT" "the task id, sent as OSC 52, in tmux's buffer" buffer_is 'liza:review-1'
keys Y
wait_for "sent \\.worktrees/review-1 to the terminal's clipboard"
wait_until "$E2E_WAIT" "the worktree's path, sent as OSC 52, in tmux's buffer" buffer_is "$wt"
keys q
wait_exit 0
exit 0
