#!/usr/bin/env bash
# status's result cache (cli/status_cache.h). A repeated status answers from
# the kept result; a change to anything the last run read (file contents even
# with the mtime put back, a new file in a folder it listed, a config, an
# environment variable, the binary, the clock reaching an alert's instant)
# gives a fresh result; every answer equals an uncached run's. A run with a
# warning is not kept, a damaged or foreign cache file is not trusted, and
# the record of inputs is complete: every path an uncached run touches (as
# strace sees it) is in the record.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-scache.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
export XDG_RUNTIME_DIR=$tmp/run
mkdir -m 700 "$XDG_RUNTIME_DIR"
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
unset LIZA_WATCH_CACHE LIZA_WATCH_CACHE_TRACE
p=$tmp/p
mkdir "$p"
cp -r "$LW_TESTS/../examples/." "$p/"

# expect WHAT OUTCOME [STATUS ARGS…]: status through the cache says OUTCOME
# (hit, miss, "not kept") on its trace, and prints what an uncached run does.
expect() {
	local what=$1 want=$2 got ref; shift 2
	got=$(LIZA_WATCH_CACHE_TRACE=1 "$LW_BIN" -C "$p" status "$@" 2>"$tmp/trace") || fail "$what: exit $?"
	ref=$(LIZA_WATCH_CACHE=0 "$LW_BIN" -C "$p" status "$@" 2>/dev/null)
	[ "$got" = "$ref" ] || fail "$what: cached '$got', fresh '$ref'"
	grep -q "status cache: $want" "$tmp/trace" || fail "$what: expected '$want'; trace: $(cat "$tmp/trace")"
	last=$got
}
# change WHAT: after a change, one miss, then hits again.
change() {
	expect "$1" miss
	expect "$1, again" hit
}

expect "first run" miss
expect "second run" hit
first=$last
expect "json" miss --json
expect "json again" hit --json
expect "plain again" hit
[ "$last" = "$first" ] || fail "two command lines share one result"

# Same size, the mtime put back: only the contents tell.
st=$p/.liza/state.yaml
cp -p "$st" "$tmp/st.orig"
sed -i '0,/status: READY_FOR_REVIEW/s//status: BLOCKED_FOR_REVIEW/' "$st"
sed -i '0,/status: BLOCKED_FOR_REVIEW/s//status: BLOCKED/' "$st"
printf '%*s\n' $(( $(stat -c %s "$tmp/st.orig") - $(stat -c %s "$st") - 1 )) '' >> "$st"
[ "$(stat -c %s "$st")" = "$(stat -c %s "$tmp/st.orig")" ] || fail "the test's edit changed the size"
touch -r "$tmp/st.orig" "$st"
change "state.yaml, same size and mtime"
[ "$last" != "$first" ] || fail "the edit should show: $last"

touch "$p/.liza/PAUSE";                      change "PAUSE created"
rm "$p/.liza/PAUSE";                         change "PAUSE removed"
printf -- '- timestamp: "2026-01-20T10:19:00Z"\n  agent: x\n  action: note\n' >> "$p/.liza/log.yaml"
change "log.yaml grew"
cp -r "$p/agent_workspaces/Agent-2" "$p/agent_workspaces/Agent-9"
change "a new ACP workspace"
f=$(find "$p/.taskfactory" -name '*.yaml' | head -1); [ -n "$f" ] || fail "no foreman task file"
echo "# touched" >> "$f";                    change "a Foreman task file"
f=$(find "$p/.rcs" -type f | head -1); [ -n "$f" ] || fail "no RCS file"
printf ' ' >> "$f";                          change "an RCS state file"
echo "<!-- x -->" >> "$p/.claude/aot-loop-state.md"; change "the AoT state"
cp "$(find "$p/fsm_data/tasks" -type f | head -1)" "$p/fsm_data/tasks/zz-new.json"
change "a new ACP task file"
printf '[status]\nformat = %%W to review\n' > "$p/.liza-watch"
change "a project config"
[ "$last" = "1 to review" ] || [ "${last% to review}" != "$last" ] || fail "the config should show: $last"
rm "$p/.liza-watch";                         change "the project config removed"
mkdir -p "$XDG_CONFIG_HOME/liza-watch"
printf '[status]\nformat = %%c CRIT\n' > "$XDG_CONFIG_HOME/liza-watch/config"
change "a user config"
rm "$XDG_CONFIG_HOME/liza-watch/config";    change "the user config removed"
LIZA_WATCH_NOW=2026-01-20T12:00:00Z;        change "another fixed clock"
LIZA_WATCH_NOW=2026-01-20T10:20:00Z;        expect "the first clock, its file replaced" miss

