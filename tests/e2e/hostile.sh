#!/usr/bin/env bash
# The catalogue of hostile inputs: each one gives its own clear message and
# `check` exits 3 (or the right alert level), never a crash or a hang.
# Runs the sanitized binary, so any memory error fails the test too.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/lw-hostile.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-01-20T10:20:00Z
good=$LW_TESTS/fixtures/hud/basic/.liza/state.yaml

# case NAME EXIT REGEX : run check on $tmp/NAME (state.yaml already written),
# as the user as_user names (empty: ourselves).
as_user=()
case_() {
	local name=$1 want=$2 re=$3 out rc
	out=$(timeout 20 "${as_user[@]}" "$LW_BIN" -C "$tmp/$name" check 2>&1); rc=$?
	[ "$rc" -ne 124 ] || fail "$name: hung"
	[ "$rc" -eq "$want" ] || { printf '%s\n' "$out" | head -5; fail "$name: exit $rc, not $want"; }
	printf '%s\n' "$out" | grep -Eq -- "$re" || { printf '%s\n' "$out" | head -5; fail "$name: no /$re/ in the output"; }
}
# With the spec files and worktree folder the states name (liza-validate.sh checks them).
mk() { mkdir -p "$tmp/$1/.liza" "$tmp/$1/specs" "$tmp/$1/.worktrees/active-1"; : >"$tmp/$1/specs/vision.md"; : >"$tmp/$1/s.md"
       echo "$tmp/$1/.liza/state.yaml"; }

: > "$(mk empty)";                      case_ empty 3 'state.yaml:1:1: state.yaml is empty'
echo '- a list' > "$(mk list)";          case_ list 3 'state.yaml:1:1: state.yaml must be a mapping .*not a list'
head -c 4096 /dev/urandom | tr -d '\0' > "$(mk garbage)"; case_ garbage 3 'parse_error .*state.yaml:[0-9]+:[0-9]+: '
printf 'version: 1\ntasks: [\0]\n' > "$(mk nul)";   case_ nul 3 'state.yaml:2:9: NUL byte in a text file'
printf 'version: 1\ngoal: "caf\xe9"\n' > "$(mk badutf8)"; case_ badutf8 3 'state.yaml:2:[0-9]+: .*UTF-8'
{ printf '\xef\xbb\xbf'; cat "$good"; } > "$(mk bom)"; case_ bom 1 'WARN liza blocked'
sed 's/$/\r/' "$good" > "$(mk crlf)";    case_ crlf 1 'WARN liza blocked'
printf 'version: 1\nversion: 2\n' > "$(mk dupkey)"; case_ dupkey 3 'state.yaml:2:1: duplicate key "version"'
{ echo 'a: &a [x,x,x,x,x,x,x,x,x]'; p=a; for l in b c d e f g h i; do printf '%s: &%s [' $l $l; for _ in 1 2 3 4 5 6 7 8 9; do printf '*%s,' $p; done; echo '*'$p']'; p=$l; done; } > "$(mk bomb)"
case_ bomb 3 'alias bomb'
{ printf 'tasks: '; head -c 100000 /dev/zero | tr '\0' '['; } > "$(mk deep)"; case_ deep 3 'nesting deeper than 256 levels'
printf 'version: 1\ntasks: {a: 1}\n' > "$(mk tasksmap)"; case_ tasksmap 3 'state.yaml:2:8: tasks must be a list'
printf 'version: 1\ntasks:\n  - id: t\n    status: CLAIMED\n    iteration: many\n    lease_expires: soon\n    depends_on: {a: 1}\n' > "$(mk types)"
case_ types 2 'invalid_state t: .*state.yaml:5:16: iteration must be an integer, not "many"'
case_ types 2 'state.yaml:6:20: lease_expires must be an ISO 8601 time'
case_ types 2 'state.yaml:7:17: depends_on must be a list'
f=$(mk bigscalar); { printf 'version: 1\ngoal: {id: g, description: "'; head -c 1048576 /dev/zero | tr '\0' 'x'; printf '"}\ntasks: []\n'; } > "$f"
case_ bigscalar 2 'invalid_state'
f=$(mk huge); truncate -s 100M "$f";     case_ huge 3 'state.yaml: file is 104857600 bytes, over the limit of 67108864'
mkdir -p "$tmp/dir/.liza/state.yaml";    case_ dir 3 'state.yaml: not a regular file \(a directory\)'
mkdir -p "$tmp/fifo/.liza"; mkfifo "$tmp/fifo/.liza/state.yaml"; case_ fifo 3 'not a regular file \(a FIFO\)'
mkdir -p "$tmp/loop/.liza"; ln -s state.yaml "$tmp/loop/.liza/state.yaml"; case_ loop 3 'state.yaml: cannot open: Too many levels of symbolic links'
mkdir -p "$tmp/gone/.liza";              case_ gone 3 'state.yaml: missing'
# Unreadable: root reads anything, so as root the check runs as nobody.
f=$(mk noperm); cp "$good" "$f"; chmod 000 "$f"
if [ "$(id -u)" -ne 0 ]; then
	case_ noperm 3 'cannot open: Permission denied'
