#!/usr/bin/env bash
# liza_go_archive.sh — terminal archival read as Liza reads it (issue 35):
# a restored record raises nothing; a hostile archive (the objects folder a
# symlink out of .liza/archive, an object that is a FIFO, a 1 GB sparse
# object, an object naming another task) changes nothing and is exactly one
# CRIT naming the task, the object and the reason; a transition on the
# archived task is refused and writes nothing; the ACP "blocked" word and
# the upstream commits are named by --version.
set -u
: "${LW_BIN:?LW_BIN must name the binary}" "${LW_TESTS:?LW_TESTS must name the tests folder}"
fail() { echo "FAIL: $*"; exit 1; }
"$LW_BIN" --version | grep -q 'acp rules follow Dadudekc/Agent_Cellphone at 07857ee' || fail "--version: ACP commit"
tmp=$(mktemp -d /tmp/lw-archive.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
export LIZA_WATCH_NOW=2026-11-25T10:00:00Z
base=$LW_TESTS/conformance/liza-go/archive-restored-valid/project
fresh() { rm -rf "$tmp/p"; mkdir -p "$tmp/p"; cp -a "$base/." "$tmp/p/"; obj=$(find "$tmp/p/.liza/archive/objects" -name '*.json'); }
sums() { find "$tmp/p" -type f ! -name '*.json' -print0 | sort -z | xargs -0 sha256sum; }
one_crit() {   # name reason
	out=$(timeout 20 "$LW_BIN" -C "$tmp/p" check 2>&1); rc=$?
	[ "$rc" = 2 ] || fail "$1: exit $rc: $out"
	[ "$(grep -c '^CRIT' <<<"$out")" = 1 ] || fail "$1: not exactly one CRIT: $out"
	grep -q "CRIT liza invalid_state t-1: task t-1 terminal archive .*$2" <<<"$out" || fail "$1: $out"
	grep -q '(rule: terminal_archive)' <<<"$out" || fail "$1: rule: $out"
}

fresh
out=$("$LW_BIN" -C "$tmp/p" check 2>&1) || fail "restored record: $out"
# the board keeps the stub's id and status, the detail is the restored record's
"$LW_BIN" -C "$tmp/p" status | grep -q '1 done' || fail "status: $("$LW_BIN" -C "$tmp/p" status)"

# the objects folder is a symlink out of .liza/archive
fresh; mkdir -p "$tmp/out"; mv "$tmp/p/.liza/archive/objects" "$tmp/out/objects"
ln -s "$tmp/out/objects" "$tmp/p/.liza/archive/objects"
before=$(sums); one_crit "symlinked objects folder" "open"; [ "$before" = "$(sums)" ] || fail "symlink: files changed"
rm -rf "$tmp/out"

# the object is a FIFO: never blocks, never read
fresh; rm -f "$obj"; mkfifo "$obj"
before=$(sums); one_crit "FIFO object" "not a regular file"; [ "$before" = "$(sums)" ] || fail "FIFO: files changed"

# a 1 GB object (sparse): refused by its size, not read
fresh; truncate -s 1G "$obj"
before=$(sums); one_crit "1 GB object" "bound for an archive object"; [ "$before" = "$(sums)" ] || fail "1 GB: files changed"

# an object naming another task (its digest right: only the envelope says so)
fresh; cp -a "$LW_TESTS/conformance/liza-go/archive-other-task/project/." "$tmp/p/"
one_crit "object naming another task" "unsupported envelope or task identity"

# a transition on the archived task is refused and writes nothing
fresh; before=$(sha256sum "$tmp/p/.liza/state.yaml")
out=$("$LW_BIN" -C "$tmp/p" transition liza:t-1 block --reason x 2>&1) && fail "transition on an archived task: $out"
[ "$before" = "$(sha256sum "$tmp/p/.liza/state.yaml")" ] || fail "state.yaml written: $out"
exit 0
