#!/usr/bin/env bash
# sixth_system.sh — adding a system is one folder plus one registry line:
# a scratch copy of the sources gains systems/stub/ (its adapter only) and
# the line X(stub) in systems/adapters.c, builds, and the new system shows
# where the registry is read: --help (its usage line), `config` (the
# systems line), the "no state found" message (what its detection looks
# for), detection itself, and the completions' answers (its events).
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=$(cd "$LW_TESTS/.." && pwd)
unset MAKEFLAGS MAKELEVEL MFLAGS
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d /tmp/lw-sixth.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

src=$tmp/src
mkdir -p "$src"
cp -r "$root/Makefile" "$root/liza-watch.c" "$src/"
# Every source folder the Makefile builds (found, not listed: a new layer
# must not break this test).
for d in "$root"/*/; do
	d=$(basename "$d")
	case $d in build|tests|bench|docs|man|examples|completions|themes) continue ;; esac
	[ -n "$(find "$root/$d" -maxdepth 2 -name "*.c" -print -quit)" ] && cp -r "$root/$d" "$src/"
done

mkdir -p "$src/systems/stub"
cat > "$src/systems/stub/stub_adapter.c" <<'C'
/* stub_adapter.c — a sixth system that holds nothing: .stub/ present. */
#include "core/model/adapter.h"
#include "core/util/fileio.h"
#include <stdio.h>
#include <sys/stat.h>

static bool stub_detect(const char *dir, char *root, size_t n)
{
	struct stat st;
	lw_path_join(root, n, dir, ".stub");
	return stat(root, &st) == 0 && S_ISDIR(st.st_mode);
}
static void stub_watch_paths(const lw_source *src, lw_watch_add_fn add, void *ctx) { add(src->root, true, ctx); }
static int stub_load(const lw_source *src, lw_snapshot *snap, lw_error *err)
{
	(void)src; (void)snap; (void)err;
	return 0;
}
static void stub_check(const lw_source *src, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	(void)src; (void)snap; (void)ctx;
}
static const tx_row rows[] = { { "*", "poke", NULL, 0, 0, "poke it" } };
static const tx_table stub_tx = { "stub", rows, 1 };
static int stub_transition(const lw_source *src, const tx_request *rq, tx_result *res)
{
	(void)src; (void)rq;
	tx_set(res, TX_DENIED, "the stub system writes nothing");
	return res->rc;
}
const lw_adapter lw_adapter_stub = {
	.name = "stub",
	.looks_for = ".stub/",
	.usage = "stub: transition stub:ID poke",
	.detect = stub_detect,
	.watch_paths = stub_watch_paths,
	.load = stub_load,
	.check = stub_check,
	.tx = &stub_tx,
	.transition = stub_transition,
};
C
# The one registry line.
sed -i 's|^\t/\* one line per system, above this one \*/|\tX(stub)       \\\n&|' "$src/systems/adapters.c"
grep -q 'X(stub)' "$src/systems/adapters.c" || fail "the registry line was not added"

nice make -s -C "$src" liza-watch CFLAGS=-O0 >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "scratch build"; exit 1; }
lw=$src/liza-watch
export XDG_CONFIG_HOME=$tmp/cfg

"$lw" --help | grep -qxF '                             (stub: transition stub:ID poke)' || fail "--help has no stub line"
"$lw" config | grep -qx '# systems: liza rcs aot foreman acp stub' || fail "config: $("$lw" config | sed -n 3p)"
mkdir -p "$tmp/empty"
err=$("$lw" -C "$tmp/empty" check 2>&1); rc=$?
[ "$rc" -eq 3 ] || fail "no state: exit $rc"
grep -qF 'fsm_data/tasks/, .stub/)' <<<"$err" || fail "no state message lacks .stub/: $err"
mkdir -p "$tmp/p/.stub"
"$lw" -C "$tmp/p" check >/dev/null 2>&1; rc=$?
[ "$rc" -eq 0 ] || fail "a .stub/ project: check exit $rc"
[ "$("$lw" __complete events stub:x)" = poke ] || fail "stub events: $("$lw" __complete events stub:x)"
"$lw" __complete subjects | grep -qx 'stub:' || fail "subjects lack stub:"
[ "$failures" -eq 0 ]
