#!/usr/bin/env bash
# check_cli.sh — `liza-watch -C DIR check` on Liza state: alert lines
# (LEVEL SYSTEM CODE SUBJECT: message), the monitoring exit codes 0/1/2/3 and
# the shape of `check --json`, at a clock fixed by LIZA_WATCH_NOW.
# Needs LW_BIN (the sanitized binary) and LW_TESTS (tests/run-e2e sets both).
set -u
: "${LW_BIN:?LW_BIN must name the liza-watch binary}"
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
examples=$LW_TESTS/fixtures/examples
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
unset NO_COLOR

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lw-check-cli.XXXXXX") && tmp=$(cd "$tmp" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# project NAME: an empty project dir with .liza/, echoes its path
# The spec files and worktree folder the states below name: liza-validate.sh
# requires them (rules spec_file, worktree_exists).
project() { mkdir -p "$tmp/$1/.liza" "$tmp/$1/specs" "$tmp/$1/w"; : >"$tmp/$1/specs/vision.md"; : >"$tmp/$1/s"; echo "$tmp/$1"; }

# run DIR [ARGS...]: sets out, err and rc
run() {
	local dir=$1; shift
	out=$("$LW_BIN" -C "$dir" check "$@" 2>"$tmp/stderr"); rc=$?
	err=$(cat "$tmp/stderr")
}

expect_rc() { [ "$rc" -eq "$1" ] || fail "$2: exit $rc, want $1 (stdout: $out; stderr: $err)"; }
expect_line() { grep -qxF -- "$1" <<<"$out" || fail "$2: no line '$1' in:"$'\n'"$out"; }
expect_match() { grep -qE -- "$1" <<<"$out" || fail "$2: nothing matches /$1/ in:"$'\n'"$out"; }

# ---- the bundled example: three stale heartbeats, nothing else (exit 1) ----
ex=$(project example)
cp "$examples/liza/state.yaml" "$examples/liza/log.yaml" "$ex/.liza/"
run "$ex"
expect_rc 1 "bundled example"
[ "$(wc -l <<<"$out")" -eq 3 ] || fail "bundled example: want 3 lines, got:"$'\n'"$out"
expect_line "WARN liza agent_stale planner-1: heartbeat 10m old (stale after 3m = 3 × heartbeat_interval 60s)" "bundled example"
expect_match '^WARN liza agent_stale coder-1: heartbeat' "bundled example"
expect_match '^WARN liza agent_stale code-reviewer-1: heartbeat' "bundled example"
# every line has the contract's shape
while IFS= read -r line; do
	[[ $line =~ ^(INFO|WARN|CRIT)\ liza\ [a-z_]+\ [^\ ]+:\ .+$ ]] || fail "line shape: '$line'"
done <<<"$out"
# the review lease (10:40) is not expired at 10:20, but is at 10:42
grep -q review_lease_expired <<<"$out" && fail "bundled example: review lease read as expired"
out=$(LIZA_WATCH_NOW=2026-01-20T10:42:00Z "$LW_BIN" -C "$ex" check); rc=$?
expect_rc 1 "bundled example at 10:42"
expect_match '^WARN liza review_lease_expired hello-docs: review lease of code-reviewer-1 expired at 2026-01-20T10:40:00Z' \
	"bundled example at 10:42"

# ---- a quiet state: no output, exit 0 ----
quiet=$(project quiet)
cp "$examples/liza/state.after-init.yaml" "$quiet/.liza/state.yaml"
run "$quiet"
expect_rc 0 "after init"
[ -z "$out" ] || fail "after init: want no output, got:"$'\n'"$out"

# ---- CRIT wins over WARN: exit 2, CRIT lines first ----
crit=$(project crit)
cp "$examples/liza/state.after-init.yaml" "$crit/.liza/state.yaml"
sed -i 's/^tasks: \[\]$/tasks:\n  - {id: task-3, status: UNCLAIMED, review_cycles_current: 5, spec_ref: s, done_when: d}\n  - {id: task-2, status: UNCLAIMED, iteration: 8, spec_ref: s, done_when: d}/' \
	"$crit/.liza/state.yaml"
