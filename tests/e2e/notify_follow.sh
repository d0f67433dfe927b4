#!/usr/bin/env bash
# check --follow notifies a new CRIT exactly once through the program named
# in the user's config (argument vector, alert in LIZA_WATCH_* variables);
# a project's own .liza-watch cannot name a program. A bare name is found in
# PATH's absolute folders: with "." in PATH, run in the project, the
# project's own file of that name never runs.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-notify.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/proj"
st=$tmp/proj/.liza/state.yaml
cp "$st" "$tmp/good.yaml"
wait_until() {
	local desc=$1; shift
	local end=$(( $(date +%s) + 10 ))
	while [ "$(date +%s)" -le "$end" ]; do "$@" && return 0; sleep 0.05; done
	fail "timed out waiting for: $desc"
}
# The recorder: one file per run, written whole (temp + rename).
mkdir -p "$tmp/rec"
cat > "$tmp/record" <<EOS
#!/bin/sh
f=$tmp/rec/\$\$
{ printf 'arg=%s\n' "\$@"; env | grep '^LIZA_WATCH_' | sort; } > "\$f.tmp" && mv "\$f.tmp" "\$f.run"
EOS
chmod +x "$tmp/record"
mkdir -p "$XDG_CONFIG_HOME/liza-watch"
printf 'notify.program = %s --from-config\nnotify.gap = 0\n' "$tmp/record" > "$XDG_CONFIG_HOME/liza-watch/config"
# The project's file tries to name a program: refused, with a warning.
printf 'notify.program = %s --from-project\n' "$tmp/record" > "$tmp/proj/.liza-watch"
runs() { ls "$tmp/rec" | grep -c '\.run$'; }
runs_at_least() { [ "$(runs)" -ge "$1" ]; }

"$LW_BIN" -C "$tmp/proj" check --follow > "$tmp/out" 2> "$tmp/err" & pids+=($!); cpid=$!
wait_until "the first alerts" grep -q 'WARN liza blocked' "$tmp/out"
grep -q '\.liza-watch:1: notify.program may be set only in your own config file' "$tmp/err" ||
	fail "no warning for the project's notify.program: $(cat "$tmp/err")"
[ "$(runs)" -eq 0 ] || fail "the alerts present at start notified"
printf 'tasks: [broken\n' > "$st"
wait_until "parse_error in the stream" grep -q 'CRIT liza parse_error' "$tmp/out"
wait_until "one notification" runs_at_least 1
rec=$(cat "$tmp"/rec/*.run)
grep -qx 'arg=--from-config' <<<"$rec" || fail "not run with the config's words: $rec"
grep -q 'from-project' <<<"$rec" && fail "the project's program ran"
grep -qx 'LIZA_WATCH_CODE=parse_error' <<<"$rec" || fail "no LIZA_WATCH_CODE: $rec"
grep -qx 'LIZA_WATCH_LEVEL=CRIT' <<<"$rec" || fail "no LIZA_WATCH_LEVEL: $rec"
grep -qx "LIZA_WATCH_PROJECT=$tmp/proj" <<<"$rec" || fail "no LIZA_WATCH_PROJECT: $rec"
# The same CRIT after another reload: still one notification.
printf 'tasks: [broken again\n' > "$st"
wait_until "the second reload" grep -q 'parse_error' "$tmp/out"
cp "$tmp/good.yaml" "$st"
wait_until "the CRIT cleared" grep -q 'CLEAR liza parse_error' "$tmp/out"
[ "$(runs)" -eq 1 ] || fail "$(runs) notifications for one CRIT"
kill -TERM "$cpid"; wait "$cpid"

rm -f "$tmp"/rec/*.run
mkdir -p "$tmp/ops"
cp "$tmp/record" "$tmp/ops/lw-probe"
printf '#!/bin/sh\ntouch %s/evil-ran\n' "$tmp" > "$tmp/proj/lw-probe"
chmod +x "$tmp/proj/lw-probe"
printf 'notify.program = lw-probe --bare\nnotify.gap = 0\n' > "$XDG_CONFIG_HOME/liza-watch/config"
(cd "$tmp/proj" && PATH=".:$tmp/ops:/usr/bin:/bin" exec "$LW_BIN" --poll check --follow > "$tmp/out2" 2>&1) & pids+=($!); cpid=$!
wait_until "the first alerts (bare name)" grep -q 'WARN liza blocked' "$tmp/out2"
printf 'tasks: [broken\n' > "$st"
wait_until "a notification through PATH" runs_at_least 1
grep -qx 'arg=--bare' "$tmp"/rec/*.run || fail "the operator's lw-probe did not run"
[ ! -e "$tmp/evil-ran" ] || fail "the project's ./lw-probe ran (. in PATH)"
kill -TERM "$cpid"; wait "$cpid"
echo ok