# Another binary (an upgrade), another working folder: their own results.
cp "$LW_BIN" "$tmp/lw-copy"
out=$(cd "$tmp" && LIZA_WATCH_CACHE_TRACE=1 "$tmp/lw-copy" -C "$p" status 2>&1 >/dev/null)
case "$out" in *"miss: another binary or command line"*|*"miss: no result kept"*) ;; *) fail "another binary: $out" ;; esac

# A warning on stderr: the result is not kept (the warning must be seen).
printf 'no such setting\n' > "$p/.liza-watch"
expect "a config warning" "not kept"
expect "a config warning, again" "not kept"
rm "$p/.liza-watch"
expect "no warning: the result from before holds again" hit

# Damaged, foreign or shared cache files are not trusted.
c=$(ls "$XDG_RUNTIME_DIR"/liza-watch/status-* | head -1)
for cf in "$XDG_RUNTIME_DIR"/liza-watch/status-*; do
	sz=$(stat -c %s "$cf"); truncate -s $((sz - 5)) "$cf"; printf 'XXXXX' >> "$cf"
done
expect "a damaged cache file" "miss: damaged file"
expect "rewritten" hit
chmod 664 "$XDG_RUNTIME_DIR"/liza-watch/status-*
expect "a group-writable cache file" "miss: no result kept"
chmod 777 "$XDG_RUNTIME_DIR/liza-watch"
expect "a world-writable cache folder" "off"
expect "still" "off"
chmod 700 "$XDG_RUNTIME_DIR/liza-watch"
LIZA_WATCH_CACHE=0 LIZA_WATCH_CACHE_TRACE=1 "$LW_BIN" -C "$p" status >/dev/null 2>"$tmp/trace"
[ -s "$tmp/trace" ] && fail "LIZA_WATCH_CACHE=0 must not use the cache: $(cat "$tmp/trace")"
[ -n "$c" ] || fail "no cache file was written"

# The live clock: a lease that lapses six seconds from now (grace 0) is the
# next instant an alert changes; the kept result holds until then, not after.
unset LIZA_WATCH_NOW
q=$tmp/q
mkdir -p "$q/.liza"
lapse=$(( $(date +%s) + 6 ))   # room for two runs under load before the lapse
cat > "$q/.liza/state.yaml" <<EOF
version: 1
goal: { id: g, description: d, status: IN_PROGRESS }
tasks:
  - id: t1
    description: x
    status: CLAIMED
    priority: 1
    created: "$(date -u -d @$((lapse - 3600)) +%Y-%m-%dT%H:%M:%SZ)"
    assigned_to: coder-1
    lease_expires: "$(date -u -d @$lapse +%Y-%m-%dT%H:%M:%SZ)"
EOF
printf '[liza]\nlease-grace = 0s\n' > "$q/.liza-watch"
p=$q
expect "live clock" miss
grep -q "clock live [0-9]* $lapse\$" "$XDG_RUNTIME_DIR"/liza-watch/status-* ||
	fail "the kept result should hold until $lapse: $(grep -h '^clock' "$XDG_RUNTIME_DIR"/liza-watch/status-*)"
before=$last
if [ "$(date +%s)" -lt "$lapse" ]; then expect "live clock, before the lapse" hit; fi
# Waiting for the clock itself (not for the program): the lapse is the point.
while [ "$(date +%s)" -lt "$lapse" ]; do sleep 0.1; done
expect "live clock, the lease lapsed" "miss: an alert's time has come"
[ "$last" != "$before" ] || fail "the lapse should show: $last"

