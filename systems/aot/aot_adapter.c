/* aot_adapter.c — the AoT Loop as an lw_adapter. Its state is one file, so
 * the source's root is that file and the watcher watches it by name (its
 * folder, really: writers replace it by rename). */
#include "core/model/queue.h"
#include "systems/aot/aot.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include <sys/stat.h>

static bool aot_detect(const char *dir, char *root, size_t n)
{
	struct stat st;
	lw_path_join(root, n, dir, ".claude/aot-loop-state.md");
	/* Whatever is at the name: a FIFO, a folder, a link to nothing is the
	 * loop's state gone wrong, and says so (unreadable, dangling_link),
	 * instead of AoT vanishing from the project without a word. */
	return lw_stat(root, &st, LW_STAT_NOFOLLOW) == 0;
}

static void aot_watch_paths(const lw_source *src, lw_watch_add_fn add, void *ctx)
{
	add(src->root, false, ctx);
}

static int aot_adapter_load(const lw_source *src, lw_snapshot *snap, lw_error *err)
{
	return aot_load(src->root, snap, err);
}

static void aot_adapter_check(const lw_source *src, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	(void)src;
	aot_check(snap->sys, snap, ctx);
}

/* Weak: the fuzz targets and the benches link the library without the
 * demo's simulator, and .sim is then NULL. */
extern const struct sim_system aot_sim_system __attribute__((weak));

/* What waits for a human here (core/model/queue.h). */
static const lw_ask aot_asks[] = {
	{ "stopped", "stop" },
	{ "stall_cliff", "decision" },
	{ "iterations_cliff", "decision" },
	{ "no_executable_atoms", "decision" },
	{ NULL, NULL },
};

/* The operator's keys on AoT Loop (core/model/action.h): an atom's moves,
 * and the loop's control requests. */
static const lw_action aot_actions[] = {
	LW_ACTION_MOVE,
	{ "start", "start", 's', "start the selected task (pending -> in_progress)", "start", LW_ACT_TASK,
	  "start %S:%40s (%20t)?", 0, LW_ASK_NOTE, NULL, 0, 0, false },
	{ "resolve", "resolve", 'd', "resolve the selected task (in_progress -> resolved)", "resolve", LW_ACT_TASK,
	  "resolve %S:%40s (%20t)?", 0, LW_ASK_NOTE, NULL, 0, 0, false },
	{ "stop", "stop", 'S', "ask the loop to stop (asks y/N)", "stop", LW_ACT_LEVER, "ask the %n loop%i to stop?", 0,
	  LW_ASK_PLAIN, NULL, 0, 0, false },
	{ "redirect", "redirect", 'R', "redirect the loop (asks for the new direction)", "redirect", LW_ACT_LEVER,
	  "redirect the %n loop%i: new direction", TX_REASON, LW_ASK_NOTE, NULL, 0, 0, false },
};

const lw_adapter lw_adapter_aot = {
	.name = "aot",
	.looks_for = ".claude/aot-loop-state.md",
	.title = "AoT Loop",
	.manual = "`.claude/aot-loop-state.md`: YAML front matter above a Markdown body; its atoms are the board.",
	.usage = "aot: transition aot:ATOM start|resolve|reset; transition aot stop|redirect",
	.sim = &aot_sim_system,
	.detect = aot_detect,
	.watch_paths = aot_watch_paths,
	.load = aot_adapter_load,
	.check = aot_adapter_check,
	.tx = &aot_tx_table,
	.transition = aot_transition,
	.review = aot_review,
	.asks = aot_asks,
	.actions = aot_actions,
	.nactions = sizeof aot_actions / sizeof *aot_actions,
	.gauge_legend = lw_gauge_loop_legend,
};
