#!/usr/bin/env bash
# The status line and scripts as people run them: two projects in one
# `status --tmux` make one line within tmux's default status-right-length
# of 40 columns, the most severe first (a CRIT of the second project is
# never what is cut, and it names the project that holds it); a mistyped or removed -C folder shows in the bar, in
# JSON and beside the projects that did open (exit 3); .liza/PAUSE says
# PAUSED in every form; a --format directive status does not know is an
# error (exit 2), and in the config file a warning.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-fleet.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z LIZA_WATCH_CACHE=0
lw() { "$LW_BIN" "$@"; }
visible() { sed 's/#\[[^]]*\]//g'; }
cp -r "$LW_TESTS/fixtures/hud/basic" alpha
cp -r "$LW_TESTS/fixtures/hud/basic" beta
cp -r "$LW_TESTS/fixtures/hud/foreman-acp" gamma
# beta alone holds a CRIT: a task status Liza does not know.
sed -i '0,/status: UNCLAIMED/s//status: BOGUS/' beta/.liza/state.yaml
lw -C beta check | grep -q '^CRIT liza invalid_state' || fail "the fixture has no CRIT"

# --- two (three) projects, one line of at most 40 columns, CRIT first
for set in "alpha beta" "alpha gamma beta" "gamma alpha beta"; do
	args=(); for p in $set; do args+=(-C "$p"); done
	line=$(lw "${args[@]}" status --tmux)
	[ "$(printf '%s\n' "$line" | wc -l)" -eq 1 ] || fail "$set: not one line: $line"
	shown=$(printf '%s' "$line" | visible)
	[ "${#shown}" -le 40 ] || fail "$set: ${#shown} columns (tmux's status-right-length is 40): $shown"
	case $shown in "1 CRIT beta | "*) ;; *) fail "$set: the CRIT is not first, or does not name beta: $shown" ;; esac
	printf '%s' "$shown" | grep -q 'WARN' || fail "$set: the WARN count is gone: $shown"
done
# CRIT in two of three projects: the one with the most (the first of
# equals) is named, "+1" the other; a long name keeps its start within the 40 columns; one project
# alone is not named (the bar is its own).
cp -r beta beta2
shown=$(lw -C alpha -C beta2 -C beta status --tmux | visible)
case $shown in "2 CRIT beta2 +1 | "*WARN*) ;; *) fail "two projects with a CRIT: $shown" ;; esac
cp -r beta a-rather-long-project-name-beta
shown=$(lw -C alpha -C a-rather-long-project-name-beta -C gamma status --tmux | visible)
case $shown in "1 CRIT a-rather-lo~ | "*WARN*) ;; *) fail "a long project name: $shown" ;; esac
[ "${#shown}" -le 40 ] || fail "${#shown} columns with a long project name: $shown"
cp -r beta 'h#sh'
line=$(lw -C alpha -C 'h#sh' status --tmux)
case $line in *"1 CRIT h##sh"*) ;; *) fail "a # in the project's name is not escaped for tmux: $line" ;; esac
shown=$(lw -C beta status --tmux | visible)
case $shown in "1 CRIT | "*) ;; *) fail "one project names itself: $shown" ;; esac
rm -rf beta2 a-rather-long-project-name-beta 'h#sh'
# --format long names every project (and is as long as it needs).
long=$(lw -C alpha -C beta status --tmux --format long | visible)
printf '%s' "$long" | grep -q '^1 CRIT.*  alpha: .*liza: .*beta: .*liza: ' || fail "--format long: $long"
# The README's setting: status-right-length 160 keeps the counts of five
# systems in two projects (tmux cuts the end).
ex=$(cd "$LW_TESTS/../examples" && pwd)
cp -a "$ex" five1 && cp -a "$ex" five2 && : > five2/.liza/ABORT
long=$(lw -C five1 -C five2 status --tmux --format long | visible)
[ "${#long}" -gt 160 ] || fail "the two five-system projects' long line is short: ${#long}"
case ${long:0:160} in *"1 CRIT"*WARN*) ;; *) fail "the counts are past column 160: ${long:0:160}" ;; esac
long=$(lw -C five1 status --tmux --format long | visible)
case ${long:0:160} in *WARN*) ;; *) fail "one project: the counts are past column 160: ${long:0:160}" ;; esac

# --- a missing project
out=$(lw -C typo status --tmux 2>/dev/null); rc=$?
[ "$rc" -eq 3 ] || fail "status --tmux on a missing folder exited $rc, not 3"
[ "$(printf '%s' "$out" | visible)" = "liza-watch: no project typo" ] || fail "status --tmux, missing: '$out'"
out=$(lw -C "$tmp/typo" status --tmux 2>/dev/null | visible)
[ "$out" = "no project $tmp/typo" ] || fail "status --tmux, missing (long path): '$out'"
out=$(lw -C "$tmp/typo" status --json 2>/dev/null); rc=$?
[ "$rc" -eq 3 ] || fail "status --json on a missing folder exited $rc, not 3"
printf '%s' "$out" | python3 -c 'import json,sys; o=json.load(sys.stdin); assert o["ok"] is False and "typo" in o["error"], o' ||
	fail "status --json, missing: '$out'"
