#!/usr/bin/env bash
# Whole-screen comparisons (as tig and tmux test): the main layouts at 80x24
# and 160x45 are drawn on fixed-size tmux panes with the clock fixed, and
# every character of the screen must match tests/screens/NAME.txt — any
# drift fails. Regenerate after an intended change, then review the diff:
#     LW_UPDATE_SCREENS=1 tests/run-e2e build/san/liza-watch   (or this script alone)
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
screens=$LW_TESTS/screens
update=${LW_UPDATE_SCREENS:-}
fixtures=$LW_TESTS/fixtures/hud

# The project folder is the pane's working directory and -C . names it; the
# header shows it from the home folder (~/basic), and HOME is the test's
# folder, so it reads the same wherever the test runs.
start_in() {
	local dir=$1 cols=$2 rows=$3; shift 3
	local cmd home
	home=$(cd "$E2E_TMP" && pwd -P)
	cmd=$(printf '%q ' "$LW_BIN" --reset-ui -C . "$@")
	new_server
	"${TMUX_CMD[@]}" new-session -d -s t -x "$cols" -y "$rows" -c "$dir" \
		"$(pane_cmd "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} HOME=$home TZ=UTC LIZA_WATCH_NOW=$LIZA_WATCH_NOW LANG=$LW_UTF8 LC_ALL=$LW_UTF8 TERM=screen-256color $cmd")"
	"${TMUX_CMD[@]}" set-option -t t remain-on-exit on >/dev/null
}

# same NAME: wait until the screen is the expected one (deadline), or with
# LW_UPDATE_SCREENS write it once it has stopped changing.
same() {
	local name=$1 file=$screens/$1.txt end last="" cur
	end=$(( $(date +%s%N) + 10 * 1000000000 ))
	if [ -n "$update" ]; then
		while [ "$(date +%s%N)" -lt "$end" ]; do
			cur=$(screen)
			[ -n "$cur" ] && [ "$cur" = "$last" ] && { printf '%s\n' "$cur" > "$file"; echo "wrote $file"; return 0; }
			last=$cur
			sleep 0.3
		done
		fail "$name: the screen kept changing"
	fi
	[ -f "$file" ] || fail "$name: no $file (LW_UPDATE_SCREENS=1 writes it)"
	while [ "$(date +%s%N)" -lt "$end" ]; do
		[ "$(screen)" = "$(cat "$file")" ] && return 0
		sleep 0.05
	done
	echo "--- $name: expected (-) vs drawn (+) ---" >&2
	diff <(cat "$file") <(screen) >&2
	fail "$name: the screen drifted from $file"
}

basic=$E2E_TMP/basic; mkdir -p "$basic"; cp -r "$fixtures/basic/." "$basic/"
multi=$E2E_TMP/multi; mkdir -p "$multi"; cp -r "$fixtures/foreman-acp/." "$multi/"
cp -r "$fixtures/basic/." "$multi/"   # .liza with the worktree and spec files its tasks name
empty=$E2E_TMP/empty; mkdir -p "$empty"
crowded=$E2E_TMP/crowded; mkdir -p "$crowded"; cp -r "$fixtures/crowded/." "$crowded/"
# Two projects (issue 29): alpha holds three systems, beta one.
alpha=$E2E_TMP/alpha beta=$E2E_TMP/beta
mkdir -p "$alpha" "$beta"
cp -r "$fixtures/foreman-acp/." "$alpha/"; cp -r "$fixtures/basic/." "$alpha/"; cp -r "$fixtures/basic/." "$beta/"

# start_two COLS ROWS: the HUD on alpha and beta, from the folder above them.
start_two() {
	local cmd home
	home=$(cd "$E2E_TMP" && pwd -P)
	cmd=$(printf '%q ' "$LW_BIN" --reset-ui -C alpha -C beta)
	new_server
	"${TMUX_CMD[@]}" new-session -d -s t -x "$1" -y "$2" -c "$E2E_TMP" \
		"$(pane_cmd "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} HOME=$home TZ=UTC LIZA_WATCH_NOW=$LIZA_WATCH_NOW LANG=$LW_UTF8 LC_ALL=$LW_UTF8 TERM=screen-256color $cmd")"
	"${TMUX_CMD[@]}" set-option -t t remain-on-exit on >/dev/null
}

