#!/usr/bin/env bash
# journey.sh — liza-watch as users run it. A copy of the repository's
# examples/ (all five systems; liza-go/ holds a project of today's Go Liza)
# in a home folder of its own, and every command README.md and liza-watch(1)
# show, run the ways people name a project:
#   inside    cd ~/proj && liza-watch …            (no -C)
#   relative  cd ~ && liza-watch -C proj …
#   link      cd / && liza-watch -C /…/link-to-proj …
#   tilde     cd / && liza-watch -C '~/proj/' …    (no shell expanded it; a trailing slash)
# Reading commands must print exactly what an absolute -C prints; each
# transition is checked by its effect on the files (not just its exit code),
# with nothing left behind; the HUD's a, r, n and p are typed from inside the
# project, through a relative -C and through the link. The same project named
# several ways is one project. Everything runs from folders outside the
# repository (no themes/ or examples/ at hand), the CLI with NO_COLOR set and
# the HUD both ways (its themes are built in). (`liza-watch demo`, the HUD on its own copy
# beside the binary, is demo.sh's; its --no-hud DIR is here.)
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
ex=$(cd "$LW_TESTS/../examples" && pwd)
home=$E2E_TMP/home proj=$E2E_TMP/home/proj link=$E2E_TMP/link-to-proj
export HOME=$home XDG_CONFIG_HOME=$E2E_TMP/config NO_COLOR=1
mkdir -p "$home" "$XDG_CONFIG_HOME"
ln -s "$proj" "$link"
namings="inside relative link tilde"
bg=   # a --follow running in the background: stopped however the test ends
trap '[ -n "$bg" ] && kill $bg 2>/dev/null; e2e_cleanup' EXIT

# Each naming is a first run: the project copied again, and what the HUD
# remembered of the last (its filter: tui/uistate.h) forgotten, as the same
# project named another way is the same list of projects.
fresh() { rm -rf "$proj"; mkdir -p "$proj"; cp -a "$ex/." "$proj/"; rm -f "${XDG_STATE_HOME:?}"/liza-watch/ui-*; }

# naming NAMING: where a user of that naming stands (LW_DIR) and what they
# type before the command (LW_PRE), for the project (SUB: a folder below it).
SUB=
naming() {
	case $1 in
	inside)   LW_DIR=$proj$SUB LW_PRE=() ;;
	relative) LW_DIR=$home LW_PRE=(-C "proj$SUB") ;;
	link)     LW_DIR=/ LW_PRE=(-C "$link$SUB") ;;
	tilde)    LW_DIR=/ LW_PRE=(-C "~/proj$SUB/") ;;
	absolute) LW_DIR=/ LW_PRE=(-C "$proj$SUB") ;;
	esac
}
# lw NAMING ARGS…: liza-watch run that way.
lw() {
	naming "$1"; shift
	(cd "$LW_DIR" && exec "$LW_BIN" "${LW_PRE[@]}" "$@")
}

# A task's block of a Liza state file.
task() { awk -v id="$2" '/^  - id: /{ on = ($3 == id) } on' "$1"; }
# What is in a folder, names only.
names() { (cd "$1" && ls -A | tr '\n' ' '); }

# same NAMING WANT-RC ARGS…: prints what the absolute -C prints, exits the same.
# (The absolute run is made once per command line and project.)
declare -A refs
same() {
	local how=$1 want=$2 got ref rc key; shift 2
	key="$SUB $*"
	[ -n "${refs[$key]+set}" ] || refs[$key]=$(lw absolute "$@" 2>&1)
	ref=${refs[$key]}
	got=$(lw "$how" "$@" 2>&1); rc=$?
	[ "$rc" = "$want" ] || fail "$how: liza-watch $*: exit $rc, not $want: $got"
	[ "$got" = "$ref" ] || fail "$how: liza-watch $* differs from -C $proj:
--- $how
$got
--- absolute
$ref"
	[ -n "$got" ] || fail "$how: liza-watch $* printed nothing"
	out=$got
}

