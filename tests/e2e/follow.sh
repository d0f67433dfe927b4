#!/usr/bin/env bash
# check --follow prints an alert when it appears and a CLEAR line when it
# goes; status --follow prints a line per change; both end on EPIPE and SIGHUP.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-follow.XXXXXX)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/proj"
st=$tmp/proj/.liza/state.yaml
cp "$st" "$tmp/good.yaml"

# wait_file FILE REGEX: until FILE holds a line matching REGEX (deadline 10 s).
wait_file() {
	local end=$(( $(date +%s) + 10 ))
	while [ "$(date +%s)" -le "$end" ]; do grep -Eq -- "$2" "$1" && return 0; sleep 0.05; done
	echo "--- $1 ---" >&2; cat "$1" >&2; fail "no /$2/ in $1"
}
wait_dead() {
	local end=$(( $(date +%s) + 10 ))
	while [ "$(date +%s)" -le "$end" ]; do kill -0 "$1" 2>/dev/null || return 0; sleep 0.05; done
	fail "process $1 did not exit: $2"
}

"$LW_BIN" -C "$tmp/proj" check --follow > "$tmp/check.out" 2>&1 & pids+=($!); cpid=$!
"$LW_BIN" -C "$tmp/proj" status --follow > "$tmp/status.out" 2>&1 & pids+=($!); spid=$!
wait_file "$tmp/status.out" 'review'
lines_before=$(wc -l < "$tmp/status.out")

printf 'tasks: [broken\n' > "$st"
wait_file "$tmp/check.out" '^2026-01-20T10:20:00Z CRIT liza parse_error .*state.yaml:2:1: '
wait_file "$tmp/status.out" 'stale'
cp "$tmp/good.yaml" "$st.tmp.x" && mv "$st.tmp.x" "$st"
wait_file "$tmp/check.out" '^2026-01-20T10:20:00Z CLEAR liza parse_error .*: cleared$'
[ "$(grep -c 'CRIT liza parse_error' "$tmp/check.out")" -eq 1 ] || fail "parse_error printed more than once"
[ "$(wc -l < "$tmp/status.out")" -gt "$lines_before" ] || fail "status --follow printed no new line"
# An unchanged status is not printed again.
n=$(wc -l < "$tmp/status.out")
touch "$st"; cp "$st" "$st.tmp.y" && mv "$st.tmp.y" "$st"
sleep 0.3   # a negative check: give a wrong extra line the chance to appear
[ "$(wc -l < "$tmp/status.out")" -eq "$n" ] || fail "status --follow repeated an identical line"

kill -HUP "$cpid"; wait_dead "$cpid" "check --follow on SIGHUP"
wait "$cpid"; [ $? -eq 0 ] || fail "check --follow exit status on SIGHUP"
kill -HUP "$spid"; wait_dead "$spid" "status --follow on SIGHUP"

# EPIPE: the reader takes one line and goes; the next change must end us.
( "$LW_BIN" -C "$tmp/proj" status --follow; echo "rc=$?" > "$tmp/epipe.rc" ) | head -n 1 > /dev/null &
pids+=($!)
# Each flip between a broken and a good file changes the line (stale or not).
end=$(( $(date +%s) + 10 ))
while [ ! -f "$tmp/epipe.rc" ] && [ "$(date +%s)" -le "$end" ]; do
	printf 'tasks: [broken\n' > "$st"; sleep 0.1
	cp "$tmp/good.yaml" "$st"; sleep 0.1
done
[ -f "$tmp/epipe.rc" ] || fail "status --follow kept running after its reader left"
echo ok
