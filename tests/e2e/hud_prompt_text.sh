#!/usr/bin/env bash
# What is typed in a prompt reaches the state whole (issue 29): a reject
# reason and a note of 300 non-ASCII characters (600 bytes, past the old
# 511-byte cut that split a character and failed as "value is not valid
# UTF-8 text") are stored byte for byte; C-w deletes the word before the
# cursor; a write that fails gives the typed text back in its prompt.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
st=$proj/.liza/state.yaml

long=$(printf 'é%.0s' $(seq 300))
reason="start $long end"
start_hud 160 40 -C "$proj" --as code-reviewer-9
wait_for 'a approve +r reject'
keys r
wait_for 'reject (liza:)?review-1: reason:'
keys -l "$reason"
keys Enter
wait_for 'review-1: READY_FOR_REVIEW -> REJECTED' 20
grep -qxF -- "    rejection_reason: $reason" "$st" || { grep -n rejection_reason "$st"; fail "the reason was not stored whole"; }

# A note for every agent (Tab leaves the board: the note is for all).
keys Tab
keys n
wait_for 'note for all (liza )?agents'
wait_for 'Enter writes note with this text; Esc cancels'
keys -l "note $long"
keys Enter
wait_for 'note' 20
wait_until 20 "the note in the state, whole" grep -qE -- "message: note $long(,|$)" "$st"   # flow style, or block
keys BTab

# C-w: the word before the cursor (and the blanks after it) goes.
sed -i 's/status: REJECTED/status: READY_FOR_REVIEW/' "$st"
wait_for '!review-1' 20
keys r
wait_for 'reject liza:review-1: reason:'
keys -l 'alpha beta gamma  '
keys C-w C-w
keys -l 'delta'
wait_for 'reason: alpha delta'
# The task moves meanwhile (another reviewer): the write is refused, and
# the text comes back in the prompt, with why above it.
sed -i 's/status: READY_FOR_REVIEW/status: APPROVED/' "$st"
wait_gone '!review-1' 20
keys Enter
wait_for 'Your text is kept: Enter tries again' 20
wait_for 'reject liza:review-1: reason: alpha delta'
grep -q 'status: APPROVED' "$st" || fail "written although the task had moved"
keys Escape
wait_gone 'reason: alpha delta'
keys q
wait_exit 0
