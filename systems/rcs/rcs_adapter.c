/* rcs_adapter.c — RCS as an lw_adapter: detection of `.rcs/state/` (or the
 * upstream spelling `.omx/state/`) and a recursive watch of it, since
 * sessions, mode files and team folders appear while it runs. */
#include "core/model/queue.h"
#include "core/model/config.h"
#include "systems/rcs/rcs.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include <stdio.h>
#include <sys/stat.h>

static bool rcs_detect(const char *dir, char *root, size_t n)
{
	static const char *const spellings[] = { ".rcs/state", ".omx/state" };
	struct stat st;
	for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++) {
		lw_path_join(root, n, dir, spellings[i]);
		if (lw_stat(root, &st, LW_STAT_TYPE) == 0 && S_ISDIR(st.st_mode))
			return true;
	}
	return false;
}

static void rcs_watch_paths(const lw_source *src, lw_watch_add_fn add, void *ctx)
{
	add(src->root, true, ctx);
}

static int rcs_adapter_load(const lw_source *src, lw_snapshot *snap, lw_error *err)
{
	return rcs_load(src->root, snap, err);
}

static void rcs_adapter_check(const lw_source *src, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	(void)src;
	rcs_check(snap->sys, snap, ctx);
}

/* RCS's thresholds: built-in values, and the rows that set them. */
static const rcs_thresholds rcs_th_default = {
	.session_stale = 30 * 60,
	.worker_stale = 5 * 60,
};

static const lw_setting rcs_settings[] = {
	{ "rcs.session-stale", SET_DURATION, LW_SYS_TH(rcs_thresholds, session_stale), 0, 0, LW_SETTING_YEAR,
	  "an active mode's last turn, before session_stale" },
	{ "rcs.worker-stale", SET_DURATION, LW_SYS_TH(rcs_thresholds, worker_stale), 0, 0, LW_SETTING_YEAR,
	  "a working team worker's heartbeat, before worker_stale" },
};

/* Weak: the fuzz targets and the benches link the library without the
 * demo's simulator, and .sim is then NULL. */
extern const struct sim_system rcs_sim_system __attribute__((weak));

/* What waits for a human here (core/model/queue.h). */
static const lw_ask rcs_asks[] = {
	{ "team_task_blocked", "blocked" },
	{ "team_task_failed", "decision" },
	{ NULL, NULL },
};

/* The operator's key on RCS (core/model/action.h): a workflow leaves the set. */
static const lw_action rcs_actions[] = {
	{ "clear-workflow", "clear", 'x', "clear the selected workflow; the other members stay (asks y/N)", "clear wf",
	  LW_ACT_WORKFLOW, "clear %S workflow %40s (any other member stays)?", 0, LW_ASK_PLAIN, NULL, 0, 0, false },
};

const lw_adapter lw_adapter_rcs = {
	.name = "rcs",
	.looks_for = ".rcs/state/, .omx/state/",
	.title = "RCS / oh-my-codex",
	.manual = "`.rcs/state/` (or the upstream spelling `.omx/state/`), watched recursively: "
	          "`session.json`, `sessions/<id>/`, the root scope's `skill-active-state.json` and "
	          "`<mode>-state.json` files (the active set of workflow modes), and `team/<team>/`, "
	          "a team's tasks and workers, as the board.",
	.usage = "rcs: transition rcs:MODE activate|clear [--all-sessions]",
	.settings = rcs_settings,
	.nsettings = sizeof rcs_settings / sizeof *rcs_settings,
	.th_default = &rcs_th_default,
	.th_size = sizeof rcs_th_default,
	.sim = &rcs_sim_system,
	.detect = rcs_detect,
	.watch_paths = rcs_watch_paths,
	.load = rcs_adapter_load,
	.check = rcs_adapter_check,
	.open_subjects = true,
	.tx = &rcs_tx_table,
	.transition = rcs_transition,
	.asks = rcs_asks,
	.actions = rcs_actions,
	.nactions = sizeof rcs_actions / sizeof *rcs_actions,
	.gauge_legend = lw_gauge_loop_legend,
};
