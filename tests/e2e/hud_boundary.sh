#!/usr/bin/env bash
# The HUD's keys write through the same door as the CLI (lw_transition):
# a state folder linked outside the project is shown, but a (approve) and
# p (pause) are refused with the link named, and nothing outside changes
# (a listing and checksums of the outside folder, before and after).
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$(make_project "$LW_TESTS/fixtures/hud/basic")
out=$E2E_TMP/outside
mkdir -p "$out"
mv "$proj/.liza" "$out/liza-state"
ln -s "$out/liza-state" "$proj/.liza"
snap() { (cd "$out" && find . -printf '%y %m %p -> %l\n' | sort && find . -type f -exec sha256sum {} + | sort); }
before=$(snap)
start_hud 160 40 -C "$proj" --as code-reviewer-9
wait_for 'review \(1\)'
wait_for 'a approve +r reject'
keys a
wait_for '\[y/N\]'
keys y
wait_for '\.liza is a symlink to .*outside the project'
grep -q 'status: READY_FOR_REVIEW' "$out/liza-state/state.yaml" || fail "the outside state was written"
keys p
wait_for 'pause.*\[y/N\]'
keys y
wait_for 'pause liza: .*outside the project'
[ -e "$out/liza-state/PAUSE" ] && fail "a PAUSE marker was made outside"
[ "$before" = "$(snap)" ] || { diff <(echo "$before") <(snap); fail "the outside folder changed"; }
keys q
wait_exit 0
