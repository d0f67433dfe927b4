#!/usr/bin/env bash
# sixth_system.sh — adding a system is one folder plus one registry line:
# a scratch copy of the sources gains systems/stub/ (its adapter only) and
# the line X(stub) in systems/adapters.c, builds, and the new system shows
# where the registry is read: --help (its usage line), `config` (the
# systems line and its own threshold), the "no state found" message (what
# its detection looks for), detection itself, its threshold as a project's
# config sets it, the completions' answers (its events), the man pages'
# lists, and its own lever with its own key (kick, W), declared as data:
# `keys`, the HUD's help and footer list it and the key writes.
set -u
: "${LW_TESTS:?LW_TESTS must name the tests folder}"
root=$(cd "$LW_TESTS/.." && pwd)
unset MAKEFLAGS MAKELEVEL MFLAGS
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d /tmp/lw-sixth.XXXXXX) && tmp=$(cd "$tmp" && pwd -P)
trap 'rm -rf "$tmp"' EXIT

src=$tmp/src
mkdir -p "$src"
cp -r "$root/Makefile" "$root/liza-watch.c" "$src/"
# Every source folder the Makefile builds (found, not listed: a new layer
# must not break this test).
for d in "$root"/*/; do
	d=$(basename "$d")
	case $d in build|tests|bench|docs|examples|completions|themes) continue ;; esac
	[ -n "$(find "$root/$d" -maxdepth 2 -name "*.c" -print -quit)" ] && cp -r "$root/$d" "$src/"
done
# The built-in themes are compiled from themes/*.theme.
cp -r "$root/themes" "$src/"

mkdir -p "$src/systems/stub"
cat > "$src/systems/stub/stub_adapter.c" <<'C'
/* stub_adapter.c — a sixth system that holds nothing: .stub/ present. */
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
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
/* Its own threshold, declared here only: core knows nothing of it. */
typedef struct stub_thresholds { long long stale; } stub_thresholds;
static const stub_thresholds stub_th_default = { .stale = 300 };
static const lw_setting stub_settings[] = {
	{ "stub.stale", SET_DURATION, LW_SYS_TH(stub_thresholds, stale), 0, 0, LW_SETTING_YEAR,
	  "how old a stub may be, before stub_age" },
};
extern const lw_adapter lw_adapter_stub;
static void stub_check(const lw_source *src, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	(void)src; (void)snap;
	const stub_thresholds *th = lw_thresholds_of(lw_check_thresholds(ctx), &lw_adapter_stub);
	lw_alerts_add(ctx->out, LW_WARN, "stub", "stub_age", NULL, LW_NO_TIME, "stale after %llds", th->stale);
}
static const tx_row rows[] = { { "*", "poke", NULL, 0, 0, "poke it" }, { NULL, "kick", NULL, 0, 0, "kick it" } };
static const tx_table stub_tx = { "stub", rows, 2 };
/* Its own key: the HUD learns it from here only. */
static const lw_action stub_actions[] = {
	{ "kick", "kick", 'W', "kick the stub (asks y/N)", "kick", LW_ACT_LEVER, "kick %n%i?", 0, LW_ASK_PLAIN, NULL,
	  0, 0, false },
};
/* A kick leaves .stub/kicked (a scratch test system: a plain write). */
static int stub_transition(const lw_source *src, const tx_request *rq, tx_result *res)
{
	char p[LW_PATH_MAX];
	FILE *f = rq->subject ? NULL : fopen(lw_path_join(p, sizeof p, src->root, "kicked"), "w");
	if (!f) {
		tx_set(res, TX_DENIED, "the stub system only takes a kick");
		return res->rc;
	}
	fprintf(f, "%s by %s\n", rq->event, rq->as);
	fclose(f);
	tx_set(res, TX_DONE, "kicked");
	return res->rc;
}
const lw_adapter lw_adapter_stub = {
	.name = "stub",
	.looks_for = ".stub/",
	.title = "Stub",
	.manual = "`.stub/`, which holds nothing.",
	.usage = "stub: transition stub:ID poke",
	.settings = stub_settings,
	.nsettings = 1,
	.th_default = &stub_th_default,
	.th_size = sizeof stub_th_default,
	.detect = stub_detect,
	.watch_paths = stub_watch_paths,
	.load = stub_load,
	.check = stub_check,
	.tx = &stub_tx,
	.transition = stub_transition,
	.actions = stub_actions,
	.nactions = 1,
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
[ "$rc" -eq 1 ] || fail "a .stub/ project: check exit $rc (its WARN expected)"
"$lw" config | grep -qx 'stub.stale = 5m' || fail "config has no stub.stale = 5m"
out=$("$lw" -C "$tmp/p" check 2>&1)
grep -qF 'stale after 300s' <<<"$out" || fail "the built-in threshold: $out"
printf 'stub.stale = 1h\n' >"$tmp/p/.liza-watch"
out=$("$lw" -C "$tmp/p" check 2>&1)
grep -qF 'stale after 3600s' <<<"$out" || fail "the project's threshold: $out"
"$lw" -C "$tmp/p" config | grep -q '^stub.stale = 1h' || fail "config does not show the project's stub.stale"
[ "$("$lw" __complete events stub:x)" = poke ] || fail "stub events: $("$lw" __complete events stub:x)"
[ "$("$lw" __complete events stub)" = kick ] || fail "stub levers: $("$lw" __complete events stub)"
"$lw" __complete subjects | grep -qx 'stub:' || fail "subjects lack stub:"
# The man pages' lists: its entry in SYSTEMS, its event, its setting.
cp -r "$root/man" "$src/"
nice make -s -C "$src" man >"$tmp/man.log" 2>&1 || { cat "$tmp/man.log"; fail "make man"; }
render() { groff -man -Tascii -rLL=200n "$1" 2>/dev/null | sed 's/.\x08//g'; }
man1=$(render "$src/build/man/liza-watch.1")
grep -qE '^ +stub +Stub: \.stub/, which holds nothing\.' <<<"$man1" || fail "liza-watch(1) SYSTEMS lacks stub"
grep -qE '^ +stub +poke, kick$' <<<"$man1" || fail "liza-watch(1) does not list the events poke, kick: $(grep -E '^ +stub ' <<<"$man1")"
render "$src/build/man/liza-watch.conf.5" | grep -qE '^ +stub\.stale = duration \(5m\)' ||
	fail "liza-watch.conf(5) lacks stub.stale (5m)"
# Its lever's key: in `keys`, then in the HUD's footer and help, and it writes.
"$lw" keys | grep -qE '^W +kick +kick the stub \(asks y/N\)$' || fail "keys lacks W kick: $("$lw" keys | grep kick)"
[ "$failures" -eq 0 ] || exit 1
sixth_failures=$failures
export LW_BIN=$lw
. "$LW_TESTS/tmux-lib.sh"
trap 'e2e_cleanup; rm -rf "$tmp"' EXIT
start_hud 120 60 -C "$tmp/p"
wait_for ' W kick '
keys '?'
wait_for '^  W +kick +kick the stub \(asks y/N\)'
keys Escape
wait_gone 'liza-watch keys'
keys W
wait_for 'kick stub\? \[y/N\]'
keys y
wait_until 20 "the kick written" test -f "$tmp/p/.stub/kicked"
grep -qx 'kick by human' "$tmp/p/.stub/kicked" || fail "the kick wrote: $(cat "$tmp/p/.stub/kicked")"
keys q
wait_exit 0
[ "$sixth_failures" -eq 0 ]
