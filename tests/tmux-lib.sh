# lib.sh — drive the real binary in tmux on a fixed-size pane.
# Waits are on the screen's content with a deadline, never a fixed sleep.
# Sourced by tests/e2e/*.sh; needs LW_BIN (set by tests/run-e2e).

set -u
: "${LW_BIN:?LW_BIN must name the liza-watch binary}"
TMUX_SOCK="lw-e2e-$$-$RANDOM"
TMUX_CMD=(tmux -L "$TMUX_SOCK" -f /dev/null)
# Named without symlinks, as the program names a project it resolved: on
# macOS /tmp is /private/tmp (the scripts' own temp folders do the same).
E2E_TMP=$(mktemp -d /tmp/lw-e2e.XXXXXX) && E2E_TMP=$(cd "$E2E_TMP" && pwd -P)
# A UTF-8 locale: C.UTF-8 where the system has it (Linux, FreeBSD); macOS
# has none by that name.
if locale -a 2>/dev/null | grep -qix 'c\.utf-\{0,1\}8'; then LW_UTF8=C.UTF-8; else LW_UTF8=en_US.UTF-8; fi
export LANG=$LW_UTF8 LC_ALL=$LW_UTF8

TMUX_SOCKS=("$TMUX_SOCK")
# The panes' shells and what they run, noted before their server is killed.
# One still there 20 s after its terminal went is a HUD that did not exit
# (or the shell that waits for it, pane_cmd): the test fails on it instead
# of leaving it behind, as the HUDs spinning in LeakSanitizer's check were.
PANE_PIDS=()
note_panes() {
	local p
	for p in $("${TMUX_CMD[@]}" list-panes -a -F '#{pane_pid}' 2>/dev/null); do
		PANE_PIDS+=("$p" $(pgrep -P "$p"))
	done
}
# pid_running PID: running, not a zombie its adopter has yet to reap.
pid_running() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${s#Z}" = "$s" ]; }
e2e_cleanup() {
	local s p left end gone=1
	note_panes
	for s in "${TMUX_SOCKS[@]}"; do tmux -L "$s" kill-server >/dev/null 2>&1 || true; done
	end=$(( $(date +%s) + 20 ))
	while :; do
		left=""
		for p in ${PANE_PIDS[@]+"${PANE_PIDS[@]}"}; do pid_running "$p" && left="$left $p"; done
		[ -z "$left" ] && break
		if [ "$(date +%s)" -gt "$end" ]; then
			echo "FAIL: still running 20 s after its terminal went:" >&2
			# Said, then ended: a HUD left spinning would hold a core.
			for p in $left; do
				ps -o pid=,stat=,args= -p "$p" >&2
				for c in $(pgrep -P "$p"); do ps -o pid=,stat=,args= -p "$c" >&2; kill -KILL "$c" 2>/dev/null; done
				kill -KILL "$p" 2>/dev/null
			done
			gone=0
			break
		fi
		sleep 0.05
	done
	rm -rf "$E2E_TMP"
	[ "$gone" = 1 ] || exit 1
}

# A fresh tmux server for the next start_hud: killing one and starting another
# on the same socket races with its shutdown.
new_server() {
	note_panes
	"${TMUX_CMD[@]}" kill-server >/dev/null 2>&1 || true
	TMUX_SOCK="$TMUX_SOCK-${#TMUX_SOCKS[@]}"
	TMUX_SOCKS+=("$TMUX_SOCK")
	TMUX_CMD=(tmux -L "$TMUX_SOCK" -f /dev/null)
}
trap e2e_cleanup EXIT

fail() { echo "FAIL: $*" >&2; echo "--- screen ---" >&2; screen >&2 || true; exit 1; }

# A project dir with Liza state copied from a fixture folder (holding .liza/).
make_project() {
	local src=$1 dst=$E2E_TMP/proj
	mkdir -p "$dst"
	cp -r "$src"/. "$dst"/
	echo "$dst"
}

# pane_cmd CMD: the pane's shell line around CMD (quoted already): CMD, then
# "[exited N]" (wait_exit) and a pause that keeps the pane to be read.
#
# The shell ignores SIGHUP while CMD runs, so that when the terminal goes
# away (kill-pane, kill-server, the end of a test) it outlives CMD. Dying at
# once, as it would, it sends SIGHUP and SIGCONT to the terminal's last
# foreground process group, CMD's (the kernel does, for a session leader that
# exits). A sanitizer build checks for leaks as it exits: LeakSanitizer's
# tracer stops it with PTRACE_ATTACH, that is with a SIGSTOP, and a SIGCONT
# sent before the SIGSTOP is taken discards it; the tracer then waits for a
# stop that never comes and the process spins in sched_yield() forever (seen
# in 4 runs of hud_signals in 10 with PORTABLE=1, whose HUD is at its leak
# check 3 ms after the hangup; the inotify build took 17 ms, after the
# shell's death). CMD still sees its terminal go (POLLHUP). With the terminal
# gone the echo fails and the shell ends; after a normal exit the pause may
# end on SIGHUP again.
pane_cmd() { printf "trap '' HUP; %s; echo \"[exited \$?]\" && trap - HUP && sleep 30" "$1"; }

# start_hud COLS ROWS ARGS… : the HUD in a detached session of that size,
# started in HUD_DIR (default: the current folder). With --reset-ui: what a
# run before it left (a view, a sort, a filter, tui/uistate.h) is not read,
# so each start is the same; HUD_KEEP_UI=1 reads it (hud_command.sh).
start_hud() {
	local cols=$1 rows=$2; shift 2
	local cmd
	if [ -n "${HUD_KEEP_UI:-}" ]; then cmd=$(printf '%q ' "$LW_BIN" "$@"); else cmd=$(printf '%q ' "$LW_BIN" "$@" --reset-ui); fi
	"${TMUX_CMD[@]}" new-session -d -s t -x "$cols" -y "$rows" -c "${HUD_DIR:-$PWD}" \
		"$(pane_cmd "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LIZA_WATCH_NOW=${LIZA_WATCH_NOW:-} LANG=${HUD_LANG:-$LW_UTF8} LC_ALL=${HUD_LANG:-$LW_UTF8} NO_COLOR=${HUD_NO_COLOR:-} TERM=${HUD_TERM:-screen-256color} $cmd")"
	"${TMUX_CMD[@]}" set-option -t t remain-on-exit on >/dev/null
}

screen() { "${TMUX_CMD[@]}" capture-pane -p -t t; }
screen_escapes() { "${TMUX_CMD[@]}" capture-pane -p -e -t t; }   # with colour/attribute sequences
keys() { "${TMUX_CMD[@]}" send-keys -t t "$@"; }
resize() { "${TMUX_CMD[@]}" resize-window -t t -x "$1" -y "$2"; }
pane_pid() { "${TMUX_CMD[@]}" display-message -p -t t '#{pane_pid}'; }

# The default deadline of a wait: generous, since a wait ends as soon as its
# condition holds and only a failure waits it out (both cores may be busy).
E2E_WAIT=${E2E_WAIT:-30}

# wait_for REGEX [SECONDS]: until the screen matches (grep -E), or fail.
# A deadline below the default is raised to it: a loaded machine is slow.
wait_for() {
	local re=$1 secs=${2:-$E2E_WAIT} end
	[ "$secs" -ge "$E2E_WAIT" ] || secs=$E2E_WAIT
	end=$(( $(date +%s%N) + secs * 1000000000 ))
	while [ "$(date +%s%N)" -lt "$end" ]; do
		screen | grep -Eq -- "$re" && return 0
		sleep 0.05
	done
	fail "timed out after ${secs}s waiting for /$re/"
}

# wait_gone REGEX [SECONDS]: until the screen no longer matches.
wait_gone() {
	local re=$1 secs=${2:-$E2E_WAIT} end
	[ "$secs" -ge "$E2E_WAIT" ] || secs=$E2E_WAIT
	end=$(( $(date +%s%N) + secs * 1000000000 ))
	while [ "$(date +%s%N)" -lt "$end" ]; do
		screen | grep -Eq -- "$re" || return 0
		sleep 0.05
	done
	fail "timed out after ${secs}s waiting for /$re/ to go"
}

# The HUD has exited with this status (the wrapper prints "[exited N]").
wait_exit() { wait_for "\\[exited ${1:-0}\\]" "${2:-$E2E_WAIT}"; }

# wait_until SECONDS WHAT CMD...: until CMD succeeds, or fail naming WHAT.
wait_until() {
	local secs=$1 what=$2 end; shift 2
	end=$(( $(date +%s%N) + secs * 1000000000 ))
	until "$@"; do
		[ "$(date +%s%N)" -lt "$end" ] || fail "timed out after ${secs}s waiting for $what"
		sleep 0.05
	done
}
