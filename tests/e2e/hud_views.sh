#!/usr/bin/env bash
# The views on their stack (tui/view.h), as the screen shows it: a prompt
# asked from the activity feed is drawn over the feed (it showed the board),
# and Esc returns to the feed; a detail view whose task is gone closes and
# the board is drawn at once, without a key (the screen stayed blank). Help
# opened from a review returning to the review is in hud_review.sh.
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$E2E_TMP/proj
make_review_project "$proj"
start_hud 120 32 -C "$proj"
wait_for 'review \(1\)'

keys F
wait_for '^ Activity: [0-9]+ of [0-9]+ lines'
keys '&'   # / searches the feed (issue 39); & filters it, as in less
wait_for '^filter the activity \(system, subject, kind, text\):'
screen | grep -Eq '^ Activity: [0-9]+ of [0-9]+ lines' || fail "the feed is not under its filter's prompt"
keys Escape
wait_gone '^filter the activity'
wait_for '^ Activity: [0-9]+ of [0-9]+ lines'
keys q
wait_for 'review \(1\)'

# The task under the detail view goes away (another writer empties the list).
keys Enter
wait_for '^ liza:review-1 +READY_FOR_REVIEW'
st=$proj/.liza/state.yaml
sed '/^tasks:/,$d' "$st" > "$st.new"
printf 'tasks: []\n' >> "$st.new"
mv "$st.new" "$st"
wait_gone '^ liza:review-1 +READY_FOR_REVIEW'
wait_for 'review \(0\)'
keys q
wait_exit 0
