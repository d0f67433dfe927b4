#!/usr/bin/env bash
# `review TASK` on a real git repository with a worktree made here: the
# timeline, then the stat and the patch, plain when piped; the worktree gone
# (the project repository answers), a missing commit, the cut, the pager.
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$E2E_TMP/proj
make_review_project "$proj"
st=$proj/.liza/state.yaml
out=$("$LW_BIN" -C "$proj" review review-1) || fail "review exited $?"
grep -q '^liza:review-1  READY_FOR_REVIEW  Grow the greeting$' <<<"$out" || fail "no header: $out"
grep -Eq '2026-01-20T09:40:00Z 40m ago +history: rejected  agent: code-reviewer-1  reason: the greeting is too short$' <<<"$out" \
	|| fail "rejection not in the timeline: $out"
grep -Eq '^ +and main returns 0$' <<<"$out" || fail "the reason is not in full: $out"
grep -q 'log:  agent: coder-2  action: submitted' <<<"$out" || fail "log.yaml entry missing: $out"
grep -q 'not this task' <<<"$out" && fail "another task's log entry shown"
grep -Eq '^ src/main\.c +\| 2 \+-$' <<<"$out" || fail "no stat line: $out"
grep -q '^ 3 files changed, 3 insertions(+), 1 deletion(-)$' <<<"$out" || fail "no stat summary: $out"
grep -q '^diff --git a/src/main.c b/src/main.c$' <<<"$out" || fail "no patch: $out"
grep -q '^-int main(void) { return 0; }$' <<<"$out" || fail "no removed line: $out"
grep -q '^+int main(void) { return 42; }$' <<<"$out" || fail "no added line: $out"
grep -q $'\e' <<<"$out" && fail "escape sequences in piped output"
# The stat comes before the patch.
s=$(grep -n 'files changed' <<<"$out" | cut -d: -f1); d=$(grep -n '^diff --git' <<<"$out" | head -1 | cut -d: -f1)
[ "$s" -lt "$d" ] || fail "stat after patch"

# Escaped: a log entry carrying terminal controls prints as caret notation.
printf -- '- timestamp: "2026-01-20T10:05:00Z"\n  agent: coder-2\n  action: "note\\e]0;pwned\\a"\n  task: review-1\n' >> "$proj/.liza/log.yaml"
out=$("$LW_BIN" -C "$proj" review review-1) || fail "review exited $?"
grep -q $'\e\]0' <<<"$out" && fail "a control sequence reached the output"
grep -Fq 'note^[]0;pwned^G' <<<"$out" || fail "control not shown escaped: $out"

# --max-lines cuts with a marker saying where the rest is.
out=$("$LW_BIN" -C "$proj" review review-1 --max-lines 5) || fail "cut review exited $?"
grep -q '^\[cut after 5 lines: the rest is in git -C .* diff ' <<<"$out" || fail "no cut marker: $out"
grep -q 'return 42' <<<"$out" && fail "lines after the cut shown"

# A commit that is not in the repository: said so, exit 3.
sed -i "s/^    base_commit: .*/    base_commit: deadbeefdeadbeef/" "$st"
out=$("$LW_BIN" -C "$proj" review review-1 2>"$E2E_TMP/err"); rc=$?
[ "$rc" -eq 3 ] || fail "missing commit: exit $rc"
grep -q 'commit missing: deadbeefdeadbeef' "$E2E_TMP/err" || fail "missing commit not said: $(cat "$E2E_TMP/err")"
sed -i "s/^    base_commit: .*/    base_commit: $BASE/" "$st"

# The worktree removed: the range comes from the project repository.
git -C "$proj" worktree remove --force "$proj/.worktrees/review-1"
out=$("$LW_BIN" -C "$proj" review review-1) || fail "review without worktree exited $?"
grep -q 'worktree .worktrees/review-1 is gone: showing the range from the project repository' <<<"$out" || fail "gone not said: $out"
grep -q '^+int main(void) { return 42; }$' <<<"$out" || fail "no diff from the project repository: $out"

# No review_commit yet: nothing to diff, said so.
sed -i '/^    review_commit: /d' "$st"
out=$("$LW_BIN" -C "$proj" review review-1) || fail "review without review_commit exited $?"
grep -q 'no review_commit yet: nothing to diff' <<<"$out" || fail "$out"
sed -i "s/^    base_commit: .*/&\n    review_commit: $HEAD/" "$st"

# On a terminal the output goes through $PAGER (split on blanks, no shell).
"${TMUX_CMD[@]}" new-session -d -s t -x 120 -y 30 \
	"$(pane_cmd "PAGER='sed s/^/PAGED:/' LIZA_WATCH_NOW=$LIZA_WATCH_NOW $(printf '%q' "$LW_BIN") -C $(printf '%q' "$proj") review review-1")"
wait_for 'PAGED:.*src/main.c'
wait_exit 0
"${TMUX_CMD[@]}" kill-server >/dev/null 2>&1

# Usage.
"$LW_BIN" -C "$proj" review 2>/dev/null; [ $? -eq 2 ] || fail "no TASK: want exit 2"
"$LW_BIN" -C "$proj" review nope-1 2>/dev/null; [ $? -eq 2 ] || fail "unknown task: want exit 2"
exit 0