run "$crit"
expect_rc 2 "crit"
expect_line "CRIT liza review_loop task-3: 5 review cycles (cliff 5): review deadlock, planner must intervene" "crit"
expect_line "WARN liza iterations_warning task-2: iteration 8 of 10: approaching the cliff" "crit"
[ "$(head -n1 <<<"$out" | cut -d' ' -f1)" = CRIT ] || fail "crit: CRIT lines must come first:"$'\n'"$out"

# ---- an invariant broken: CRIT invalid_state naming file:line:col and rule ----
inv=$(project invariant)
cp "$examples/liza/state.after-init.yaml" "$inv/.liza/state.yaml"
sed -i 's/^tasks: \[\]$/tasks:\n  - {id: t1, status: CLAIMED, assigned_to: coder-1, worktree: w, base_commit: b, spec_ref: s, done_when: d}/' \
	"$inv/.liza/state.yaml"
run "$inv"
expect_rc 2 "invariant"
expect_line "CRIT liza invalid_state t1: $inv/.liza/state.yaml:17:5: CLAIMED task has no lease_expires (rule: claimed_fields)" \
	"invariant"

# ---- a state file that does not parse: exit 3, file:line:col ----
bad=$(project bad)
printf 'version: 1\ntasks:\n  - {id: a, status: [\n' >"$bad/.liza/state.yaml"
run "$bad"
expect_rc 3 "parse error"
# The path once: file:line:col, then what (the message begins with the subject).
expect_match "^CRIT liza parse_error [^ ]*state\.yaml:[0-9]+:[0-9]+: [^/]*$" "parse error"

# ---- no state at all: exit 3 with a message ----
mkdir -p "$tmp/none"
run "$tmp/none"
expect_rc 3 "no state"
grep -q "no agent workflow state" <<<"$err" || fail "no state: stderr says: $err"

# ---- --json: one object with alerts[] and sources[] ----
run "$ex" --json
expect_rc 1 "json"
if command -v jq >/dev/null 2>&1; then
	jq -e '
		(keys == ["alerts", "sources"]) and
		(.alerts | length == 3) and
		all(.alerts[]; keys == ["code", "level", "message", "since", "subject", "system"]) and
		all(.alerts[]; .level == "WARN" and .system == "liza" and .code == "agent_stale") and
		(.alerts | map(select(.subject == "planner-1"))[0].since == "2026-01-20T10:12:30Z") and
		(.sources | length == 1) and
		(.sources[0] | keys == ["error", "ok", "path", "system"]) and
		(.sources[0].ok == true and .sources[0].error == null and .sources[0].system == "liza")
	' <<<"$out" >/dev/null || fail "json shape:"$'\n'"$out"
	run "$bad" --json
	expect_rc 3 "json parse error"
	jq -e '(.sources[0].ok == false) and (.sources[0].error | test("state\\.yaml:[0-9]+:[0-9]+: ")) and
	       (.alerts[0].code == "parse_error")' <<<"$out" >/dev/null || fail "json parse error:"$'\n'"$out"
elif command -v python3 >/dev/null 2>&1; then
	python3 -c '
import json, sys
d = json.load(sys.stdin)
assert sorted(d) == ["alerts", "sources"]
assert len(d["alerts"]) == 3
for a in d["alerts"]:
    assert sorted(a) == ["code", "level", "message", "since", "subject", "system"]
    assert a["level"] == "WARN" and a["code"] == "agent_stale"
s = d["sources"][0]
assert s["ok"] is True and s["error"] is None and s["system"] == "liza"
' <<<"$out" || fail "json shape:"$'\n'"$out"
else
	grep -q '^{"alerts": \[' <<<"$out" || fail "json: not an object with alerts: $out"
fi

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "check_cli: ok"