# A project named through a symlink: the link is an input. Pointed at
# another project, the same command line is a miss and says the other's.
q=$tmp/other
mkdir "$q" && cp -r "$LW_TESTS/../examples/." "$q/"
printf 'tasks:\n  - id: only-one\n    status: DRAFT\n    description: d\n' > "$q/.liza/state.yaml"
ln -s "$p" "$tmp/link"
linked() { (cd "$tmp" && LIZA_WATCH_CACHE_TRACE=1 "$LW_BIN" -C link status 2>"$tmp/trace"); }
linked >/dev/null && linked > "$tmp/via-p" || fail "status through a link: exit $?"
grep -q "status cache: hit" "$tmp/trace" || fail "through a link, again: $(cat "$tmp/trace")"
ln -sfn "$q" "$tmp/link"
linked > "$tmp/via-q" || fail "status through the moved link: exit $?"
grep -q "status cache: miss" "$tmp/trace" || fail "the link moved: expected a miss; trace: $(cat "$tmp/trace")"
[ "$(cat "$tmp/via-q")" = "$(LIZA_WATCH_CACHE=0 "$LW_BIN" -C "$q" status 2>/dev/null)" ] ||
	fail "the link moved: '$(cat "$tmp/via-q")' is not q's status"
cmp -s "$tmp/via-p" "$tmp/via-q" && fail "the link moved but the line did not: $(cat "$tmp/via-q")"

# Every path an uncached run looks at is in the record (strace), so no
# loader can read behind the cache's back.
if command -v strace >/dev/null; then
	p=$tmp/p
	export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
	rm -f "$XDG_RUNTIME_DIR"/liza-watch/status-*
	# (LeakSanitizer cannot run under ptrace: leaks are the other tests' job)
	(cd "$tmp" && ASAN_OPTIONS=detect_leaks=0 strace -f -qq -e trace=%file,getdents64 -y -o "$tmp/strace" "$LW_BIN" -C p status >/dev/null) || fail "status under strace: exit $?"
	rec=$(ls "$XDG_RUNTIME_DIR"/liza-watch/status-*)
	# (the record names the project's canonical root, absolute; the
	# trace, the paths as each call gave them)
	grep '^in ' "$rec" | awk '{ print $3 }' | sed "s|^$tmp/||" | sort -u > "$tmp/recorded"
	# paths passed to file calls, and folders listed (getdents64 on fd<path>)
	sed -n -e 's/^[0-9]* *[a-z0-9_]*(AT_FDCWD[^,]*, "\([^"]*\)".*/\1/p' \
	       -e 's/^[0-9]* *\(stat\|lstat\|open\|access\|readlink\|statfs\)("\([^"]*\)".*/\2/p' \
	       -e 's/^[0-9]* *getdents64([0-9]*<\([^>]*\)>.*/\1/p' "$tmp/strace" |
		sed "s|^$tmp/||" | grep -v -e "^/" -e "^run/" -e "^run$" | sort -u > "$tmp/touched"
	[ -s "$tmp/touched" ] || fail "strace saw no project path: $(head -20 "$tmp/strace")"
	missing=$(comm -23 "$tmp/touched" "$tmp/recorded")
	[ -z "$missing" ] || fail "looked at but not recorded: $missing"
else
	echo "note: strace not installed; the record's completeness was not checked" >&2
fi

# Every environment lookup of core/ and cli/ is recorded (lw_getenv): the
# cache's own settings are the only plain getenv.
src=$LW_TESTS/..
raw=$(grep -n '[^_]getenv(' "$src"/core/*/*.c "$src"/systems/*/*.c "$src"/systems/*.c "$src"/cli/*.c | grep -v -e 'core/util/inputs.c' -e 'cli/status_cache.c')
[ -z "$raw" ] || fail "getenv outside the input record: $raw"
echo ok
