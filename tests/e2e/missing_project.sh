#!/usr/bin/env bash
# missing_project.sh — a folder named with -C that does not open is a state
# of that project in every command and mode, at start as later, and the
# others carry on: metrics print the good project and source_up 0 for the
# missing one, `metrics --follow --output F` writes F, the --follow modes and
# the HUD start, show project_gone, and pick the folder up when it appears.
# check labels every line when one of two folders is missing and lists the
# CRITs of every project before any WARN; an empty folder on the tmux bar is
# "no state yet", not a missing project in red.
. "$(dirname "$0")/../tmux-lib.sh"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
ex=$(cd "$LW_TESTS/../examples" && pwd)
cd "$E2E_TMP" || exit 1
cp -a "$ex" good
bg=
trap '[ -n "$bg" ] && kill $bg 2>/dev/null; e2e_cleanup' EXIT
lw() { "$LW_BIN" "$@"; }

# ---- metrics, once
out=$(lw -C good -C gone metrics 2>"$E2E_TMP/err"); rc=$?
[ "$rc" -eq 3 ] || fail "metrics with a missing project exited $rc, not 3"
grep -q '^liza_watch_source_up{project="good",system="liza"} 1$' <<<"$out" || fail "metrics: the good project is missing: $(head -5 <<<"$out")"
grep -q '^liza_watch_source_up{project="gone",system=""} 0$' <<<"$out" || fail "metrics: no source_up 0 for the missing one"
if command -v promtool >/dev/null; then
	promtool check metrics <<<"$out" >/dev/null 2>&1 || fail "promtool: $(promtool check metrics <<<"$out" 2>&1 | head -3)"
fi
grep -q 'gone: cannot open project directory' "$E2E_TMP/err" || fail "metrics did not say why: $(cat "$E2E_TMP/err")"
# Only missing: the error it was.
lw -C gone metrics >/dev/null 2>&1; rc=$?
[ "$rc" -eq 3 ] || fail "metrics on only a missing folder exited $rc"

# ---- events, once
out=$(lw -C good -C gone events 2>/dev/null); rc=$?
[ "$rc" -eq 3 ] || fail "events with a missing project exited $rc"
grep -q ' good liza ' <<<"$out" || fail "events printed nothing of the good project"

# ---- the --follow modes start, say project_gone, and see the folder appear
"$LW_BIN" -C good -C gone metrics --follow --output "$E2E_TMP/m.prom" 2>/dev/null & bg=$!
wait_until 30 "metrics --follow to write F" grep -qs 'project="gone",system=""} 0' "$E2E_TMP/m.prom"
grep -q 'project="good",system="liza"} 1' "$E2E_TMP/m.prom" || fail "metrics --follow: no good project"
kill $bg; wait $bg 2>/dev/null; bg=

"$LW_BIN" -C good -C gone status --follow >"$E2E_TMP/st.out" 2>/dev/null & bg=$!
wait_until 30 "status --follow to start" grep -qs 'gone: cannot be opened' "$E2E_TMP/st.out"
kill $bg; wait $bg 2>/dev/null; bg=

"$LW_BIN" -C good -C gone events --follow >"$E2E_TMP/ev.out" 2>"$E2E_TMP/ev.err" & bg=$!
wait_until 30 "events --follow to start" grep -qs 'gone: cannot be opened' "$E2E_TMP/ev.err"
pid_running $bg || fail "events --follow ended"
kill $bg; wait $bg 2>/dev/null; bg=

"$LW_BIN" -C good -C gone check --follow >"$E2E_TMP/cf.out" 2>/dev/null & bg=$!
wait_until 30 "check --follow to say project_gone" grep -qs '\[gone\] CRIT project project_gone gone: cannot open' "$E2E_TMP/cf.out"
mkdir gone && cp -a good/.liza gone/
wait_until 30 "check --follow to see the folder appear" grep -qs '\[gone\] CLEAR project project_gone' "$E2E_TMP/cf.out"
wait_until 30 "check --follow to check it" grep -qs '\[gone\] WARN liza blocked' "$E2E_TMP/cf.out"
kill $bg; wait $bg 2>/dev/null; bg=
rm -rf gone

# ---- the HUD starts and shows it
start_hud 160 40 -C good -C gone
wait_for 'CRIT .*\[gone\] project project_gone'
wait_for 'good/liza'
keys q; wait_exit 0
new_server

# ---- check: labels kept, CRIT first across projects
out=$(lw -C good -C gone check 2>/dev/null); rc=$?
[ "$rc" -eq 3 ] || fail "check with a missing project exited $rc"
bad=$(grep -v '^\[good\] ' <<<"$out")
[ -z "$bad" ] || fail "check lines without their [label]: $bad"
cp -a good later && : > later/.liza/ABORT   # a CRIT in the second project only
out=$(lw -C good -C later check 2>/dev/null)
levels=$(awk '{print $2}' <<<"$out" | uniq | tr '\n' ' ')
[ "$levels" = "CRIT WARN INFO " ] || fail "check: not the most severe first across projects: $levels"

# ---- an empty folder on the tmux bar
mkdir empty
out=$(lw -C empty status --tmux 2>/dev/null)
[ "$out" = "no state yet" ] || fail "an empty folder on the tmux bar: '$out'"
echo ok