elif command -v setpriv >/dev/null; then
	chmod 711 "$tmp"
	as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	case_ noperm 3 'state.yaml: cannot open: Permission denied'
	as_user=()
fi
# 100,000 tasks (11 MB): read whole and counted, in seconds, not a limit hit.
f=$(mk many)
awk 'BEGIN { print "version: 1\ngoal: {id: g, description: many, status: IN_PROGRESS}\nagents: {}"
             print "config: {max_coder_iterations: 10}\nsprint: {id: s, goal_ref: g, status: IN_PROGRESS, timeline: {started: 2026-01-20T09:00:00Z}}\ntasks:"
             for (i = 1; i <= 100000; i++)
               printf "  - id: t%d\n    description: task %d\n    status: UNCLAIMED\n    priority: %d\n    spec_ref: s.md\n    done_when: it works\n", i, i, i % 5 + 1 }' > "$f"
# (about 3 s under ASan; the timeout only catches a hang, so it allows for
# both cores being busy: `make bench` measures the speed.)
out=$(timeout 300 "$LW_BIN" -C "$tmp/many" status 2>&1); rc=$?
[ "$rc" -eq 0 ] && [ "$out" = "liza: 100000 ready | ok" ] || fail "many: exit $rc: $out"
# Truncated at every byte of a small valid file: never a crash, always a clean outcome.
src=$tmp/trunc-src.yaml
cat > "$src" <<'YAML'
version: 1
goal: {id: g, status: IN_PROGRESS}
tasks:
  - id: t1
    status: READY_FOR_REVIEW   # awaiting
    spec_ref: s.md
    done_when: "it works — ✓"
    review_commit: 'abc'
    history:
      - {time: "2026-01-20T10:00:00Z", event: claimed, agent: coder-1}
agents:
  coder-1: {role: coder, status: IDLE}
config: {max_coder_iterations: 10}
sprint: {id: s, goal_ref: g, status: IN_PROGRESS, timeline: {started: 2026-01-20T09:00:00Z}}
YAML
mkdir -p "$tmp/trunc/.liza"
cp "$src" "$tmp/trunc/.liza/state.yaml"
"$LW_BIN" -C "$tmp/trunc" check >/dev/null 2>&1; [ $? -le 2 ] || fail "the truncation source must be valid"
size=$(wc -c < "$src")
for n in $(seq 0 "$size"); do
	head -c "$n" "$src" > "$tmp/trunc/.liza/state.yaml"
	timeout 10 "$LW_BIN" -C "$tmp/trunc" check >/dev/null 2>"$tmp/err"; rc=$?
	case $rc in 0|1|2|3) ;; *) cat "$tmp/err"; fail "truncated at $n bytes: exit $rc";; esac
done
echo ok