# ---- reading: every naming prints what an absolute -C prints --------------
fresh
printf '[liza]\nstalled = 45m\n' > "$proj/.liza-watch"
for n in $namings; do
	same "$n" 1 check
	grep -q '^WARN liza blocked circuit-breaker' <<<"$out" || fail "$n: check: $out"
	grep -q 'parse_error\|unreadable' <<<"$out" && fail "$n: check: $out"
	same "$n" 1 check --json
	python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["alerts"] and d["sources"]' <<<"$out" ||
		fail "$n: check --json: $out"
	same "$n" 0 status
	same "$n" 0 status --tmux
	grep -q 'to review' <<<"$out" || fail "$n: status --tmux: $out"
	same "$n" 0 status --tmux --format long
	grep -q 'liza: .*review' <<<"$out" || fail "$n: status --tmux --format long: $out"
	same "$n" 0 status --json
	python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d["systems"]) == 5' <<<"$out" ||
		fail "$n: status --json: $out"
	same "$n" 0 metrics
	grep -q '^liza_watch_source_up{project="proj",system="acp"} 1$' <<<"$out" || fail "$n: metrics: $out"
	rm -f "$E2E_TMP/m.prom"
	lw "$n" metrics --output "$E2E_TMP/m.prom" || fail "$n: metrics --output: exit $?"
	[ "$(cat "$E2E_TMP/m.prom")" = "$out" ] || fail "$n: metrics --output wrote another text"
	for t in user-api acp:Agent-2 aot:A1 foreman:DEMO-1; do
		ref=$(lw absolute review "$t" --no-pager 2>/dev/null)
		got=$(lw "$n" review "$t" --no-pager 2>/dev/null)
		[ "$got" = "$ref" ] && grep -q "^[a-z]*:\?${t#*:} " <<<"$got" || fail "$n: review $t: $got"
	done
	same "$n" 0 keys
	# The project's own .liza-watch is read however the project is named.
	same "$n" 0 config
	grep -q "^# project config: $proj/.liza-watch\$" <<<"$out" || fail "$n: config read another file: $(head -3 <<<"$out")"
	grep -q '^liza.stalled = 45m$' <<<"$out" || fail "$n: config: the project's stalled = 45m is not in effect"
	same "$n" 0 __complete subjects
	grep -qx 'liza:user-api' <<<"$out" || fail "$n: completions: $out"
	SUB=/liza-go
	same "$n" 0 status
	grep -q 'liza: ' <<<"$out" || fail "$n: liza-go status: $out"
	same "$n" 3 review code-1 --no-pager   # (no git repository in examples/: the diff fails the same way)
	grep -q "^liza:code-1 " <<<"$out" || fail "$n: liza-go review: $out"
	SUB=
done
rm "$proj/.liza-watch"

