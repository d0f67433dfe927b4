#!/usr/bin/env bash
# hostile_project.sh — a project that tries to make liza-watch write
# outside itself, or take control through its own .liza-watch. Every case
# runs on a fresh copy beside a fresh "outside" folder, and asserts that
# nothing outside changed: the listing (names, types, link targets) and the
# checksum of every file, before and after, so a new file, a lock or a temp
# left there fails too. A refused write exits 3 (a write failure, nothing
# written) and names the link and where it points.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-hostproj.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
export LIZA_WATCH_LOCK_TIMEOUT_MS=2000 LIZA_WATCH_BUSY_MS=500

# A listing of a folder with a checksum per file: what "unchanged" means.
snap() { (cd "$1" && find . -printf '%y %m %p -> %l\n' | sort && find . -type f -exec sha256sum {} + | sort); }

# fresh NAME FIXTURE...: $p (the project, the fixtures copied in) and $out
# (a sibling folder holding a copy of what the links will point at).
fresh() {
	local name=$1; shift
	p=$tmp/$name/proj out=$tmp/$name/outside
	mkdir -p "$p" "$out"
	for f in "$@"; do cp -r "$LW_TESTS/fixtures/$f/." "$p/"; done
	echo "precious: 1" > "$out/keep.txt"
}
# outside_file REL: move the project's REL out, leave a symlink to it.
outside_file() { mv "$p/$1" "$out/$(basename "$1")"; ln -s "$out/$(basename "$1")" "$p/$1"; }

# refused NAME WANT_RE CMD...: exit 3, the message matches, outside unchanged.
refused() {
	local name=$1 re=$2; shift 2
	local before after o rc
	before=$(snap "$out")
	o=$(timeout 30 "$LW_BIN" -C "$p" "$@" 2>&1); rc=$?
	after=$(snap "$out")
	[ "$rc" -eq 3 ] || { printf '%s\n' "$o"; fail "$name: exit $rc, not 3"; }
	printf '%s\n' "$o" | grep -Eq -- "$re" || { printf '%s\n' "$o"; fail "$name: no /$re/ in the message"; }
	printf '%s\n' "$o" | grep -q 'outside the project' || { printf '%s\n' "$o"; fail "$name: does not say outside"; }
	[ "$(printf '%s\n' "$o" | grep -o 'nothing written' | wc -l)" -eq 1 ] || { printf '%s\n' "$o"; fail "$name: 'nothing written' not said exactly once"; }
	[ "$before" = "$after" ] || { diff <(echo "$before") <(echo "$after"); fail "$name: the outside folder changed"; }
}

# told NAME SYSTEM LINK TARGET: check says, before any write is tried, that
# LINK leads out of the project (one INFO link_outside naming where), and
# exits as it does for the same project without the link ($clean_rc; a
# fifth argument "any" when the link itself changes what other checks see).
told() {
	local name=$1 sys=$2 link=$3 target=$4 o rc
	o=$("$LW_BIN" -C "$p" check 2>&1); rc=$?
	[ "${5:-}" = any ] || [ "$rc" -eq "$clean_rc" ] || { printf '%s\n' "$o"; fail "$name: check exits $rc, $clean_rc without the link"; }
	[ "$(printf '%s\n' "$o" | grep -cF "INFO $sys link_outside $link: is a symlink to $target")" -eq 1 ] ||
		{ printf '%s\n' "$o"; fail "$name: check does not say once that $link leads outside"; }
	printf '%s\n' "$o" | grep -F "link_outside $link:" | grep -q "outside the project: read, but liza-watch will not write it" ||
		fail "$name: the alert does not say what follows"
}
# clean_of FIXTURE: check's exit on an untouched copy.
clean_of() { fresh clean "$1"; "$LW_BIN" -C "$p" check >/dev/null 2>&1; clean_rc=$?; rm -rf "$tmp/clean"; }

export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
clean_of hud/basic
# Liza: the state file a symlink to a file outside.
fresh liza-state hud/basic
outside_file .liza/state.yaml
refused liza-state "\.liza/state\.yaml is a symlink to $out/state\.yaml" approve liza:review-1
told liza-state liza .liza/state.yaml "$out/state.yaml"
"$LW_BIN" -C "$p" check >/dev/null 2>&1; [ $? -le 2 ] || fail "liza-state: the linked state is still read and checked"

# Liza: the log a symlink outside (approve appends to it).
fresh liza-log hud/basic
outside_file .liza/log.yaml
refused liza-log "\.liza/log\.yaml is a symlink to $out/log\.yaml" approve liza:review-1
told liza-log liza .liza/log.yaml "$out/log.yaml"
grep -q 'status: READY_FOR_REVIEW' "$p/.liza/state.yaml" || fail "liza-log: the state changed though the commit was refused"

