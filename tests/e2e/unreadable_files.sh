#!/usr/bin/env bash
# unreadable_files.sh — every system's files, made unreadable in each way a
# project can make them, raise the documented code (README, liza-watch(1):
# unreadable CRIT, dangling_link, parse_error) naming the file; a broken
# auxiliary file is one alert and the board and alerts of the files that do
# read stay; a FIFO never hangs a command (every run has a deadline).
#
# The ways: a FIFO; a folder where the file should be (EISDIR: unreadable
# even as root); a symbolic link to nothing; and permission denied. The
# tests run as root, which reads a chmod 000 file anyway: that case runs
# the binary as nobody through setpriv(1) (the copy is world-readable but
# for that file), and is skipped, saying so, where setpriv is missing.
set -u
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
failures=0
tmp=$(mktemp -d /tmp/lw-unread.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
as_nobody=
if command -v setpriv >/dev/null && [ "$(id -u)" -eq 0 ]; then
	as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups --"
fi

# spoil P FILE WAY: make FILE (relative to P) unreadable that way.
spoil() {
	local f=$1/$2
	rm -rf "$f"
	case $3 in
	fifo) mkfifo "$f";;
	folder) mkdir "$f";;
	dangling) ln -s "$(basename "$f").gone" "$f";;
	denied) printf 'x: 1\n' >"$f"; chmod 000 "$f";;
	esac
}

# case SYS PROJECT FILE WAY CODE STAYS: check and status on a fresh copy of
# PROJECT (examples/ or examples/liza-go) with FILE spoiled WAY must raise
# "SYS CODE" naming FILE, keep SYS in the status line, and keep the alert
# STAYS (a regex; "" for a system's one state file, which has nothing else).
case_() {
	local sys=$1 from=$2 file=$3 way=$4 code=$5 stays=$6 run= out rc
	[ "$way" = denied ] && { [ -n "$as_nobody" ] || { echo "skip $sys $file $way: no setpriv"; return; }; run=$as_nobody; }
	rm -rf "$tmp/p"; cp -r "$from" "$tmp/p"; chmod -R a+rX "$tmp/p"
	spoil "$tmp/p" "$file" "$way"
	out=$(timeout 20 $run "$LW_BIN" -C "$tmp/p" check 2>&1); rc=$?
	[ "$rc" -ne 124 ] || { fail "$sys $file $way: check hung"; return; }
	printf '%s\n' "$out" | grep -q "^[A-Z]* *$sys $code .*$(basename "$file")" \
		|| fail "$sys $file $way: no '$sys $code' naming it (exit $rc):"$'\n'"$out"
	[ -z "$stays" ] || printf '%s\n' "$out" | grep -q "$stays" \
		|| fail "$sys $file $way: the alerts of the files that read are gone:"$'\n'"$out"
	[ "$rc" -ne 0 ] || fail "$sys $file $way: check exited 0"
	out=$(timeout 20 $run "$LW_BIN" -C "$tmp/p" status 2>&1); rc=$?
	[ "$rc" -ne 124 ] || { fail "$sys $file $way: status hung"; return; }
	printf '%s\n' "$out" | grep -q "$sys: " || fail "$sys $file $way: $sys vanished from status: $out"
	echo "ok   $sys $file $way"
}

ex=$LW_TESTS/../examples
for way in fifo folder dangling denied; do
	code=unreadable; [ "$way" = dangling ] && code=dangling_link
	# One state file: the system fails to load, named for why.
	case_ aot "$ex" .claude/aot-loop-state.md "$way" "$code" ""
	case_ liza "$ex" .liza/state.yaml "$way" "$code" ""
	case_ rcs "$ex" .rcs/state/session.json "$way" "$code" ""
	# Auxiliary files: one alert about the file, the rest stays.
	case_ liza "$ex" .liza/log.yaml "$way" "$code" "liza blocked circuit-breaker"
	case_ liza "$ex" .liza/CHECKPOINT "$way" "$code" "liza blocked circuit-breaker"
	case_ liza "$ex/liza-go" .liza/log.yaml "$way" "$code" "liza"
	case_ liza "$ex/liza-go" .liza/pipeline.yaml "$way" "$code" "liza"
	case_ rcs "$ex" .rcs/state/sessions/s1/forge-state.json "$way" "$code" "rcs"
	case_ foreman "$ex" .taskfactory/tasks/demo-1/task.yaml "$way" "$code" "foreman"
	case_ foreman "$ex" .taskfactory/factory/execution-leases.json "$way" "$code" "foreman"
	case_ foreman "$ex" .taskfactory/factory/activity.jsonl "$way" "$code" "foreman"
	case_ acp "$ex" agent_workspaces/Agent-2/state.json "$way" "$code" "acp awaiting_approval\|acp"
	case_ acp "$ex" agent_workspaces/Agent-5/inbox/task_20260220_140000_Agent-5.json "$way" "$code" "acp"
