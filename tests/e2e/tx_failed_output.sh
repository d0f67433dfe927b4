#!/usr/bin/env bash
# tx_failed_output.sh — a failed transition says its one reason and nothing
# that reads as success, on the command line and in the HUD. Liza's log.yaml
# is a folder here: the board still loads (one unreadable alert about the
# log), and approve fails at the commit, after its edit ran. On main the
# edit's advice ("approved_by is 'human' … merge it yourself") was printed
# under the error of a failed approve; before that, the broken log blanked
# the board and approve said "no task".
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
rm -f "$proj/.liza/log.yaml"; mkdir "$proj/.liza/log.yaml"
cp "$proj/.liza/state.yaml" "$proj/before"

"$LW_BIN" -C "$proj" approve review-1 >"$proj/out" 2>"$proj/err"; rc=$?
[ "$rc" -eq 3 ] || fail "a failed approve exited $rc, not 3: $(cat "$proj/err")"
[ ! -s "$proj/out" ] || fail "a failed approve printed on stdout: $(cat "$proj/out")"
[ "$(wc -l <"$proj/err")" -eq 1 ] || fail "a failed approve says more than its one reason: $(cat "$proj/err")"
grep -q 'log.yaml: cannot read: a directory' "$proj/err" || fail "the reason is not named: $(cat "$proj/err")"
cmp -s "$proj/.liza/state.yaml" "$proj/before" || fail "a failed approve changed state.yaml"

# The same through a and y in the HUD: the failure, and no advice after it.
start_hud 140 40 -C "$proj"
wait_for 'review \(1\)'
wait_for 'unreadable'
wait_for 'a approve +r reject'
keys a
wait_for '\[y/N\]'
keys y
wait_for 'log.yaml: cannot read: a directory'
screen | grep -q 'merge it yourself\|-> APPROVED' && fail "the HUD shows a failed approve as done"
cmp -s "$proj/.liza/state.yaml" "$proj/before" || fail "the HUD's failed approve changed state.yaml"
exit 0