# Liza: a dangling lock symlink: its target must not be created.
fresh liza-lock hud/basic
ln -s "$out/made-by-liza-watch.lock" "$p/.liza/state.yaml.lock"
refused liza-lock "state\.yaml\.lock is a symlink to $out/made-by-liza-watch\.lock" approve liza:review-1
[ -e "$out/made-by-liza-watch.lock" ] && fail "liza-lock: the lock's target was created"

# Liza: .liza itself a symlink to a folder outside: no lock, no temp, no marker there.
fresh liza-dir hud/basic
mv "$p/.liza" "$out/liza-state"; ln -s "$out/liza-state" "$p/.liza"
refused liza-dir "\.liza is a symlink to $out/liza-state" approve liza:review-1
# (any exit: Liza resolves spec and worktree paths from .liza's parent,
# which through this link is the outside folder)
told liza-dir liza .liza "$out/liza-state" any
refused liza-dir-pause "\.liza is a symlink to $out/liza-state" transition liza pause
refused liza-dir-note "\.liza is a symlink to $out/liza-state" transition liza:review-1 note --reason hi

# A symlink that stays inside the project is written through, the link kept
# (here to another folder: the commit record names files below the project).
fresh liza-inside hud/basic
mkdir "$p/keep"; mv "$p/.liza/state.yaml" "$p/keep/state.yaml"; ln -s ../keep/state.yaml "$p/.liza/state.yaml"
before=$(snap "$out")
o=$("$LW_BIN" -C "$p" approve liza:review-1 2>&1) || fail "liza-inside: $o"
[ -L "$p/.liza/state.yaml" ] || fail "liza-inside: the link was replaced"
grep -q 'status: APPROVED' "$p/keep/state.yaml" || fail "liza-inside: not written through the link"
ls -a "$p/.liza" "$p/keep" | grep -q '\.lw-' && fail "liza-inside: a temp or record was left"
[ "$before" = "$(snap "$out")" ] || fail "liza-inside: the outside folder changed"

# A FIFO where the lock file goes: no hang, a clear failure, nothing written.
fresh liza-fifo hud/basic
mkfifo "$p/.liza/state.yaml.lock"
cp "$p/.liza/state.yaml" "$tmp/liza-fifo/before"
o=$(timeout 30 "$LW_BIN" -C "$p" approve liza:review-1 2>&1); rc=$?
[ "$rc" -ne 124 ] || fail "liza-fifo: hung"
cmp -s "$p/.liza/state.yaml" "$tmp/liza-fifo/before" || [ "$rc" -eq 0 ] || fail "liza-fifo: exit $rc and the state changed"

# Foreman and ACP: one task file, one agent state, linked outside.
export LIZA_WATCH_NOW=2026-02-20T14:22:00Z
clean_of hud/foreman-acp
fresh foreman hud/foreman-acp
outside_file .taskfactory/tasks/demo-2/task.yaml
refused foreman "demo-2/task\.yaml is a symlink to $out/task\.yaml" transition foreman:DEMO-2 complete
told foreman foreman .taskfactory/tasks/demo-2/task.yaml "$out/task.yaml"
# Foreman's tools take no lock; a peer's lock file is joined only if it is
# there: one that is a link to a file outside is not joined (flock'd) either.
fresh foreman-lock hud/foreman-acp
echo "someone's" > "$out/their.lock"
ln -s "$out/their.lock" "$p/.taskfactory/tasks/demo-2/task.yaml.lock"
refused foreman-lock "task\.yaml\.lock is a symlink to $out/their\.lock" transition foreman:DEMO-2 complete
grep -q '^phase: executing$' "$p/.taskfactory/tasks/demo-2/task.yaml" || fail "foreman-lock: the task moved"
fresh acp hud/foreman-acp
outside_file agent_workspaces/Agent-2/state.json
refused acp "Agent-2/state\.json is a symlink to $out/state\.json" approve acp:Agent-2
told acp acp agent_workspaces/Agent-2/state.json "$out/state.json"
# Inside the project, even in another folder: written through.
fresh foreman-inside hud/foreman-acp
mkdir "$p/elsewhere"; mv "$p/.taskfactory/tasks/demo-2/task.yaml" "$p/elsewhere/"; ln -s ../../../elsewhere/task.yaml "$p/.taskfactory/tasks/demo-2/task.yaml"
"$LW_BIN" -C "$p" transition foreman:DEMO-2 complete >/dev/null 2>&1 || fail "foreman-inside: refused"
grep -q '^phase: complete$' "$p/elsewhere/task.yaml" || fail "foreman-inside: not written through the link"
# …and the whole agent folder.
fresh acp-dir hud/foreman-acp
mv "$p/agent_workspaces/Agent-2" "$out/Agent-2"; ln -s "$out/Agent-2" "$p/agent_workspaces/Agent-2"
refused acp-dir "Agent-2 is a symlink to $out/Agent-2" reject acp:Agent-2 --reason no
told acp-dir acp agent_workspaces/Agent-2 "$out/Agent-2"

