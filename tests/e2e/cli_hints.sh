#!/usr/bin/env bash
# cli_hints.sh — what the command line tells a newcomer works as printed: a
# mistyped command gets "did you mean"; the hint after approving as a
# non-reviewer names the project (-C, quoted), so it works from any folder;
# every status directive --help lists is in the man page.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
ex=$(cd "$LW_TESTS/../examples" && pwd)

err=$("$LW_BIN" stauts 2>&1); rc=$?
[ "$rc" -eq 2 ] || fail "stauts exited $rc, not 2"
grep -q "did you mean 'status'" <<<"$err" || fail "stauts: no did-you-mean: $err"
err=$("$LW_BIN" xyzzy 2>&1)
grep -q "did you mean" <<<"$err" && fail "xyzzy: a guess that is no near: $err"

proj="$E2E_TMP/my proj"
mkdir -p "$proj" && cp -a "$ex/." "$proj/"
out=$(cd / && "$LW_BIN" -C "$proj" approve user-api --as human 2>&1) || fail "approve as human: $out"
hint=$(sed -n "s/.*approve as a reviewer: \(liza-watch .*--as code-reviewer-1\)).*/\1/p" <<<"$out")
[ -n "$hint" ] || fail "no hint: $out"
# The hint, run as printed from another folder, finds the project.
sed -i '/^  - id: user-api$/,/^  - id: /s/status: APPROVED/status: READY_FOR_REVIEW/' "$proj/.liza/state.yaml"
res=$(cd "$E2E_TMP" && eval "\"\$LW_BIN\" ${hint#liza-watch }" 2>&1) || fail "the hint as printed: $hint: $res"
grep -q 'approved_by: code-reviewer-1' "$proj/.liza/state.yaml" || fail "the hint did not approve: $res"

# The HUD's own approve question says the same, naming the project: started
# inside it (no -C), as the README's journey runs it.
sed -i '/^  - id: user-api$/,/^  - id: /s/status: APPROVED/status: READY_FOR_REVIEW/' "$proj/.liza/state.yaml"
HUD_DIR=$proj start_hud 230 40 --as human
wait_for 'user-api'
keys : a p p r o v e Space u s e r - a p i Enter
wait_for '\[y/N\]'
deadline=$(( $(date +%s) + E2E_WAIT ))
until screen | tr '\n' ' ' | grep -Eq "liza-watch[[:space:]]+-C[[:space:]]+'[^']*my[[:space:]]+proj'[[:space:]]+approve[[:space:]]+user-api[[:space:]]+--as[[:space:]]+code-reviewer-1"; do
	[ "$(date +%s)" -lt "$deadline" ] || fail "the HUD's approve hint does not name the project: $(screen)"
	sleep 0.2
done
keys n
wait_gone '\[y/N\]'
keys q
wait_exit 0

# Every directive of status --help's template list is in liza-watch(1).
dirs=$("$LW_BIN" status --help 2>&1 | grep -o '%[A-Za-z%]' | sort -u)
[ -n "$dirs" ] || fail "status --help lists no directive"
page=$(sed 's/\\-/-/g' "$LW_TESTS/../man/liza-watch.1.in")
for d in $dirs; do
	grep -qF -- ".B $d" <<<"$page" || grep -qF -- " $d" <<<"$page" || grep -qF -- "\"$d\"" <<<"$page" ||
		grep -qE -- "^\.BR? .*$d" <<<"$page" || fail "status directive $d (in --help) is not in the man page"
done
grep -qE '^\.B %a$' <<<"$page" || fail "%a is not described in liza-watch(1)"
echo ok