# ---- steering: each transition, each naming, checked by its effect --------
approve_etc() {
	local n=$1 st=$proj/.liza/state.yaml log=$proj/.liza/log.yaml out
	local log0; log0=$(wc -l <"$log")
	out=$(lw "$n" --as code-reviewer-2 approve user-api 2>&1) || fail "$n: approve: $out"
	task "$st" user-api | grep -q 'status: APPROVED' || fail "$n: approve: user-api not APPROVED: $out"
	task "$st" user-api | grep -q 'approved_by: code-reviewer-2' || fail "$n: approve: approved_by not written"
	[ "$(wc -l <"$log")" -gt "$log0" ] && tail -5 "$log" | grep -q 'user-api' || fail "$n: approve: no log.yaml entry"
	out=$(lw "$n" transition payment-api block --reason "spec unclear" --question "per host or per endpoint?" 2>&1) ||
		fail "$n: block: $out"
	task "$st" payment-api | grep -q 'status: BLOCKED' || fail "$n: block: payment-api not BLOCKED: $out"
	task "$st" payment-api | grep -q 'blocked_reason: spec unclear' || fail "$n: block: no reason"
	task "$st" payment-api | grep -q 'per host or per endpoint?' || fail "$n: block: no question"
	out=$(lw "$n" transition user-api note --reason "journey note $n" 2>&1) || fail "$n: note: $out"
	grep -q "^human_notes: .*journey note $n" "$st" || fail "$n: note not in human_notes: $out"
	out=$(lw "$n" transition liza pause 2>&1) || fail "$n: pause: $out"
	[ -f "$proj/.liza/PAUSE" ] || fail "$n: pause made no .liza/PAUSE: $out"
	out=$(lw "$n" transition liza resume 2>&1) || fail "$n: resume: $out"
	[ ! -e "$proj/.liza/PAUSE" ] || fail "$n: resume left .liza/PAUSE: $out"
	: > "$proj/.liza/CHECKPOINT"
	out=$(lw "$n" transition liza clear-checkpoint 2>&1) || fail "$n: clear-checkpoint: $out"
	[ ! -e "$proj/.liza/CHECKPOINT" ] || fail "$n: clear-checkpoint left it: $out"
	out=$(lw "$n" transition liza abort 2>&1) || fail "$n: abort: $out"
	[ -f "$proj/.liza/ABORT" ] || fail "$n: abort made no .liza/ABORT: $out"
	[ "$(names "$proj/.liza")" = "ABORT log.yaml state.yaml state.yaml.lock " ] ||
		fail "$n: .liza holds more than the state, its log, its lock and ABORT: $(names "$proj/.liza")"

	local rs=$proj/.rcs/state/sessions/s1
	out=$(lw "$n" transition rcs:forge clear --all-sessions 2>&1) || fail "$n: rcs clear: $out"
	grep -q '"forge"' "$rs/skill-active-state.json" && fail "$n: rcs clear: forge still in the active set: $out"
	grep -q '"active": false' "$rs/forge-state.json" || fail "$n: rcs clear: forge-state.json still active"
	grep -q '"team"' "$rs/skill-active-state.json" || fail "$n: rcs clear: team left the set too"
	out=$(lw "$n" transition rcs:forge activate 2>&1) || fail "$n: rcs activate: $out"
	grep -q '"skill": "forge", "phase": "starting"' "$rs/skill-active-state.json" || fail "$n: rcs activate: forge not back: $out"
	[ "$(names "$rs")" = "forge-state.json skill-active-state.json team-state.json " ] ||
		fail "$n: rcs: the session folder holds $(names "$rs")"

	local aot=$proj/.claude/aot-loop-state.md
	out=$(lw "$n" transition aot:A2 start 2>&1) || fail "$n: aot start: $out"
	grep -A2 -- '- id: A2$' "$aot" | grep -q 'status: in_progress' || fail "$n: aot start: A2 not in_progress: $out"
	out=$(lw "$n" transition aot redirect --reason "sessions, not JWT" 2>&1) || fail "$n: aot redirect: $out"
	grep -q 'redirect_requested: true' "$aot" && grep -q 'sessions, not JWT' "$aot" || fail "$n: aot redirect not recorded: $out"
	out=$(lw "$n" transition aot stop 2>&1) || fail "$n: aot stop: $out"
	grep -q 'stop_requested: true' "$aot" || fail "$n: aot stop not recorded: $out"
	[ "$(names "$proj/.claude")" = "aot-loop-state.md " ] || fail "$n: .claude holds $(names "$proj/.claude")"

	local fm=$proj/.taskfactory/tasks/demo-1
	out=$(lw "$n" transition foreman:DEMO-1 executing 2>&1) || fail "$n: foreman: $out"
	grep -q '^phase: executing' "$fm/task.yaml" || fail "$n: foreman: DEMO-1 not executing: $out"
	[ "$(names "$fm")" = "task.yaml " ] || fail "$n: foreman: the task folder holds $(names "$fm")"

	local ag=$proj/agent_workspaces/Agent-2
	out=$(lw "$n" approve acp:Agent-2 2>&1) || fail "$n: acp approve: $out"
	grep -q '"state": "COMPLETE"' "$ag/state.json" || fail "$n: acp approve: Agent-2 not COMPLETE: $out"
	[ "$(names "$ag")" = "state.json " ] || fail "$n: acp: Agent-2's folder holds $(names "$ag")"

	SUB=/liza-go
	local gs=$proj/liza-go/.liza/state.yaml
	out=$(lw "$n" --as code-reviewer-1 approve code-1 2>&1) || fail "$n: liza-go approve: $out"
	task "$gs" code-1 | grep -q 'status: CODE_PARTIALLY_APPROVED' || fail "$n: liza-go approve: $out"
	out=$(lw "$n" transition code-2 note --reason "go note $n" 2>&1) || fail "$n: liza-go note: $out"
	grep -q "go note $n" "$gs" || fail "$n: liza-go note not recorded: $out"
	out=$(lw "$n" transition liza pause 2>&1) || fail "$n: liza-go pause: $out"
	grep -q 'mode: PAUSED' "$gs" || fail "$n: liza-go pause: $out"
	SUB=
}
reject_etc() {
	local n=$1 st=$proj/.liza/state.yaml out
	out=$(lw "$n" reject liza:user-api --reason "no test for the 429 path" 2>&1) || fail "$n: reject: $out"
	task "$st" user-api | grep -q 'status: REJECTED' || fail "$n: reject: user-api not REJECTED: $out"
	task "$st" user-api | grep -q 'rejection_reason: no test for the 429 path' || fail "$n: reject: no reason"
	out=$(lw "$n" reject acp:Agent-2 --reason "needs tests" 2>&1) || fail "$n: acp reject: $out"
	grep -q '"state": "AWAITING_APPROVAL"' "$proj/agent_workspaces/Agent-2/state.json" &&
		fail "$n: acp reject: Agent-2 still awaits approval: $out"
}
for n in $namings; do
	fresh; approve_etc "$n"
	fresh; reject_etc "$n"
