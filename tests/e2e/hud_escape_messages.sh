#!/usr/bin/env bash
# The HUD's message line quotes state files escaped: an approve of a task whose
# id holds an OSC title change, a bidi override and zero-width characters says
# so in caret text, and the terminal's title is never set.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
st=$proj/.liza/state.yaml
YAML='\e]2;pwned\a\u202e\u200b\u2060'
sed -i "s/^  - id: review-1\$/  - id: \"review-1${YAML//\\/\\\\}\"/" "$st"
grep -q 'review-1\\e' "$st" || fail "fixture: review-1 not renamed"
start_hud 160 40 -C "$proj" --as code-reviewer-9
wait_for 'a approve +r reject'
keys a
wait_for '\[y/N\]'
keys y
wait_for 'review-1\^\[\]2;pwned\^G\?\?\?: READY_FOR_REVIEW -> APPROVED' 20
grep -q 'status: APPROVED' "$st" || fail "not approved"
title=$("${TMUX_CMD[@]}" display-message -p -t t '#{pane_title}')
[ "${title#*pwned}" = "$title" ] || fail "the terminal title was set: $title"
keys q
wait_exit 0
