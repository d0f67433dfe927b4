#!/usr/bin/env bash
# review on the other systems: ACP shows the evidence files (text, size
# limited, binary refused, outside refused), AoT the atom's binding and its
# artifacts, Foreman the acceptance criteria and the plan.
set -u
tmp=$(mktemp -d /tmp/lw-review-sys.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
lw() { "$LW_BIN" -C "$1" review "${@:2}"; }

# ---- ACP ----
proj=$tmp/acp
cp -r "$LW_TESTS/fixtures/hud/foreman-acp/." "$proj/"
export LIZA_WATCH_NOW=2026-02-20T14:22:00Z
ev=communications/overnight_20260220_/Agent-5/tp-validate-and-tighten-tests/pytest_summary.txt
out=$(lw "$proj" Agent-2) || fail "acp review exit $?"
grep -q "$ev: no such file in the project" <<<"$out" || fail "missing evidence not said: $out"
grep -Eq '12m ago +last_event: step_passed  EXECUTING_TASK -> AWAITING_APPROVAL' <<<"$out" || fail "timeline: $out"
mkdir -p "$proj/$(dirname "$ev")"
printf '12 passed in 0.4s\n\e]0;pwned\a\n' > "$proj/$ev"
out=$(lw "$proj" Agent-2) || fail "acp review exit $?"
grep -q "^$ev (29 bytes)$" <<<"$out" || fail "evidence file not shown: $out"
grep -q '^12 passed in 0.4s$' <<<"$out" || fail "evidence text not shown: $out"
grep -Fq '^[]0;pwned^G' <<<"$out" || fail "evidence not escaped: $out"
grep -q $'\e' <<<"$out" && fail "raw escape from an evidence file"
# Binary and outside evidence are refused; large text is cut.
st=$proj/agent_workspaces/Agent-2/state.json
head -c 100000 /dev/zero | tr '\0' 'a' > "$proj/big.txt"
printf '\x7fELF\0\0\1\2' > "$proj/tool.bin"
sed -i "s|\"evidence\": \[.*\]|\"evidence\": [\"big.txt\", \"tool.bin\", \"../../etc/passwd\", {\"url\": \"https://example.com/1\", \"note\": \"CI run\"}]|" "$st"
out=$(lw "$proj" Agent-2) || fail "acp review exit $?"
grep -q '^tool.bin: binary file (8 bytes): not shown$' <<<"$out" || fail "binary not refused: $out"
grep -q "file '../../etc/passwd' is outside the project" <<<"$out" || fail "outside not refused: $out"
grep -q '^\[cut: big.txt is 100000 bytes; 65536 shown\]$' <<<"$out" || fail "no cut: $(head -c 600 <<<"$out")"
grep -q 'url: https://example.com/1' <<<"$out" || fail "url evidence: $out"
grep -q 'root:' <<<"$out" && fail "passwd shown"

# ---- AoT ----
proj=$tmp/aot
cp -r "$LW_TESTS/fixtures/aot/running/." "$proj/"
mkdir -p "$proj/src/models"
printf 'export class User {}\n' > "$proj/src/models/user.ts"
out=$(lw "$proj" aot:A1) || fail "aot review exit $?"
grep -q '^summary: Created User model$' <<<"$out" || fail "binding: $out"
grep -q '^src/models/user.ts (21 bytes)$' <<<"$out" || fail "artifact not shown: $out"
grep -q '^export class User {}$' <<<"$out" || fail "artifact text: $out"
out=$(lw "$proj" aot:A4) || fail "aot review exit $?"
grep -q 'trail: chosen in token_method  reason: JWT is stateless' <<<"$out" || fail "trail: $out"
grep -q 'no binding for A4 yet' <<<"$out" || fail "no binding not said: $out"

# ---- Foreman ----
proj=$tmp/fm
cp -r "$LW_TESTS/fixtures/hud/foreman-acp/." "$proj/"
out=$(lw "$proj" DEMO-1) || fail "foreman review exit $?"
grep -q '^Acceptance criteria$' <<<"$out" || fail "$out"
grep -q '^  - GET /health answers 200$' <<<"$out" || fail "criteria: $out"
grep -q '^  goal: A health endpoint for the load balancer$' <<<"$out" || fail "plan: $out"
grep -q '^    - Add the route$' <<<"$out" || fail "plan steps: $out"
exit 0