done

# ---- one project, however often it is named ------------------------------
fresh
ref=$(lw absolute check 2>&1)
got=$(cd "$home" && "$LW_BIN" -C proj -C proj/ -C "$link" -C '~/proj' -C ./proj/../proj check 2>&1)
[ "$got" = "$ref" ] || fail "five names of one project are not one project:
$got"
got=$(cd "$home" && "$LW_BIN" -C proj -C "$link" --as code-reviewer-2 approve user-api 2>&1) ||
	fail "approve through two names of one project: $got"
task "$proj/.liza/state.yaml" user-api | grep -q 'status: APPROVED' || fail "approve through two names: $got"
fresh
printf 'projects = ~/proj, ~/proj/, %s\n' "$link" > "$XDG_CONFIG_HOME/liza-watch.conf.tmp"
mkdir -p "$XDG_CONFIG_HOME/liza-watch" && mv "$XDG_CONFIG_HOME/liza-watch.conf.tmp" "$XDG_CONFIG_HOME/liza-watch/config"
got=$(cd / && "$LW_BIN" status 2>&1)
[ "$got" = "$(lw absolute status 2>&1)" ] || fail "the projects setting naming one project three ways: $got"
rm "$XDG_CONFIG_HOME/liza-watch/config"
got=$(cd "$home" && "$LW_BIN" -C proj -C "$link/liza-go" status --json 2>&1)
python3 -c 'import json,sys; d=json.load(sys.stdin); assert [p["project"] for p in d["projects"]] == ["proj", "liza-go"], d' <<<"$got" ||
	fail "two projects: $got"