# AoT: the loop's state file outside: start, stop.
export LIZA_WATCH_NOW=2026-04-09T00:20:00Z
clean_of aot/running
fresh aot aot/running
outside_file .claude/aot-loop-state.md
refused aot "aot-loop-state\.md is a symlink to $out/aot-loop-state\.md" transition aot:A2 start
refused aot-stop "aot-loop-state\.md is a symlink to $out/aot-loop-state\.md" transition aot stop
told aot aot .claude/aot-loop-state.md "$out/aot-loop-state.md"

# RCS: the state folder a symlink outside (activate writes the set and a mode file).
clean_of rcs/team-forge
fresh rcs rcs/team-forge
mv "$p/.rcs/state" "$out/state"; ln -s "$out/state" "$p/.rcs/state"
refused rcs "\.rcs/state is a symlink to $out/state" transition rcs:ultrawork activate
refused rcs-clear "\.rcs/state is a symlink to $out/state" transition rcs:forge clear --all-sessions
told rcs rcs .rcs/state "$out/state"

# The project's own .liza-watch is data: no key bindings, no escapes printed.
fresh config hud/basic
printf 'bind j abort\nbind k approve\nunbind q\nstatus.format = \033]52;c;aGk=\007{alerts}\033]0;pwned\007\n' > "$p/.liza-watch"
before=$(snap "$out")
o=$("$LW_BIN" -C "$p" keys 2>&1) || fail "config: keys failed"
# keys: "LABELS ACTION DOES", labels like "Down/j".
key_of() { printf '%s\n' "$o" | awk -v a="$1" '$2 == a { print $1 }'; }
[[ "/$(key_of down)/" == */j/* ]] || fail "config: a project's bind took j from down: $(key_of down)"
[[ "/$(key_of abort)/" != */j/* ]] || fail "config: a project's bind gave j to abort"
[[ "/$(key_of approve)/" != */k/* ]] || fail "config: a project's bind gave k to approve"
[[ "/$(key_of quit)/" == */q/* ]] || fail "config: a project's unbind took effect"
printf '%s\n' "$o" | grep -q 'bind may be set only in your own config file' || fail "config: the refused bind is not reported"
o=$("$LW_BIN" -C "$p" config 2>&1) || fail "config: config failed"
printf '%s' "$o" | LC_ALL=C grep -q $'[\x1b\x07]' && fail "config: an escape reached the terminal"
printf '%s\n' "$o" | grep -q 'status.format = ^\[\]52;c;aGk=^G{alerts}' || fail "config: the value is not shown escaped: $(printf '%s\n' "$o" | grep status.format)"
o=$("$LW_BIN" -C "$p" status 2>&1)
printf '%s' "$o" | LC_ALL=C grep -q $'[\x1b\x07]' && fail "config: status printed an escape from the project's format"
[ "$before" = "$(snap "$out")" ] || fail "config: the outside folder changed"
# The user's own config may bind.
mkdir -p "$XDG_CONFIG_HOME/liza-watch"; echo 'bind J down' > "$XDG_CONFIG_HOME/liza-watch/config"
o=$("$LW_BIN" -C "$p" keys 2>&1)
[[ "/$(key_of down)/" == */J/* ]] || fail "config: the user's bind was refused: $(key_of down)"
rm -f "$XDG_CONFIG_HOME/liza-watch/config"
# …nor say who acts: an approval is recorded as the operator's, not as the
# reviewer's name a project wrote into its own file.
fresh config-as hud/basic
printf 'as = code-reviewer-1\n' > "$p/.liza-watch"
o=$(cd "$p" && "$LW_BIN" approve review-1 --force 2>&1)
printf '%s\n' "$o" | grep -q 'as may be set only in your own config file' || fail "config-as: the refused as is not reported: $o"
grep -q 'approved_by: code-reviewer-1' "$p/.liza/state.yaml" && fail "config-as: the project's as was used"
echo ok
