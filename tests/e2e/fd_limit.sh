#!/usr/bin/env bash
# fd_limit.sh — the descriptor limit (ulimit -n) with many projects. At
# `ulimit -n 64` (soft and hard: nothing to raise; 32 for the commands,
# whose poll() asked one entry per project too) and 60 `-C` projects,
# the stat poller (--poll, and the PORTABLE build's only watcher) needs no
# descriptor per project and works: the HUD shows the last project and
# quits cleanly, `check --follow` and `events --follow` report a change in
# the last project. The inotify build, which needs one per project, exits
# 3 naming the descriptor limit (not fs.inotify.max_user_instances); a
# silent exit, 0 or 3, is what failed before (poll() refuses more entries
# than the limit with EINVAL, and the HUD quit without a word).
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
n=60
args=()
for i in $(seq 1 $n); do
	cp -r "$LW_TESTS/fixtures/hud/basic" "$E2E_TMP/p$i"
	args+=(-C "$E2E_TMP/p$i")
done
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; e2e_cleanup' EXIT
# lim N CMD...: CMD at ulimit -n N.
# Always in a subshell of its own (`lim … &`, `$(lim …)`): exec makes the
# command that subshell, so $! is its pid.
lim() { local l=$1; shift; ulimit ${ULIM_OPT:--n} "$l" && exec "$@"; }

# follow_case NAME WANT_RE ARGS...: runs, reports a new CRIT in p$n.
follow_case() {
	local name=$1 want=$2 out=$E2E_TMP/$1.out; shift 2
	rm -f "$E2E_TMP/p$n/.liza/ABORT"
	lim "${FOLLOW_LIMIT:-32}" "$LW_BIN" "${args[@]}" "$@" > "$out" 2>&1 & pids+=($!)
	local pid=$! end=$(( $(date +%s) + E2E_WAIT ))
	# Up and watching: check prints every project's alerts first, events nothing.
	until [ "$name" = events ] || grep -q "\[p$n\]" "$out"; do
		pid_running "$pid" || { cat "$out"; fail "$name: exited at once"; }
		[ "$(date +%s)" -le "$end" ] || { cat "$out"; fail "$name: p$n never reported"; }
		sleep 0.05
	done
	touch "$E2E_TMP/p$n/.liza/ABORT"
	local i=0 st=$E2E_TMP/p$n/.liza/state.yaml
	until grep -Eq "$want" "$out"; do
		pid_running "$pid" || { cat "$out"; fail "$name: exited"; }
		[ "$(date +%s)" -le "$end" ] || { cat "$out"; fail "$name: the change in p$n was not reported"; }
		sleep 0.05
		# events says nothing when it starts: a task's status flipped each
		# second until it tells one (only a change after it looked counts).
		i=$((i + 1))
		if [ "$name" = events ] && [ $((i % 20)) -eq 0 ]; then
			if grep -q 'status: UNCLAIMED' "$st"; then sed -i 's/status: UNCLAIMED/status: CLAIMED/' "$st"
			else sed -i 's/status: CLAIMED$/status: UNCLAIMED/' "$st"; fi
		fi
	done
	kill "$pid"; wait "$pid" 2>/dev/null
}
follow_case check "\[p$n\] CRIT liza abort_requested" --poll check --follow
follow_case events "p$n liza ready-1 status" --poll events --follow

# The HUD, polling: up with all the projects, and quits as asked.
rm -f "$E2E_TMP/p$n/.liza/ABORT"
cmd=$(printf '%q ' "$LW_BIN" --poll "${args[@]}")
"${TMUX_CMD[@]}" new-session -d -s t -x 160 -y 45 \
	"$(pane_cmd "ulimit -n 64; ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LIZA_WATCH_NOW=$LIZA_WATCH_NOW LANG=$LW_UTF8 LC_ALL=$LW_UTF8 TERM=screen-256color $cmd")"
"${TMUX_CMD[@]}" set-option -t t remain-on-exit on >/dev/null
wait_for "$n projects|p$n"
touch "$E2E_TMP/p$n/.liza/ABORT"
wait_for 'abort_requested'
keys q
wait_exit 0

# Without --poll: the inotify build names the descriptor limit; the
# PORTABLE build polls anyway and works.
if [ -z "${LW_PORTABLE:-}" ]; then
	o=$(lim 64 timeout 60 "$LW_BIN" "${args[@]}" check --follow 2>&1 >/dev/null); rc=$?
	[ "$rc" -eq 3 ] || fail "inotify: check --follow exits $rc, not 3: $o"
	printf '%s\n' "$o" | grep -q 'descriptor limit (ulimit -n) of 64 open files is reached' ||
		fail "inotify: the limit is not named: $o"
	printf '%s\n' "$o" | grep -q 'max_user_instances' && fail "inotify: blames max_user_instances: $o"
	# A soft limit of 64 under a higher hard one is raised at start, as
	# servers do: inotify works with every project.
	if [ "$(ulimit -Hn)" = unlimited ] || [ "$(ulimit -Hn)" -ge 256 ]; then
		ULIM_OPT=-Sn FOLLOW_LIMIT=64 follow_case raised "\[p$n\] CRIT liza abort_requested" check --follow
	fi
else
	follow_case portable "\[p$n\] CRIT liza abort_requested" check --follow
fi
exit 0
