#!/usr/bin/env bash
# The board shows the fixture's tasks in the right lanes; Enter opens every
# field; table view lists them all.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
start_hud 140 40 -C "$proj"
wait_for 'review \(1\)'

# Each task id sits under its lane's header: same column band.
s=$(screen | sed "s/─/-/g")
lane_col() { printf '%s\n' "$s" | grep -m1 -o "^.*$1 (" | awk '{print length($0)}'; }
id_col() { printf '%s\n' "$s" | grep -m1 -o "^.*$1" | awk '{print length($0)}'; }
check_lane() {
	local lane=$1 id=$2 lc ic w=$((140 / 6))
	lc=$(lane_col "$lane"); ic=$(id_col "$id")
	[ -n "$lc" ] && [ -n "$ic" ] || fail "$lane or $id not on screen"
	[ $(( (lc - 1) / w )) -eq $(( (ic - 1) / w )) ] || fail "$id not in lane $lane (cols $ic vs $lc)"
}
check_lane backlog draft-1
check_lane ready ready-1
check_lane active active-1
check_lane review review-1
check_lane blocked blocked-1
check_lane done done-1

# The task awaiting review is selected first; Enter shows its fields and history.
keys Enter
wait_for 'review_commit: def456'
wait_for 'event: submitted_for_review'
keys Escape
wait_for 'review \(1\)'

keys t
wait_for 'system +id +status'
for id in draft-1 ready-1 active-1 review-1 blocked-1 done-1; do
	screen | grep -q -- "$id" || fail "$id missing from the table view"
done
keys q
wait_exit 0