done

# A syntax error in Liza's log beside a good state: the board stays, one
# parse_error naming log.yaml:line:col (it blanked the board, "no tasks yet").
rm -rf "$tmp/p"; cp -r "$ex" "$tmp/p"
printf 'broken: [\n' >>"$tmp/p/.liza/log.yaml"
out=$("$LW_BIN" -C "$tmp/p" check 2>&1)
printf '%s\n' "$out" | grep -q '^CRIT liza parse_error .*log.yaml:[0-9]*:[0-9]*: ' || fail "log syntax error: $out"
printf '%s\n' "$out" | grep -q '^WARN liza iterations_warning payment-api' || fail "state.yaml's alerts gone: $out"
out=$("$LW_BIN" -C "$tmp/p" status 2>&1)
printf '%s\n' "$out" | grep -q 'liza: 1 backlog, 3 ready' || fail "the board is gone: $out"
# Liza's PAUSE linked to nothing: not paused (as the scripts' test says),
# and a dangling_link about it.
rm -rf "$tmp/p"; cp -r "$ex" "$tmp/p"; ln -s nowhere "$tmp/p/.liza/PAUSE"
out=$("$LW_BIN" -C "$tmp/p" check 2>&1)
printf '%s\n' "$out" | grep -q '^WARN liza dangling_link PAUSE: .*PAUSE: a link to nothing (-> nowhere)' || fail "PAUSE link: $out"

# A project whose only ACP agent has a state.json linked to nothing: ACP is
# there, saying so (it went undetected: "no agent workflow state found").
rm -rf "$tmp/p"; mkdir -p "$tmp/p/agent_workspaces/Agent-1"
ln -s gone.json "$tmp/p/agent_workspaces/Agent-1/state.json"
out=$("$LW_BIN" -C "$tmp/p" check 2>&1)
printf '%s\n' "$out" | grep -q '^WARN acp dangling_link .*Agent-1/state.json: .*a link to nothing (-> gone.json)' \
	|| fail "a lone dangling agent state: $out"
# A project whose .liza folder is itself a link to nothing: Liza is there,
# failing, named for why (it went undetected: "no agent workflow state
# found"); beside other systems too, which stay.
rm -rf "$tmp/p"; mkdir "$tmp/p"; ln -s gone "$tmp/p/.liza"
out=$("$LW_BIN" -C "$tmp/p" check 2>&1); rc=$?
printf '%s
' "$out" | grep -q '^CRIT liza dangling_link .*\.liza: .*a link to nothing (-> gone)' \
	|| fail "a lone dangling .liza (exit $rc): $out"
[ "$rc" -ne 0 ] || fail "a lone dangling .liza: check exited 0"
rm -rf "$tmp/p"; cp -r "$ex" "$tmp/p"; rm -rf "$tmp/p/.liza"; ln -s gone "$tmp/p/.liza"
out=$("$LW_BIN" -C "$tmp/p" check 2>&1)
printf '%s
' "$out" | grep -q '^CRIT liza dangling_link .*\.liza: .*a link to nothing (-> gone)' \
	|| fail "a dangling .liza beside other systems: $out"
printf '%s
' "$out" | grep -q '^INFO acp awaiting_approval' || fail "a dangling .liza: the other systems' alerts are gone: $out"
out=$("$LW_BIN" -C "$tmp/p" status 2>&1)
printf '%s
' "$out" | grep -q 'liza: ' || fail "a dangling .liza: liza vanished from status: $out"
# A lone AoT state linked to nothing: dangling_link, not project_gone (the
# name is there; what it names is not).
rm -rf "$tmp/p"; mkdir -p "$tmp/p/.claude"; ln -s gone "$tmp/p/.claude/aot-loop-state.md"
out=$("$LW_BIN" -C "$tmp/p" check 2>&1)
printf '%s\n' "$out" | grep -q '^CRIT aot dangling_link .*aot-loop-state.md: a link to nothing (-> gone)' \
	|| fail "a lone dangling AoT state: $out"
printf '%s\n' "$out" | grep -q project_gone && fail "a lone dangling AoT state reads as project_gone: $out"
[ "$failures" -eq 0 ]