for size in "80 24" "160 45"; do
	set -- $size; c=$1 r=$2
	start_in "$basic" "$c" "$r"
	wait_for 'review \(1\)'
	same "board-${c}x${r}"
	keys t; same "table-${c}x${r}"
	keys t Tab; same "alerts-focus-${c}x${r}"
	keys Enter; same "alert-detail-${c}x${r}"
	keys Escape '?'; same "help-${c}x${r}"
	keys End; same "help-end-${c}x${r}"   # the legends: gauges per system, colours
	keys q q; wait_exit 0

	start_in "$basic" "$c" "$r"
	wait_for 'review \(1\)'
	keys a; same "approve-prompt-${c}x${r}"
	keys n q; wait_exit 0

	# Sorted by id, descending (the arrow by the column's name), then the
	# : line completing a column with its candidates (issue 39).
	start_in "$basic" "$c" "$r"
	wait_for 'review \(1\)'
	keys t '>' '>' '>' I; same "table-sorted-${c}x${r}"
	keys : s o r t Space Tab; same "command-complete-${c}x${r}"
	keys Escape q; wait_exit 0

	start_in "$multi" "$c" "$r"
	wait_for 'review \('
	same "multi-${c}x${r}"
	keys / DEMO-1 Enter m; same "chooser-${c}x${r}"
	keys Escape Escape q; wait_exit 0

	start_in "$empty" "$c" "$r"
	wait_for 'waiting for it to appear'
	same "empty-${c}x${r}"
	keys q; wait_exit 0

	# The agents pane and the activity feed: another writer moves a task
	# and appends a log entry while the HUD watches.
	act=$E2E_TMP/act-$c; rm -rf "$act"; mkdir -p "$act"; cp -r "$fixtures/basic/." "$act/"
	start_in "$act" "$c" "$r"
	wait_for 'review \(1\)'
	sed 's/status: UNCLAIMED/status: DRAFT/' "$act/.liza/state.yaml" > "$act/.liza/state.yaml.new"
	mv "$act/.liza/state.yaml.new" "$act/.liza/state.yaml"
	# one reload at a time: the feed's order is the order the loads saw
	wait_for 'alert_raised WARN stale_draft'
	printf -- '- timestamp: "2026-01-20T10:19:00Z"\n  agent: planner-1\n  action: rescoped\n  task: ready-1\n' >> "$act/.liza/log.yaml"
	wait_for 'rescoped'
	same "activity-${c}x${r}"
	keys BTab; same "agents-focus-${c}x${r}"
	keys F; same "activity-full-${c}x${r}"
	keys q q; wait_exit 0

	# Many alerts, a long lane, a CJK id: counts of what is hidden, the
	# lane scrolled past its top says how many cards are above, the table
	# cuts the id at a character and keeps its columns.
	start_in "$crowded" "$c" "$r"
	wait_for 'blocked \(9'
	same "crowded-${c}x${r}"
	keys l l l l G; same "crowded-bottom-${c}x${r}"
	keys t; same "crowded-table-${c}x${r}"
	keys q; wait_exit 0

	# Two projects: cards, workflows, the table's project column; Enter on
	# a workflow opens the workflow.
	start_two "$c" "$r"
	wait_for 'review \('
	same "projects-${c}x${r}"
	keys t; same "projects-table-${c}x${r}"
	keys t Tab Tab Enter; same "workflow-detail-${c}x${r}"
	keys Escape q; wait_exit 0
done

# The sizes the issue met: two projects at 100 columns (the tag ate the
# title), 60 columns (ids cut, blank cards), 9 alerts with board rows to
# spare at 80x36 (the pane showed 8 and no count).
start_two 100 30
wait_for 'review \('
same "projects-100x30"
keys q; wait_exit 0
start_in "$multi" 60 24
wait_for 'review [0-9]'
same "multi-60x24"
keys q; wait_exit 0
start_two 60 24
wait_for 'review [0-9]'
same "projects-60x24"
keys q; wait_exit 0
start_in "$crowded" 80 36
wait_for 'blocked \(9'
same "crowded-80x36"
keys q; wait_exit 0

# Issue 39: the filter as it is typed (the prompt counts what it keeps),
# the raw record of a task (its lines as the file holds them, numbered),
# and a search in the help screen.
start_in "$crowded" 80 24
wait_for 'blocked \(9'
keys / b l o; same "filter-live-80x24"
keys Escape l l l l j u; same "raw-80x24"
keys Escape '?' / q u e u e Enter; same "help-search-80x24"
keys q q; wait_exit 0

# Issue 36. A small pane degrades instead of going blank: from 20x3 up the
# project and its CRIT/WARN counts, then the alerts, then how to see more.
for size in "20 3" "40 8" "59 15"; do
	set -- $size
	start_in "$basic" "$1" "$2"
	wait_for 'W(ARN )?1'
	same "small-${1}x${2}"
	keys q; wait_exit 0
done
# …and a prompt asked there still shows (a over a selected task).
start_in "$basic" 40 8
wait_for 'W(ARN )?1'
keys / review-1 Enter a
same "small-prompt-40x8"
keys n q; wait_exit 0

# A long field in the detail view is wrapped, not cut at the edge: a
# 2,371-character blocked reason reads in full, its last words at the end.
long=$E2E_TMP/long; mkdir -p "$long"; cp -r "$fixtures/basic/." "$long/"
reason="$(printf 'w%04d ' $(seq 1 393))the-end-of-it"
[ "${#reason}" = 2371 ] || fail "the reason is ${#reason} characters"
sed -i "s/^    blocked_reason: spec unclear/    blocked_reason: $reason/" "$long/.liza/state.yaml"
start_in "$long" 80 24
wait_for 'review \(1\)'
keys / blocked-1 Enter
wait_for 'blocked \(1\)'
keys Enter
same "detail-wrapped-80x24"
keys End
same "detail-wrapped-end-80x24"
keys Escape q; wait_exit 0

# Three projects at 160 columns: each project named once before its
# systems, so the header keeps the path and the reload time.
store=$E2E_TMP/storefront-web pay=$E2E_TMP/payments-api inv=$E2E_TMP/inventory-svc
mkdir -p "$store" "$pay" "$inv"
cp -r "$fixtures/foreman-acp/." "$store/"; cp -r "$fixtures/basic/." "$store/"
cp -r "$fixtures/basic/." "$pay/"; cp -r "$fixtures/basic/." "$inv/"
home=$(cd "$E2E_TMP" && pwd -P)
new_server
"${TMUX_CMD[@]}" new-session -d -s t -x 160 -y 45 -c "$E2E_TMP" \
	"$(pane_cmd "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} HOME=$home TZ=UTC LIZA_WATCH_NOW=$LIZA_WATCH_NOW LANG=$LW_UTF8 LC_ALL=$LW_UTF8 TERM=screen-256color $(printf '%q ' "$LW_BIN" --reset-ui -C storefront-web -C payments-api -C inventory-svc)")"
"${TMUX_CMD[@]}" set-option -t t remain-on-exit on >/dev/null
wait_for 'review \('
same "projects3-160x45"
screen | head -1 | grep -q 'reloaded 10:20:00' || fail "three projects: the header lost the reload time"
keys q; wait_exit 0
exit 0
