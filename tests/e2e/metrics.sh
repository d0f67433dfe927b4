#!/usr/bin/env bash
# metrics: the Prometheus text format that promtool accepts, each gauge's value
# on a fixture, label values escaped, --output replaced atomically (a reader
# never sees it half-written), --follow keeping it current, and the JSON
# streams of check --follow --json and status --follow --json.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v promtool >/dev/null || fail "promtool is missing (make deps-test fetches it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"
tmp=$(mktemp -d /tmp/lw-metrics.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
# A project directory whose name needs escaping in a label value.
proj=$tmp/'we"ird\proj'
cp -r "$LW_TESTS/fixtures/hud/basic" "$proj"
st=$proj/.liza/state.yaml

# wait_until DESC CMD...: until CMD succeeds (deadline 10 s).
wait_until() {
	local desc=$1; shift
	local end=$(( $(date +%s) + 10 ))
	while [ "$(date +%s)" -le "$end" ]; do "$@" && return 0; sleep 0.05; done
	fail "timed out waiting for: $desc"
}

"$LW_BIN" -C "$proj" metrics > "$tmp/m.txt" || fail "metrics exited $?"
promtool check metrics < "$tmp/m.txt" || fail "promtool rejects the exposition: $(cat "$tmp/m.txt")"
# The project label is the directory's last component (escaped: \" and \\).
lbl='project="we\"ird\\proj",system="liza"'
expect() { grep -qxF -- "$1" "$tmp/m.txt" || fail "no line '$1' in: $(cat "$tmp/m.txt")"; }
expect "liza_watch_source_up{$lbl} 1"
expect "liza_watch_source_stale{$lbl} 0"
for lane in backlog ready active review blocked done; do expect "liza_watch_tasks{$lbl,lane=\"$lane\"} 1"; done
expect "liza_watch_alerts{$lbl,level=\"CRIT\"} 0"
expect "liza_watch_alerts{$lbl,level=\"WARN\"} 1"
expect "liza_watch_alerts_by_code{$lbl,code=\"blocked\",level=\"WARN\"} 1"
expect "liza_watch_tasks_awaiting_review{$lbl} 1"
# review-1 was submitted at 10:00, the clock says 10:20.
expect "liza_watch_review_oldest_wait_seconds{$lbl} 1200"
expect "liza_watch_tasks_near_iteration_limit{$lbl} 0"
# No per-task series: no task id appears in any label.
grep -q 'review-1' "$tmp/m.txt" && fail "a task id in the metrics: cardinality must not grow with tasks"

# --follow needs a file; a stray argument is a usage error.
"$LW_BIN" -C "$proj" metrics --follow >/dev/null 2>&1; [ $? -eq 2 ] || fail "metrics --follow without --output"
"$LW_BIN" -C "$proj" metrics extra >/dev/null 2>&1; [ $? -eq 2 ] || fail "metrics with an operand"

# --follow --output: the file follows the state; a reader never sees it torn.
out=$tmp/textfile/liza.prom
mkdir -p "$tmp/textfile"
"$LW_BIN" -C "$proj" metrics --follow --output "$out" 2>"$tmp/follow.err" & pids+=($!); fpid=$!
wait_until "the textfile" test -s "$out"
cp "$st" "$tmp/good.yaml"
sed 's/status: BLOCKED/status: UNCLAIMED/' "$tmp/good.yaml" > "$tmp/unblocked.yaml"
# A reader in a tight loop, checking every copy it reads is whole.
( n=0; while [ ! -f "$tmp/stop" ]; do
	cp "$out" "$tmp/read.prom" 2>/dev/null || continue
	tail -n 1 "$tmp/read.prom" | grep -q '^liza_watch_tasks_at_review_limit{' || { cp "$tmp/read.prom" "$tmp/torn.prom"; break; }
	n=$((n + 1))
  done; echo "$n" > "$tmp/reads" ) & pids+=($!); rpid=$!
for i in $(seq 1 20); do
	cp "$tmp/unblocked.yaml" "$st"
	wait_until "blocked 0 (round $i)" grep -qF "liza_watch_tasks{$lbl,lane=\"blocked\"} 0" "$out"
	cp "$tmp/good.yaml" "$st"
	wait_until "blocked 1 (round $i)" grep -qF "liza_watch_tasks{$lbl,lane=\"blocked\"} 1" "$out"
done
touch "$tmp/stop"; wait "$rpid"
[ -f "$tmp/torn.prom" ] && fail "a reader saw a torn textfile: $(tail -3 "$tmp/torn.prom")"
[ "$(cat "$tmp/reads")" -gt 0 ] || fail "the reader read nothing"
promtool check metrics < "$out" || fail "promtool rejects the followed file"
ls -a "$tmp/textfile" | grep -v '^\.\.\?$' | grep -vx 'liza.prom' && fail "a temp file left beside the textfile"
kill -TERM "$fpid"; wait "$fpid"; [ $? -eq 0 ] || fail "metrics --follow exit status on SIGTERM: $(cat "$tmp/follow.err")"

# check --follow --json and status --follow --json: one JSON object per line.
"$LW_BIN" -C "$proj" check --follow --json > "$tmp/check.jsonl" 2>&1 & pids+=($!); cpid=$!
"$LW_BIN" -C "$proj" status --follow --json > "$tmp/status.jsonl" 2>&1 & pids+=($!); spid=$!
wait_until "check's first object" grep -q '"code": "blocked"' "$tmp/check.jsonl"
wait_until "status's first object" test -s "$tmp/status.jsonl"
cp "$tmp/unblocked.yaml" "$st"
wait_until "the cleared event" grep -q '"event": "cleared"' "$tmp/check.jsonl"
lines_at_least() { [ "$(wc -l < "$2")" -ge "$1" ]; }
wait_until "status's second object" lines_at_least 2 "$tmp/status.jsonl"
kill -TERM "$cpid" "$spid"; wait "$cpid" "$spid" 2>/dev/null
while IFS= read -r line; do
	jq -e 'type == "object" and (.event == "raised" or .event == "cleared") and (.time | test("^2026-01-20T10:20:00Z$"))
	       and (.level | IN("INFO","WARN","CRIT")) and has("system") and has("code") and has("subject")' \
	   <<<"$line" >/dev/null || fail "check --follow --json line is not an alert event: $line"
done < "$tmp/check.jsonl"
jq -se 'map(select(.code == "blocked")) | map(.event) == ["raised", "cleared"]' "$tmp/check.jsonl" >/dev/null ||
	fail "blocked was not raised then cleared: $(cat "$tmp/check.jsonl")"
while IFS= read -r line; do
	jq -e 'type == "object" and has("systems") and has("alerts")' <<<"$line" >/dev/null ||
		fail "status --follow --json line is not a status object: $line"
done < "$tmp/status.jsonl"
echo ok
