#!/usr/bin/env bash
# review on a project of today's Liza (Go): the verdict fields come from
# its own task model (a regression: the shell era's was read, out of
# bounds), and its log.yaml entries join the timeline.
set -u
tmp=$(mktemp -d /tmp/lw-review-go.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
proj=$tmp/go
cp -r "$LW_TESTS/conformance/liza-go/verdict-approve-quorum-1/project/." "$proj/"
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z
out=$("$LW_BIN" -C "$proj" review t-1 2>&1); rc=$?
# no repository here: the diff itself fails (3) after the fields are shown
[ "$rc" -le 3 ] || fail "review exit $rc: $out"
grep -q '^status: REVIEWING_CODE$' <<<"$out" || fail "status: $out"
grep -q '^reviewing_by: code-reviewer-1$' <<<"$out" || fail "reviewing_by: $out"
grep -q '^review_commit: 2222222222222222222222222222222222222222$' <<<"$out" || fail "review_commit: $out"
grep -q 'runtime error' <<<"$out" && fail "undefined behaviour: $out"
# the log entry a verdict writes shows in the timeline
"$LW_BIN" -C "$proj" --as code-reviewer-1 transition liza:t-1 approve >/dev/null 2>&1 || fail "approve"
out=$("$LW_BIN" -C "$proj" review t-1 2>&1)
grep -q 'action: approved' <<<"$out" || fail "log entry not in the timeline: $out"
grep -q '^approved_by: code-reviewer-1$' <<<"$out" || fail "approved_by: $out"
exit 0