out=$(lw -C alpha -C "$tmp/typo" check 2>"$tmp/err"); rc=$?
[ "$rc" -eq 3 ] || fail "check with a missing project exited $rc, not 3"
printf '%s' "$out" | grep -q '^\[alpha\] WARN liza blocked blocked-1' || fail "check printed nothing (or no label) for the good project: '$out'"
grep -q "typo: cannot open project directory" "$tmp/err" || fail "check did not name the missing one: $(cat "$tmp/err")"
out=$(lw -C alpha -C "$tmp/typo" check --json 2>/dev/null)
printf '%s' "$out" | python3 -c '
import json,sys
o=json.load(sys.stdin)
assert any(a["subject"] == "blocked-1" for a in o["alerts"]), o
bad=[s for s in o["sources"] if not s["ok"]]
assert len(bad) == 1 and bad[0]["dir"].endswith("typo") and bad[0]["error"], o' || fail "check --json, one missing: '$out'"
line=$(lw -C alpha -C beta -C "$tmp/typo" status --tmux 2>/dev/null | visible)
case $line in "no project typo | 1 CRIT beta | "*WARN*) ;; *) fail "status --tmux, one missing of three: '$line'" ;; esac
[ "${#line}" -le 40 ] || fail "${#line} columns with a missing project: $line"
# A long path keeps its end, still within 40 columns.
deep=$tmp/a-rather-long-folder-name/and-another-one/typo-project
line=$(lw -C "$deep" status --tmux 2>/dev/null | visible)
[ "${#line}" -le 40 ] || fail "${#line} columns with a long missing path: $line"
case $line in "no project ..."*"/typo-project") ;; *) fail "long missing path: '$line'" ;; esac
line=$(lw -C alpha -C "$deep/" status --tmux 2>/dev/null | visible)
case $line in "no project typo-project | 1 WARN"*) ;; *) fail "long missing path beside a project: '$line'" ;; esac
out=$(lw -C alpha -C "$tmp/typo" status --json 2>/dev/null)
printf '%s' "$out" | python3 -c '
import json,sys
o=json.load(sys.stdin)
assert [p.get("ok", True) for p in o["projects"]] == [True, False], o' || fail "status --json, one missing: '$out'"

# --- .liza/PAUSE
touch alpha/.liza/PAUSE
lw -C alpha status | grep -q '^liza: PAUSED, ' || fail "status: no PAUSED: $(lw -C alpha status)"
lw -C alpha status --tmux | visible | grep -q 'PAUSED' || fail "status --tmux: no PAUSED"
lw -C alpha status --json | python3 -c 'import json,sys; o=json.load(sys.stdin); assert o["paused"] and o["systems"][0]["paused"], o' ||
	fail "status --json: not paused"
[ "$(lw -C alpha status --format '%P')" = PAUSED ] || fail "%P"
[ "$(lw -C alpha -C gamma status --tmux | visible | cut -d' ' -f1-3)" = "PAUSED | 1" ] ||
	fail "fleet: PAUSED is not first: $(lw -C alpha -C gamma status --tmux | visible)"
rm alpha/.liza/PAUSE
lw -C alpha status | grep -q PAUSED && fail "PAUSED after the PAUSE file went"
# Go Liza's pause is its mode: PAUSED the same way, said once.
cp -r "$LW_TESTS/conformance/liza-go/anomaly-awaiting-human-paused/project" gopaused
[ "$(lw -C gopaused status | grep -o PAUSED | wc -l)" -eq 1 ] || fail "Go Liza paused: $(lw -C gopaused status)"
lw -C gopaused status --tmux | visible | grep -q '| PAUSED |' || fail "Go Liza paused, tmux: $(lw -C gopaused status --tmux)"
lw -C gopaused status --json | python3 -c 'import json,sys; assert json.load(sys.stdin)["paused"]' || fail "Go Liza paused, JSON"

# --- an unknown directive
err=$(lw -C alpha status --format '%W %Z' 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ] || fail "--format %Z exited $rc, not 2"
printf '%s' "$err" | grep -q "unknown directive '%Z'" || fail "the bad directive is not named: $err"
printf '%s' "$err" | grep -q '%S systems' || fail "the valid directives are not listed: $err"
mkdir -p "$XDG_CONFIG_HOME/liza-watch"
printf '[status]\nformat = %%T tasks %%X\n' > "$XDG_CONFIG_HOME/liza-watch/config"
out=$(lw -C alpha status 2>"$tmp/err"); rc=$?
[ "$rc" -eq 0 ] || fail "a bad template in the config stopped status (exit $rc)"
grep -q "config:2: unknown directive '%X'" "$tmp/err" || fail "config warning: $(cat "$tmp/err")"
printf '%s' "$out" | grep -q '^liza: ' || fail "the bad template was used: $out"
rm "$XDG_CONFIG_HOME/liza-watch/config"
echo ok
