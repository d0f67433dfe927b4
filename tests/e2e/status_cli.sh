#!/usr/bin/env bash
# status: the plain, tmux and JSON lines, --format templates, usage errors.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-status.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/p"
lw() { "$LW_BIN" -C "$tmp/p" "$@"; }

out=$(lw status) || fail "status exit $?"
[ "$out" = "liza: 1 backlog, 1 ready, 1 active, 1 review, 1 blocked, 1 done | 1 to review | 1 WARN" ] \
	|| fail "plain line: $out"
# Today's Liza: the sprint's progress and what slows the team (a degraded
# agent), not the pipeline's provenance; a missing pipeline.yaml is said.
cp -r "$LW_TESTS/fixtures/liza-go/basic" "$tmp/go"
out=$(LIZA_WATCH_NOW=2026-11-25T10:00:00Z "$LW_BIN" -C "$tmp/go" status)
case $out in "liza: sprint 1/5 1 degraded, "*) ;; *) fail "Go Liza's line: $out" ;; esac
rm "$tmp/go/.liza/pipeline.yaml"
out=$(LIZA_WATCH_NOW=2026-11-25T10:00:00Z "$LW_BIN" -C "$tmp/go" status)
case $out in "liza: sprint 1/5 1 degraded no pipeline.yaml, "*) ;; *) fail "no pipeline.yaml: $out" ;; esac
# tmux: compact by default, the counts first, within tmux's default 40 columns
# (status-right-length); the long line behind --format long, its counts
# first too (tmux cuts a line longer than status-right-length at its end).
out=$(lw status --tmux)
[ "$out" = '#[fg=black,bg=yellow]1 WARN#[default] | #[fg=cyan,bold]1 to review#[default] | 1 active' ] \
	|| fail "compact tmux line: $out"
vis=$(printf '%s' "$out" | sed 's/#\[[^]]*\]//g')
[ ${#vis} -le 40 ] || fail "compact tmux line is ${#vis} columns: $vis"
out=$(lw status --tmux --format long)
case "$out" in
'#[fg=black,bg=yellow]1 WARN#[default] | #[fg=cyan,bold]1 to review#[default] | liza: 1 backlog'*) ;;
*) fail "long tmux line: $out" ;;
esac
out=$(lw status --json)
printf '%s' "$out" | grep -q '"lanes": {"backlog": 1, "ready": 1, "active": 1, "review": 1, "blocked": 1, "done": 1}' \
	|| fail "json lanes: $out"
printf '%s' "$out" | grep -q '"alerts": {"CRIT": 0, "WARN": 1, "INFO": 0}' || fail "json alerts: $out"
out=$(lw status --format '%S %R/%T w%W c%c w%w i%i 100%%')
[ "$out" = "liza 1/6 w1 c0 w1 i0 100%" ] || fail "format: $out"

# A broken file: the line says error (no last good snapshot in a one-shot run).
printf 'tasks: [\n' > "$tmp/p/.liza/state.yaml"
out=$(lw status) || fail "status must not fail on a broken file"
case "$out" in "liza: error | 1 CRIT") ;; *) fail "broken: $out" ;; esac

lw status --bogus >/dev/null 2>&1; [ $? -eq 2 ] || fail "unknown option must exit 2"
# An unknown option: one line from getopt and one hint, never the whole help.
err=$(lw status --bogus 2>&1 >/dev/null)
[ "$(printf '%s\n' "$err" | wc -l)" -eq 2 ] || fail "status --bogus should print two lines: $err"
printf '%s' "$err" | grep -q "try 'liza-watch status --help'" || fail "no hint: $err"
err=$("$LW_BIN" --bogus 2>&1 >/dev/null); [ $? -eq 2 ] || fail "--bogus must exit 2"
[ "$(printf '%s\n' "$err" | wc -l)" -eq 2 ] || fail "--bogus should print two lines: $err"
# A global option after the command works as before it.
[ "$(lw status --poll=200)" = "$(lw status)" ] || fail "status --poll=200 differs from status"
[ "$("$LW_BIN" status -C "$tmp/p" --no-color)" = "$(lw status)" ] || fail "status -C DIR differs from -C DIR status"
# Conflicting styles are an error, not a silent pick.
err=$(lw status --json --tmux 2>&1 >/dev/null); [ $? -eq 2 ] || fail "--json --tmux must exit 2"
printf '%s' "$err" | grep -q 'do not go together' || fail "conflict not named: $err"
lw status --json --format '%T' >/dev/null 2>&1; [ $? -eq 2 ] || fail "--json --format must exit 2"
"$LW_BIN" -C "$tmp/nope" status >/dev/null 2>&1; [ $? -eq 3 ] || fail "missing dir must exit 3"
"$LW_BIN" --version | grep -q '^liza-watch [0-9]' || fail "--version"
"$LW_BIN" --help | grep -q 'status \[--tmux|--json\]' || fail "--help"
LIZA_WATCH_NOW=yesterday "$LW_BIN" -C "$tmp/p" status >/dev/null 2>&1; [ $? -eq 2 ] || fail "bad LIZA_WATCH_NOW must exit 2"
echo ok