# ---- the demo's agents, writing a project named each way ------------------
for n in inside relative link tilde; do
	fresh
	case $n in
	inside)   got=$(cd "$proj" && "$LW_BIN" demo --no-hud . --ticks 30 --interval 1 --seed 7 2>&1) ;;
	relative) got=$(cd "$home" && "$LW_BIN" demo --no-hud proj --ticks 30 --interval 1 --seed 7 2>&1) ;;
	link)     got=$(cd / && "$LW_BIN" demo --no-hud "$link" --ticks 30 --interval 1 --seed 7 2>&1) ;;
	tilde)    got=$(cd / && "$LW_BIN" demo --no-hud '~/proj/' --ticks 30 --interval 1 --seed 7 2>&1) ;;
	esac || fail "$n: demo --no-hud: exit $?: $(tail -3 <<<"$got")"
	grep -Eiq 'nothing written|outside|error|denied' <<<"$got" && fail "$n: demo --no-hud: $(grep -Ei 'nothing written|outside|error|denied' <<<"$got" | head -3)"
	cmp -s "$ex/.liza/state.yaml" "$proj/.liza/state.yaml" && fail "$n: demo --no-hud wrote nothing to .liza/state.yaml"
	[ "$(names "$proj/.liza")" = "log.yaml state.yaml state.yaml.lock " ] || fail "$n: demo: .liza holds $(names "$proj/.liza")"
done

# ---- following: a change is seen whatever the name ------------------------
fresh
naming link
(cd "$LW_DIR" && exec "$LW_BIN" "${LW_PRE[@]}" check --follow >"$E2E_TMP/follow.out" 2>&1) & fpid=$! bg=$!
wait_until 30 "check --follow's first lines" grep -q 'circuit-breaker' "$E2E_TMP/follow.out"
: > "$proj/.liza/ABORT"
wait_until 30 "check --follow to see .liza/ABORT" grep -q 'CRIT liza abort_requested' "$E2E_TMP/follow.out"
kill "$fpid"; wait "$fpid" 2>/dev/null; bg=
# follow NAMING OUT WAIT-FOR ARGS…: a --follow mode until OUT (its output, or
# the file it keeps) shows WAIT-FOR, then an abort (by a user of another
# naming) until OUT changes.
follow() {
	local n=$1 out=$2 first=$3 pid before; shift 3
	rm -f "$proj/.liza/ABORT" "$out"
	local to=$out
	[ "$1" = metrics ] && to=$E2E_TMP/follow.stdout
	naming "$n"
	(cd "$LW_DIR" && exec "$LW_BIN" "${LW_PRE[@]}" "$@" >"$to" 2>&1) & pid=$! bg=$!
	wait_until 30 "$n: $* to print" grep -qs -- "$first" "$out"
	before=$(cat "$out")
	lw absolute transition liza abort >/dev/null 2>&1 || fail "abort for $n: $*"
	wait_until 30 "$n: $* to see .liza/ABORT" bash -c '[ "$(cat "$1")" != "$2" ]' _ "$out" "$before"
	kill "$pid"; wait "$pid" 2>/dev/null; bg=
}
follow inside "$E2E_TMP/f1" 'to review' status --tmux --follow
grep -q 'CRIT' "$E2E_TMP/f1" || fail "status --tmux --follow: $(cat "$E2E_TMP/f1")"
follow relative "$E2E_TMP/f2" '"event": "raised"' check --follow --json
grep -q '"event": "raised".*"code": "abort_requested"' "$E2E_TMP/f2" || fail "check --follow --json: $(tail -2 "$E2E_TMP/f2")"
follow tilde "$E2E_TMP/f3" '"systems"' status --follow --json
follow link "$E2E_TMP/f4.prom" 'liza_watch_source_up{project="proj",system="liza"} 1' metrics --follow --output "$E2E_TMP/f4.prom"
grep -q 'liza_watch_alerts_by_code{.*code="abort_requested".*} 1' "$E2E_TMP/f4.prom" || fail "metrics --follow --output: $(grep abort "$E2E_TMP/f4.prom")"

