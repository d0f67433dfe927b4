#!/usr/bin/env bash
# The demo's flagship view works (issue 29): v on the demo's first review
# card shows a real diff — the copy is a git repository with the worktrees
# and commits its state names, made at start — not "git diff failed"; and
# each review commit the simulated team makes later is a real commit too.
. "$(dirname "$0")/../tmux-lib.sh"
unset LIZA_WATCH_NOW
app=$E2E_TMP/app
mkdir -p "$app" "$E2E_TMP/tmp"
cp "$LW_BIN" "$app/liza-watch"
cp -r "$LW_TESTS/../examples" "$app/examples"
LW_BIN=$app/liza-watch
export TMPDIR=$E2E_TMP/tmp

# A slow team: the card stays in review while the test reads it.
start_hud 140 40 demo --interval 600000
wait_for 'review \('
keys / user-api Enter
wait_for '!user-api'
keys v
wait_for 'review examples/liza:user-api'
wait_for 'diff --git a/src/user-api.md b/src/user-api.md' 20
wait_for '^\+# user-api'
screen | grep -q 'git diff failed' && fail "git diff failed in the demo"
keys Escape q
wait_exit 0
copy=$(ls -d "$TMPDIR"/liza-watch-demo.* 2>/dev/null | head -1)
[ -z "$copy" ] || fail "the demo's copy was not removed: $copy"

# A fast team: once it has submitted a task of its own, every review commit
# the state names is a commit of the copy's repository.
new_server
start_hud 140 40 demo --keep --interval 300
wait_for 'review \('
copy=$(ls -d "$TMPDIR"/liza-watch-demo.* 2>/dev/null | head -1)/examples
[ -d "$copy/.git" ] || fail "the demo's copy is not a git repository"
first=$(grep -c 'action: submitted_for_review' "$copy/.liza/log.yaml")
wait_until 60 "a submission by the team" sh -c \
	"[ \$(grep -c 'action: submitted_for_review' '$copy/.liza/log.yaml') -gt $first ]"
keys q
wait_exit 0
n=0
for c in $(sed -n 's/^ *review_commit: *"\{0,1\}\([0-9a-f]\{7,64\}\)"\{0,1\} *$/\1/p' "$copy/.liza/state.yaml"); do
	git -C "$copy" cat-file -e "$c^{commit}" 2>/dev/null || fail "review_commit $c is not a commit of the demo's repository"
	n=$((n + 1))
done
[ "$n" -ge 2 ] || fail "only $n review commits in the state"
