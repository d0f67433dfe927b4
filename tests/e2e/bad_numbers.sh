#!/usr/bin/env bash
# Nonsensical numbers are said, never a check silently off: a limit of 0 or
# below (max_iterations, max_coder_iterations, WIP limits, AoT constraints)
# is a WARN bad_limit naming file:line, and a schema version no reader knows
# is a WARN unknown_schema, in every system.
set -u
tmp=$(mktemp -d /tmp/lw-badnum.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# has OUTPUT REGEX: the check printed a line matching REGEX.
has() { printf '%s\n' "$1" | grep -Eq -- "$2" || fail "no /$2/ in:
$1"; }

# Liza: a task's max_iterations 0, the config's -1, version 7.
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/liza"
st=$tmp/liza/.liza/state.yaml
sed -i 's/^version: 1$/version: 7/; s/^    iteration: 2$/    iteration: 2\n    max_iterations: 0/; s/^  max_coder_iterations: 10$/  max_coder_iterations: -1/' "$st"
out=$(LIZA_WATCH_NOW=2026-01-20T10:20:00Z "$LW_BIN" -C "$tmp/liza" check)
has "$out" '^WARN liza bad_limit active-1: .*state.yaml:[0-9]+:[0-9]+: max_iterations: 0 is no limit'
has "$out" '^WARN liza bad_limit config: .*state.yaml:[0-9]+:[0-9]+: max_coder_iterations: -1 is no limit'
has "$out" '^WARN liza unknown_schema version: .*state.yaml:2:[0-9]+: version 7 is not a Liza schema'
# The cliff still judged, by the default (10): iteration 2 of 10, no alert.
printf '%s\n' "$out" | grep -q 'iterations_' && fail "a bad limit was used: $out"

# Foreman: WIP limits of 0 and -3 in factory.json; ACP: schema_version 9.
cp -r "$LW_TESTS/fixtures/hud/foreman-acp" "$tmp/fa"
printf '{"wipLimits": {"executing": 0, "ready": -3}}\n' > "$tmp/fa/.taskfactory/factory.json"
sed -i 's/"schema_version": 2/"schema_version": 9/' "$tmp/fa/agent_workspaces/Agent-2/state.json"
out=$(LIZA_WATCH_NOW=2026-02-20T14:22:00Z "$LW_BIN" -C "$tmp/fa" check)
has "$out" '^WARN foreman bad_limit factory.json: .*factory.json:1:[0-9]+: wipLimits.executing: 0 is no limit'
has "$out" '^WARN foreman bad_limit factory.json: .*factory.json:1:[0-9]+: wipLimits.ready: -3 is no limit'
has "$out" '^WARN acp unknown_schema Agent-2: .*state.json:[0-9]+:[0-9]+: schema_version 9 is not one this reads'
"$LW_BIN" -C "$tmp/fa" status | grep -q 'wip 1/1' || fail "the WIP default did not stand in"

# AoT: constraints max_iterations 0.
cp -r "$LW_TESTS/fixtures/aot/running" "$tmp/aot"
sed -i 's/^    max_iterations: 20$/    max_iterations: 0/' "$tmp/aot/.claude/aot-loop-state.md"
out=$("$LW_BIN" -C "$tmp/aot" check)
has "$out" '^WARN aot bad_limit constraints: .*aot-loop-state.md:[0-9]+:[0-9]+: max_iterations: 0 is no limit'

# RCS: a mode's max_iterations -1.
cp -r "$LW_TESTS/fixtures/rcs/team-forge" "$tmp/rcs"
sed -i 's/"max_iterations": 5,/"max_iterations": -1,/' "$tmp/rcs/.rcs/state/sessions/s1/forge-state.json"
out=$("$LW_BIN" -C "$tmp/rcs" check)
has "$out" '^WARN rcs bad_limit [a-z]+: .*forge-state.json:[0-9]+:[0-9]+: max_iterations: -1 is no limit'
exit 0
