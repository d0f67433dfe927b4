#!/usr/bin/env bash
# `queue` (issue 40) on a real git repository: the task under review shows
# the counts of its change (+3 -1 in 3 files, the stat `review` prints),
# counted by git once; --sort orders; a bad --sort is a usage error; and
# --follow says when an item leaves and when it arrives.
. "$(dirname "$0")/../tmux-lib.sh"
. "$LW_TESTS/review-repo.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
proj=$E2E_TMP/proj
make_review_project "$proj"
st=$proj/.liza/state.yaml
out=$("$LW_BIN" -C "$proj" queue --json) || fail "queue exited $?"
line=$(grep '"subject": "review-1"' <<<"$out") || fail "review-1 is not in the queue: $out"
grep -q '"kind": "review"' <<<"$line" || fail "kind: $line"
grep -q '"added": 3, "removed": 1, "files": 3}' <<<"$line" || fail "the counts of the change: $line"
txt=$("$LW_BIN" -C "$proj" queue) || fail "queue exited $?"
grep -q 'liza:review-1  review  .*+3 -1 in 3 files$' <<<"$txt" || fail "the text line: $txt"
"$LW_BIN" -C "$proj" queue --sort kind >/dev/null || fail "--sort kind"
"$LW_BIN" -C "$proj" queue --sort nope 2>"$E2E_TMP/err" && fail "--sort nope accepted"
grep -q 'one of age, project, system, kind' "$E2E_TMP/err" || fail "the --sort message: $(cat "$E2E_TMP/err")"

"$LW_BIN" -C "$proj" queue --json --follow > "$E2E_TMP/follow" 2>"$E2E_TMP/follow.err" & fpid=$!
wait_file() {
	local end=$(( $(date +%s) + 30 ))
	until grep -q "$1" "$E2E_TMP/follow" 2>/dev/null || [ "$(date +%s)" -gt "$end" ]; do sleep 0.05; done
	grep -q "$1" "$E2E_TMP/follow" || { kill "$fpid"; fail "--follow: no /$1/ in $(cat "$E2E_TMP/follow") $(cat "$E2E_TMP/follow.err")"; }
}
wait_file '"event": "arrived", "item": {"project": "proj", "system": "liza", "subject": "review-1"'
sed -i 's/status: READY_FOR_REVIEW/status: APPROVED/' "$st"
wait_file '"event": "left", "item": {"project": "proj", "system": "liza", "subject": "review-1"'
kill "$fpid"; wait "$fpid" 2>/dev/null
exit 0
