#!/usr/bin/env bash
# Long text is never cut at the screen's edge (issue 36 items 5 and 7): a
# 2,371-character reject reason reads in full in the review view (v), wrapped
# onto as many lines as it takes, as the README promises; and the override
# question names who holds the review lease and until when, wrapped above
# the [y/N] instead of cut at 120 characters.
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$E2E_TMP/proj
make_review_project "$proj"
st=$proj/.liza/state.yaml
reason="$(printf 'w%04d ' $(seq 1 393))the-end-of-it"
[ "${#reason}" = 2371 ] || fail "the reason is ${#reason} characters"
sed -i "s/^          and main returns 0\$/          $reason/" "$st"
grep -q 'the-end-of-it' "$st" || fail "the reason was not written"

start_hud 80 24 -C "$proj"
wait_for 'review \(1\)'
keys v
wait_for 'review liza:review-1 +READY_FOR_REVIEW'
# Line by line down the reason: every word comes into view, the last too.
for w in w0001 w0100 w0200 w0300 w0393 the-end-of-it; do
	for _ in $(seq 1 40); do screen | grep -q -- "$w" && break; keys Down; sleep 0.05; done
	wait_for "$w"
done
# The wrapped rows start two columns in, under the row they continue.
screen | grep -qE '^  w0[0-9]{3} ' || fail "the reason's further lines are not indented"
keys Escape q; wait_exit 0

# Go Liza: code-1 is reviewed by code-reviewer-1 under a live lease; the
# operator (human) approves at 80 columns: the question is asked whole.
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z
new_server
go=$E2E_TMP/go; mkdir -p "$go"; cp -r "$LW_TESTS/fixtures/liza-go/basic/." "$go/"
start_hud 80 24 -C "$go"
wait_for 'a approve'
keys a
wait_for 'approve liza:code-1 as human\? \[y/N\]'
keys y
wait_for 'Override\? \[y/N\]'
# The whole reason, over as many rows as it takes: the lease holder, its end.
flat=$(screen | tr -s ' \n' '  ')
case $flat in
*"code-reviewer-1 holds the review lease until 2026-11-25"*"left); override with --force"*) ;;
*) fail "the override question is cut: $flat" ;;
esac
grep -q 'status: REVIEWING_CODE' "$go/.liza/state.yaml" || fail "asking must not write"
keys n
wait_gone 'Override\?'
keys q; wait_exit 0
