#!/usr/bin/env bash
# Every message that quotes a state file is escaped, on every path: a task id,
# a status, a phase or a state holding OSC (title, OSC 52 clipboard), BEL, an
# 8-bit CSI, a bidi override and zero-width characters reaches stdout and
# stderr of approve, reject, transition (done and denied), check, status
# (plain, --tmux, --json) as inert text, from Liza, Foreman, ACP, AoT and RCS.
set -u
proj=$(mktemp -d /tmp/lw-esc-msg.XXXXXX) && proj=$(cd "$proj" && pwd -P)
trap 'rm -rf "$proj"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
lw() { "$LW_BIN" -C "$proj" "$@"; }
# A UTF-8 locale (macOS has no C.UTF-8).
if locale -a 2>/dev/null | grep -qix 'c\.utf-\{0,1\}8'; then export LANG=C.UTF-8 LC_ALL=C.UTF-8
else export LANG=en_US.UTF-8 LC_ALL=en_US.UTF-8; fi

# The hostile tail, as raw bytes (for the command line) and as a YAML/JSON escape.
RAW=$'\e]0;pwned\a\e]52;c;cm0=\a\xc2\x9b\xe2\x80\xae\xe2\x80\x8b\xe2\x81\xa0'
YAML='\e]0;pwned\a\e]52;c;cm0=\a\x9b\u202e\u200b\u2060'
JSONESC='\u001b]0;pwned\u0007\u001b]52;c;cm0=\u0007\u009b\u202e\u200b\u2060'
# The same, with each backslash doubled for a sed replacement.
YAML_S=${YAML//\\/\\\\}
JSON_S=${JSONESC//\\/\\\\}

# inert WHAT OUTPUT: no control byte, no C1, no bidi or zero-width character;
# and the caret form shows the text was quoted, not dropped.
inert() {
	local what=$1 out=$2
	if printf '%s' "$out" | LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]'; then
		printf '%s' "$out" | od -c | head -20 >&2
		fail "$what: a control byte got through"
	fi
	for seq in $'\xc2\x9b' $'\xe2\x80\xae' $'\xe2\x80\x8b' $'\xe2\x81\xa0'; do
		printf '%s' "$out" | LC_ALL=C grep -qF "$seq" && fail "$what: a C1, bidi or zero-width character got through: $out"
	done
	printf '%s' "$out" | grep -qF '^[]0;pwned^G' || fail "$what: the hostile text is not shown escaped: $out"
}

# --- Liza: a hostile id (done path) and a hostile status (denied path) ------
cp -r "$LW_TESTS/fixtures/hud/basic/." "$proj/"
st=$proj/.liza/state.yaml
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
sed -i "s/^  - id: review-1\$/  - id: \"review-1$YAML_S\"/" "$st"
grep -q 'review-1\\e' "$st" || fail "fixture: review-1 not renamed"
out=$(lw --as code-reviewer-9 approve "liza:review-1$RAW" 2>&1); rc=$?
[ "$rc" -eq 0 ] || fail "liza approve: exit $rc: $out"
inert "liza approve" "$out"
sed -i 's/status: APPROVED/status: READY_FOR_REVIEW/' "$st"
out=$(lw --as code-reviewer-9 reject "liza:review-1$RAW" --reason 'no tests' 2>&1); rc=$?
[ "$rc" -eq 0 ] || fail "liza reject: exit $rc: $out"
inert "liza reject" "$out"
# A status no table knows: the refusal quotes it.
sed -i "s/status: REJECTED/status: \"READY_FOR_REVIEW$YAML_S\"/" "$st"
out=$(lw --as code-reviewer-9 transition "liza:review-1$RAW" approve 2>&1); rc=$?
[ "$rc" -eq 1 ] || fail "liza transition: exit $rc: $out"
inert "liza transition (denied)" "$out"
out=$(lw check 2>&1)
inert "liza check" "$out"
out=$(lw status --tmux 2>&1)
printf '%s' "$out" | LC_ALL=C grep -q $'[\x01-\x1f\x7f]' && fail "status --tmux: a control byte"
out=$(lw check --json 2>&1)
printf '%s' "$out" | LC_ALL=C grep -q $'[\x01-\x1f\x7f]\|\xc2\x9b\|\xe2\x80\xae\|\xe2\x80\x8b' && fail "check --json: raw bytes: $out"
printf '%s' "$out" | grep -qF '\u001b]0;pwned\u0007' || fail "check --json: not escaped as \\u: $out"
rm -rf "$proj"/.liza

# --- Foreman: a hostile id on a move (done) and a hostile phase (denied) ----
cp -r "$LW_TESTS/fixtures/hud/foreman-acp/." "$proj/"
export LIZA_WATCH_NOW=2026-02-20T14:22:00Z
task=$proj/.taskfactory/tasks/demo-2/task.yaml
sed -i "s/^id: DEMO-2\$/id: \"DEMO-2$YAML_S\"/" "$task"
out=$(lw transition "foreman:DEMO-2$RAW" complete 2>&1); rc=$?
[ "$rc" -eq 0 ] || fail "foreman transition: exit $rc: $out"
inert "foreman transition" "$out"
sed -i "s/^phase: complete\$/phase: \"complete$YAML_S\"/" "$task"
out=$(lw transition "foreman:DEMO-2$RAW" ready 2>&1); rc=$?
[ "$rc" -ne 0 ] || fail "foreman transition from a hostile phase: exit 0: $out"
inert "foreman transition (denied)" "$out"
out=$(lw check 2>&1)
inert "foreman check" "$out"
out=$(lw status --json 2>&1)
printf '%s' "$out" | LC_ALL=C grep -q $'[\x01-\x1f\x7f]' && fail "status --json: a control byte"

# --- ACP: a hostile agent (done) and a hostile state (denied) --------------
state=$proj/agent_workspaces/Agent-2/state.json
sed -i "s/\"agent\": \"Agent-2\"/\"agent\": \"Agent-2$JSON_S\"/" "$state"
out=$(lw reject "acp:Agent-2$RAW" --reason 'attach the output' 2>&1); rc=$?
if [ "$rc" -ne 0 ]; then
	# The agent is named by its folder: the hostile name is then in the state.
	sed -i "s/\"agent\": \"Agent-2[^\"]*\"/\"agent\": \"Agent-2\"/" "$state"
	out=$(lw reject acp:Agent-2 --reason 'attach the output' 2>&1); rc=$?
	[ "$rc" -eq 0 ] || fail "acp reject: exit $rc: $out"
else
	inert "acp reject" "$out"
fi
sed -i "s/\"state\": \"[A-Z_]*\"/\"state\": \"AWAITING_APPROVAL$JSON_S\"/" "$state"
grep -q 'AWAITING_APPROVAL\\u001b' "$state" || fail "fixture: state not made hostile"
out=$(lw approve acp:Agent-2 2>&1); rc=$?
[ "$rc" -ne 0 ] || fail "acp approve from a hostile state: exit 0"
inert "acp approve (denied)" "$out"
out=$(lw check 2>&1)
inert "acp check" "$out"
out=$(lw status 2>&1)
printf '%s' "$out" | LC_ALL=C grep -q $'[\x01-\x1f\x7f]' && fail "status: a control byte"
rm -rf "$proj"/* "$proj"/.[a-z]*

# --- AoT: a hostile atom id (done) and status (denied) ----------------------
cp -r "$LW_TESTS/fixtures/aot/running/." "$proj/"
aot=$proj/.claude/aot-loop-state.md
sed -i "s/^  - id: A2\$/  - id: \"A2$YAML_S\"/" "$aot"
out=$(lw transition "aot:A2$RAW" start 2>&1); rc=$?
[ "$rc" -eq 0 ] || fail "aot start: exit $rc: $out"
inert "aot start" "$out"
sed -i "0,/^    status: in_progress\$/s//    status: \"in_progress$YAML_S\"/" "$aot"
out=$(lw transition "aot:A2$RAW" resolve 2>&1); rc=$?
[ "$rc" -ne 0 ] || fail "aot resolve from a hostile status: exit 0: $out"
inert "aot resolve (denied)" "$out"
rm -rf "$proj"/* "$proj"/.[a-z]*

# --- RCS: a hostile mode named on the command line (refused) --------------
cp -r "$LW_TESTS/fixtures/rcs/team-forge/." "$proj/"
out=$(lw transition "rcs:forge$RAW" activate 2>&1); rc=$?
[ "$rc" -ne 0 ] || fail "rcs activate of a hostile mode: exit 0: $out"
inert "rcs activate (refused)" "$out"
exit 0
