#!/usr/bin/env bash
# status: the plain, tmux and JSON lines, --format templates, usage errors.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-status.XXXXXX); trap 'rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/p"
lw() { "$LW_BIN" -C "$tmp/p" "$@"; }

out=$(lw status) || fail "status exit $?"
[ "$out" = "liza: 1 backlog, 1 ready, 1 active, 1 review, 1 blocked, 1 done | 1 to review | 1 WARN" ] \
	|| fail "plain line: $out"
out=$(lw status --tmux)
case "$out" in
*'#[fg=cyan,bold]1 to review#[default]'*'#[fg=black,bg=yellow]1 WARN#[default]') ;;
*) fail "tmux line: $out" ;;
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
"$LW_BIN" -C "$tmp/nope" status >/dev/null 2>&1; [ $? -eq 3 ] || fail "missing dir must exit 3"
"$LW_BIN" --version | grep -q '^liza-watch [0-9]' || fail "--version"
"$LW_BIN" --help | grep -q 'status \[--tmux|--json\]' || fail "--help"
LIZA_WATCH_NOW=yesterday "$LW_BIN" -C "$tmp/p" status >/dev/null 2>&1; [ $? -eq 2 ] || fail "bad LIZA_WATCH_NOW must exit 2"
echo ok
