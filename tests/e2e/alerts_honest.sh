#!/usr/bin/env bash
# Alerts say what happened, once, and only advice that still applies:
# a watched project removed (rm -rf) is one project_gone alert, not a CRIT
# per file its last state names; an APPROVED task has no review-loop or
# failure warnings, a BLOCKED one no "block or rescope"; an approve in a
# project without .liza/log.yaml says the log was not written; YAML merge
# keys (<<: *defaults) are read as YAML means them; a parse error names its
# file once; durations read as everywhere else (1h00m, not "60 minutes");
# one task is "1 task".
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-honest.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z LIZA_WATCH_CACHE=0
lw() { "$LW_BIN" "$@"; }
# wait_for FILE REGEX: until a line of FILE matches (a deadline, not a sleep).
wait_for() {
	local end=$(( $(date +%s) + 30 ))
	until grep -qE -- "$2" "$1" 2>/dev/null; do
		[ "$(date +%s)" -lt "$end" ] || fail "no /$2/ in $1: $(tail -5 "$1")"
		sleep 0.05
	done
}

# --- rm -rf of a watched project: one project_gone
# The follower runs as itself, not through lw: a function run in the
# background is a subshell, and killing it left liza-watch running.
# Its path is this test's own: what is left of it can be looked for.
cp -r "$LW_TESTS/../examples" gone
"$LW_BIN" -C "$tmp/gone" check --follow > follow.out 2>follow.err & pids+=($!); fpid=$!
wait_for follow.out 'WARN liza blocked circuit-breaker'
rm -rf gone
wait_for follow.out 'CRIT liza project_gone [^ ]*gone: '
# Replay raised and cleared: what stands at the end is the one alert.
standing=$(awk '
	{ key = $3 " " $4 " " $5; sub(/:$/, "", key) }
	$2 == "CLEAR" { delete up[key]; next }
	{ up[key] = 1 }
	END { for (k in up) print k }' follow.out | sort)
[ "$(printf '%s\n' "$standing" | wc -l)" -eq 1 ] && printf '%s' "$standing" | grep -q '^liza project_gone ' ||
	fail "after rm -rf, standing alerts: $standing"
# It keeps following (the project may come back) until told to stop, and
# stops: nothing of this test is left running.
kill -TERM "$fpid"; wait "$fpid"; rc=$?
[ "$rc" -eq 0 ] || fail "check --follow ended by SIGTERM exited $rc"
left=$(pgrep -f -- "-C $tmp/gone ")
[ -z "$left" ] || fail "left running after the test stopped it: $(ps -o pid=,args= -p "$(echo $left | tr ' ' ,)")"

# --- APPROVED and BLOCKED tasks: no advice that no longer applies
cp -r "$LW_TESTS/../examples" p
out=$(lw -C p check)
printf '%s\n' "$out" | grep -q 'failure_risk order-api' || fail "the fixture lost its failure_risk"
printf '%s\n' "$out" | grep -q 'review_cycles_warning order-api' || fail "the fixture lost its review warning"
sed -i '/^  - id: order-api$/,/^  - id:/ s/^    status: REJECTED$/    status: APPROVED/' p/.liza/state.yaml
sed -i '/^  - id: payment-api$/,/^  - id:/ { s/^    status: CLAIMED$/    status: BLOCKED/; s/^    iteration: 8$/    iteration: 10/ }' \
	p/.liza/state.yaml
out=$(lw -C p check)
printf '%s\n' "$out" | grep -E ' (failure_risk|review_cycles_warning|review_loop|iterations_[a-z]+) order-api' &&
	fail "an APPROVED task keeps its review warnings: $out"
printf '%s\n' "$out" | grep -E 'payment-api.*(block or rescope|approaching the cliff)' &&
	fail "a BLOCKED task is told to block: $out"

# --- no log.yaml: the approve says the log was not written
cp -r "$LW_TESTS/fixtures/hud/basic" nolog
rm -f nolog/.liza/log.yaml
out=$(lw -C nolog approve review-1 --as code-reviewer-1 2>&1) || fail "approve without log.yaml: $out"
printf '%s' "$out" | grep -q 'note: log.yaml not updated: there is no .liza/log.yaml' || fail "nothing said of the log: $out"
[ ! -e nolog/.liza/log.yaml ] || fail "a log.yaml was made"
grep -q 'event: approved' nolog/.liza/state.yaml || fail "the history has no approved entry"

# --- merge keys
cp -r "$LW_TESTS/fixtures/hud/basic" merge
python3 - merge/.liza/state.yaml <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
s = s.replace("  - id: ready-1\n", "  - &ready\n    id: ready-1\n", 1)
s = s.replace("  - id: active-1\n", "  - <<: *ready\n    id: ready-2\n    description: the same defaults\n  - id: active-1\n", 1)
open(p, "w").write(s)
PY
grep -q '<<: \*ready' merge/.liza/state.yaml || fail "the merge key was not written"
out=$(lw -C merge check)
printf '%s\n' "$out" | grep -q 'invalid_state ready-2' && fail "a merge key read as a missing field: $out"
lw -C merge status | grep -q ' 2 ready' || fail "ready-2 is not ready: $(lw -C merge status)"

# --- a parse error names its file once
printf 'tasks: [\n' > merge/.liza/state.yaml
line=$(lw -C merge check | grep parse_error)
[ "$(printf '%s' "$line" | grep -o 'state\.yaml' | wc -l)" -eq 1 ] || fail "the path twice: $line"
printf '%s' "$line" | grep -qE '^CRIT liza parse_error [^ ]*/state\.yaml:[0-9]+:[0-9]+: ' || fail "not file:line:col: $line"

# --- durations through the one formatter
cp -r "$LW_TESTS/conformance/liza-go/anomaly-stalled/project" stalled
out=$(LIZA_WATCH_NOW=2026-11-25T10:00:00Z lw -C stalled check)
printf '%s\n' "$out" | grep -qE 'stalled progress: no task progress for [0-9]+(d[0-9]{2}h|h[0-9]{2}m|m)$' ||
	fail "stalled: $out"
printf '%s\n' "$out" | grep -q 'minutes' && fail "a duration in minutes: $out"

# --- one task
mkdir -p one/.liza
cat > one/.liza/state.yaml <<'YAML'
version: 1
tasks:
  - id: only-1
    description: The one task
    status: DRAFT
    created: "2026-01-20T10:15:00Z"
YAML
lw -C one status --tmux | sed 's/#\[[^]]*\]//g' | grep -q '| 1 task$' || fail "one task: $(lw -C one status --tmux)"
echo ok
