#!/usr/bin/env bash
# liza_go_settings.sh — which upstream Liza the rules follow (--version,
# config), which generation each liza.* setting applies to (config), and a
# shell-era setting set on today's Liza reported once as WARN
# setting_ignored, never silently dropped.
set -u
: "${LW_BIN:?LW_BIN must name the binary}" "${LW_TESTS:?LW_TESTS must name the tests folder}"
fail() { echo "FAIL: $*"; exit 1; }
"$LW_BIN" --version | grep -q 'liza rules follow liza-mas/liza.*0323e95' || fail "--version: $("$LW_BIN" --version)"
"$LW_BIN" --version | grep -q 'liza rules follow liza-mas/liza.*provider declarations at 03b359a' || fail "--version names 03b359a: $("$LW_BIN" --version)"
conf=$("$LW_BIN" config)
grep -q '^# liza rules follow: liza-mas/liza' <<<"$conf" || fail "config names no upstream"
grep -B2 '^liza.pause =' <<<"$conf" | grep -q 'shell era only' || fail "config: liza.pause's generation"
grep -B2 '^liza.stale-draft =' <<<"$conf" | grep -q 'both generations' || fail "config: liza.stale-draft's generation"
tmp=$(mktemp -d /tmp/lw-settings.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
cp -a "$LW_TESTS/conformance/liza-go/anomaly-stale-draft-default-quiet/project/." "$tmp/"
printf 'liza.pause = 10m,1h\nliza.failure-risk-cycles = 4\n' >"$tmp/.liza-watch"
out=$(LIZA_WATCH_NOW=2026-11-25T10:00:00Z "$LW_BIN" -C "$tmp" check)
[ "$(grep -c 'setting_ignored liza.pause' <<<"$out")" = 1 ] || fail "liza.pause not reported once: $out"
grep -q 'setting_ignored liza.failure-risk-cycles: liza.failure-risk-cycles = 4 is set' <<<"$out" || fail "$out"
exit 0