# ---- the HUD: a, r, n and p from the keyboard ----------------------------
# hud_journey NAMING: started as a user would, in that folder with that -C.
hud_journey() {
	local n=$1 st=$proj/.liza/state.yaml
	fresh
	new_server
	case $n in
	inside)   hud_cwd=$proj args=() nc= ;;
	relative) hud_cwd=$home args=(-C proj) nc=1 ;;
	link)     hud_cwd=/ args=(-C "$link" --no-color) nc= ;;
	esac
	local cmd
	cmd=$(printf '%q ' "$LW_BIN" "${args[@]}" --as code-reviewer-1)
	"${TMUX_CMD[@]}" new-session -d -s t -x 160 -y 45 -c "$hud_cwd" \
		"$(pane_cmd "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME NO_COLOR=$nc LIZA_WATCH_NOW=$LIZA_WATCH_NOW LANG=$LW_UTF8 LC_ALL=$LW_UTF8 TERM=screen-256color $cmd")"
	wait_for 'user-api'
	# The header names the project as a person does, whatever the naming.
	screen | head -1 | grep -q ' ~/proj ' || fail "$n: the header does not say ~/proj: $(screen | head -1)"
	keys /; wait_for 'filter'; keys -l user-api; keys Enter
	wait_for 'a approve +r reject'
	keys r; wait_for 'reject (liza:)?user-api: reason:'
	keys -l "typed in the HUD ($n)"; keys Enter
	wait_for 'user-api: READY_FOR_REVIEW -> REJECTED'
	task "$st" user-api | grep -q "rejection_reason: typed in the HUD ($n)" || fail "$n: r did not write the reason"
	# the HUD has reloaded its own write (the feed shows it): a stat poller
	# (macOS, PORTABLE) sees it on its next scan, and a note typed before
	# that is rightly denied as acting on a status no longer shown
	wait_for 'verdict READY_FOR_REVIEW -> REJECTED'
	keys n; wait_for 'note for (liza:)?user-api'
	keys -l "hud note $n"; keys Enter
	wait_for 'note recorded'
	grep -q "hud note $n" "$st" || fail "$n: n did not write the note"
	keys p; wait_for 'pause every liza agent\? \[y/N\]'; keys y
	wait_for 'created \.liza/PAUSE'   # on the screen, below the root the header names
	[ -f "$proj/.liza/PAUSE" ] || fail "$n: p made no .liza/PAUSE"
	keys p; wait_for 'resume every liza agent\? \[y/N\]'; keys y
	wait_for 'removed \.liza/PAUSE'
	[ ! -e "$proj/.liza/PAUSE" ] || fail "$n: p again left .liza/PAUSE"
	# An agent resubmits; a, y approves.
	sed -i '/^  - id: user-api$/,/^  - id: /s/status: REJECTED/status: READY_FOR_REVIEW/' "$st"
	wait_for '!user-api'
	keys a; wait_for 'approve liza:user-api as code-reviewer-1\? \[y/N\]'; keys y
	wait_for 'user-api: READY_FOR_REVIEW -> APPROVED'
	task "$st" user-api | grep -q 'status: APPROVED' || fail "$n: a, y did not approve"
	task "$st" user-api | grep -q 'approved_by: code-reviewer-1' || fail "$n: a, y: approved_by not written"
	screen | grep -Eq 'outside this folder|nothing written' && fail "$n: the HUD says nothing was written"
	# A file caught half written: the alert names it below the root.
	printf 'id: DEMO-2\ntitle: [Add retry\n' > "$proj/.taskfactory/tasks/demo-2/task.yaml"
	wait_for 'CRIT +[0-9a-z]+ foreman parse_error \.taskfactory/tasks/demo-2/task\.yaml:3'
	[ "$(names "$proj/.liza")" = "log.yaml state.yaml state.yaml.lock " ] || fail "$n: .liza holds $(names "$proj/.liza")"
	keys q
	wait_exit 0
}
for n in inside relative link; do hud_journey "$n"; done
echo ok
