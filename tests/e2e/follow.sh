#!/usr/bin/env bash
# check --follow prints an alert when it appears and a CLEAR line when it
# goes; status --follow prints a line per change; both end on EPIPE and SIGHUP.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-follow.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/proj"
st=$tmp/proj/.liza/state.yaml
cp "$st" "$tmp/good.yaml"

# wait_file FILE REGEX: until FILE holds a line matching REGEX (a deadline of
# 30 s: it ends as soon as the line is there, only a failure waits it out).
wait_file() {
	local end=$(( $(date +%s) + 30 ))
	while [ "$(date +%s)" -le "$end" ]; do grep -Eq -- "$2" "$1" && return 0; sleep 0.05; done
	echo "--- $1 ---" >&2; cat "$1" >&2; fail "no /$2/ in $1"
}
# wait_lines FILE N: until FILE has at least N lines.
wait_lines() {
	local end=$(( $(date +%s) + 30 ))
	while [ "$(date +%s)" -le "$end" ]; do [ "$(wc -l < "$1")" -ge "$2" ] && return 0; sleep 0.05; done
	echo "--- $1 ---" >&2; cat "$1" >&2; fail "fewer than $2 lines in $1"
}
wait_dead() {
	local end=$(( $(date +%s) + 30 ))
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
# status --follow: a line for the broken file, one for the good one again.
wait_lines "$tmp/status.out" $((lines_before + 2))
# An unchanged status is not printed again.
n=$(wc -l < "$tmp/status.out")
touch "$st"; cp "$st" "$st.tmp.y" && mv "$st.tmp.y" "$st"
# Then a real change: events are handled in order, so once its line is out,
# a wrong repeat of the unchanged one would be out before it.
printf 'tasks: [broken\n' > "$st"
wait_lines "$tmp/status.out" $((n + 1))
[ "$(wc -l < "$tmp/status.out")" -eq $((n + 1)) ] || { cat "$tmp/status.out" >&2; fail "status --follow repeated an identical line"; }
cp "$tmp/good.yaml" "$st.tmp.z" && mv "$st.tmp.z" "$st"

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
