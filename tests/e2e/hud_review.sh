#!/usr/bin/env bash
# v on a task awaiting review: the HUD shows the change (the files and the
# lines of the diff, from a real git worktree made here), the timeline with
# the rejection reason in full, and approving from the review view lands
# and shows there, as does a change written by someone else.
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$E2E_TMP/proj
make_review_project "$proj"
st=$proj/.liza/state.yaml
start_hud 140 40 -C "$proj" --as code-reviewer-9
wait_for 'review \(1\)'
keys v
wait_for 'review liza:review-1 +READY_FOR_REVIEW'
# The timeline: history with ages on the clock, the reason in full, log.yaml.
wait_for 'rejected +agent: code-reviewer-1 +reason: the greeting is too short'
wait_for '^ +and main returns 0'
wait_for '20m ago +log: +agent: coder-2 +action: submitted'
# The stat, then the patch, streamed from git.
wait_for 'src/main.c +\| 2 \+-'
wait_for '3 files changed, 3 insertions\(\+\), 1 deletion\(-\)'
keys ']'
wait_for 'diff --git a/README.md b/README.md'
wait_for '^\+review me: the greeting grew'
keys ']' ']'
wait_for '^-int main\(void\) \{ return 0; \}'
wait_for '^\+int main\(void\) \{ return 42; \}'
# Added lines are green, removed ones red (the theme's ok and crit).
screen_escapes | grep -F '+int main(void) { return 42; }' | grep -q $'\e\\[[0-9;]*32m' || fail "added line not green"
screen_escapes | grep -F -- '-int main(void) { return 0; }' | grep -q $'\e\\[' || fail "removed line not coloured"
wait_for 'a approve +r reject'
# The coder resubmits while the operator reads: the view says so, and a
# verdict from it is refused until the new change is opened.
w=(git -C "$proj/.worktrees/review-1" -c user.name=t -c user.email=t@example.invalid -c commit.gpgsign=false)
printf 'third line\n' >> "$proj/.worktrees/review-1/README.md"
"${w[@]}" commit -qam again
new=$("${w[@]}" rev-parse HEAD)
sed -i "s/^    review_commit: .*/    review_commit: $new/" "$st"
wait_for 'CHANGED: liza:review-1 changed since this review opened'
keys a
wait_for 'refused: liza:review-1 changed since this review opened'
grep -q 'status: READY_FOR_REVIEW' "$st" || fail "a verdict on a stale review was written"
keys v v
wait_gone 'CHANGED:'
keys ']'
wait_for '^\+third line'
# Approve from the review view: it asks, it lands, the view stays.
keys a
wait_for 'approve liza:review-1 as code-reviewer-9\? \[y/N\]'
keys y
wait_for 'review-1: READY_FOR_REVIEW -> APPROVED'
grep -q 'status: APPROVED' "$st" || fail "not approved in the file"
grep -q 'approved_by: code-reviewer-9' "$st" || fail "approved_by not written"
# The view follows the task (issue 29): its header says APPROVED now, and
# its timeline has the approval, as the detail view would.
wait_for '^ review liza:review-1 +APPROVED '
wait_for 'approved +agent: code-reviewer-9'
# A change written by someone else shows too.
sed -i 's/status: APPROVED/status: MERGED/' "$st"
wait_for '^ review liza:review-1 +MERGED '
# Help opened from the review returns to it (the stack of views), and the
# keys are the review's again: j scrolls it.
keys g
wait_for 'line 1 of [0-9]+'
keys '?'
wait_for 'liza-watch keys \(Esc, q or \? returns\)'
keys Escape
wait_for '^ review liza:review-1 +MERGED '
keys j
wait_for 'line 2 of [0-9]+'
# Esc goes back to the board.
keys Escape
wait_gone 'review liza:review-1'
wait_for 'approved \(1\)|APPROVED|done'
keys q
wait_exit 0
