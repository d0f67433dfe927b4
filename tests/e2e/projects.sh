#!/usr/bin/env bash
# Several projects in one process: -C repeated and the user's `projects`
# setting (globs; folders without state passed over). check, status and
# metrics cover them all, each line or object naming its project; the exit
# code is the worst; one-project commands refuse several; check --follow
# reports a change in one project under that project's name only.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-projects.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
mkdir -p "$tmp/work" "$tmp/other"
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/work/alpha"
cp -r "$LW_TESTS/fixtures/rcs/team-forge" "$tmp/work/beta"
mkdir -p "$tmp/work/notes"                      # no agent state: not a project
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/other/alpha"   # a second "alpha"
wait_until() {
	local desc=$1; shift
	local end=$(( $(date +%s) + 10 ))
	while [ "$(date +%s)" -le "$end" ]; do "$@" && return 0; sleep 0.05; done
	fail "timed out waiting for: $desc"
}
A=$tmp/work/alpha B=$tmp/work/beta

out=$("$LW_BIN" -C "$A" -C "$B" check); rc=$?
[ "$rc" -eq 1 ] || fail "check over two projects exited $rc, expected 1 (the worst: WARN): $out"
grep -qx '\[alpha\] WARN liza blocked blocked-1: blocked: spec unclear' <<<"$out" || fail "no alpha line: $out"
grep -v '^\[alpha\] \|^\[beta\] ' <<<"$out" | grep -q . && fail "a line without its project: $out"
# One project alone: lines exactly as before.
"$LW_BIN" -C "$A" check | grep -qx 'WARN liza blocked blocked-1: blocked: spec unclear' || fail "one project's line changed"

# A broken project makes the whole run exit 3.
cp -r "$B" "$tmp/broken"; echo '{' > "$tmp/broken/.rcs/state/session.json"
"$LW_BIN" -C "$A" -C "$tmp/broken" check >/dev/null 2>&1; [ $? -eq 3 ] || fail "an unreadable project must exit 3"

json=$("$LW_BIN" -C "$A" -C "$B" check --json)
jq -e '(.alerts | length > 0) and (.alerts | all(.project == "alpha" or .project == "beta"))
       and ([.sources[].project] == ["alpha", "beta"]) and (.sources[0].dir | endswith("/work/alpha"))' \
	<<<"$json" >/dev/null || fail "check --json over two projects: $json"

line=$("$LW_BIN" -C "$A" -C "$B" status)
[[ $line == "alpha: liza: "*"  beta: rcs: "* ]] || fail "status over two projects: $line"
sj=$("$LW_BIN" -C "$A" -C "$B" status --json)
jq -e '[.projects[].project] == ["alpha", "beta"] and .projects[0].tasks == 6' <<<"$sj" >/dev/null ||
	fail "status --json over two projects: $sj"

m=$("$LW_BIN" -C "$A" -C "$B" metrics)
promtool check metrics <<<"$m" || fail "promtool rejects two projects' metrics"
grep -q '^liza_watch_source_up{project="alpha",system="liza"} 1$' <<<"$m" || fail "no alpha in metrics"
grep -q '^liza_watch_source_up{project="beta",system="rcs"} 1$' <<<"$m" || fail "no beta in metrics"
[ "$(grep -c '^# TYPE liza_watch_tasks gauge$' <<<"$m")" -eq 1 ] || fail "a family written twice"

# Two projects with the same last component get the parent too.
line=$("$LW_BIN" -C "$A" -C "$tmp/other/alpha" status)
[[ $line == "work/alpha: "*"  other/alpha: "* ]] || fail "labels not told apart: $line"

# One-project commands refuse several.
"$LW_BIN" -C "$A" -C "$B" approve review-1 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] || fail "approve with two -C exited $rc"
grep -q 'approve acts on one project' "$tmp/err" || fail "approve's message: $(cat "$tmp/err")"

# The user's projects setting: a glob; folders without state passed over.
mkdir -p "$XDG_CONFIG_HOME/liza-watch"
printf 'projects = %s/work/*\n' "$tmp" > "$XDG_CONFIG_HOME/liza-watch/config"
line=$(cd "$tmp" && "$LW_BIN" status)
[[ $line == "alpha: "*"  beta: "* ]] || fail "status from the projects setting: $line"
grep -q notes <<<"$line" && fail "a folder without state became a project: $line"
# A project that appears under the glob later is seen at once: status keeps
# no line it could answer from while the glob is read behind its record.
cp -r "$LW_TESTS/fixtures/rcs/team-forge" "$tmp/work/gamma"
line=$(cd "$tmp" && "$LW_BIN" status)
[[ $line == *"  gamma: "* ]] || fail "a new project under the glob was not seen: $line"
rm -rf "$tmp/work/gamma"
# …but a one-project command still acts on the current directory.
(cd "$A" && "$LW_BIN" status) | grep -q '^liza: ' && fail "status (many) ignored the projects setting"
(cd "$A" && "$LW_BIN" transition review-1 note --reason hi >/dev/null) || fail "a transition in a project dir with projects set"
# A project's own file may not set projects.
printf 'projects = /\n' > "$A/.liza-watch"
"$LW_BIN" -C "$A" status 2>&1 >/dev/null | grep -q 'projects may be set only in your own config' ||
	fail "a project's file set projects"
rm -f "$A/.liza-watch" "$XDG_CONFIG_HOME/liza-watch/config"

# check --follow over two projects: a change in beta shows as beta's only.
"$LW_BIN" -C "$A" -C "$B" check --follow > "$tmp/follow.out" 2>&1 & pids+=($!); fpid=$!
wait_until "the first lines" grep -q '\[alpha\]' "$tmp/follow.out"
n=$(wc -l < "$tmp/follow.out")
echo '{' > "$B/.rcs/state/session.json"
wait_until "beta's parse error" grep -q '^2026-01-20T10:20:00Z \[beta\] CRIT rcs parse_error' "$tmp/follow.out"
tail -n +"$((n + 1))" "$tmp/follow.out" | grep -q '\[alpha\]' && fail "alpha reported on beta's change"
kill -TERM "$fpid"; wait "$fpid"
echo ok
