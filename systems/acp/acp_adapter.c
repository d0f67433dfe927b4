/* acp_adapter.c — Agent Cell Phone as an lw_adapter: detection, the watch
 * list, and the detail view's derived lines (the FSM and the state it maps
 * to, inbox counts by type, evidence). */
#include "core/model/queue.h"
#include "core/model/config.h"
#include "systems/acp/acp.h"
#include "core/util/dirlist.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

static bool any_agent_state(const char *ws)
{
	lw_dirlist dl;
	if (lw_dirlist_read(&dl, ws) < 0)
		return false;
	bool found = false;
	char p[LW_PATH_MAX], q[LW_PATH_MAX];
	struct stat st;
	/* Whatever is at the name: a link to nothing is an agent whose state
	 * went wrong (dangling_link), not a project without ACP. */
	for (size_t i = 0; i < dl.n && !found; i++)
		found = lw_stat(lw_path_join(q, sizeof q, lw_path_join(p, sizeof p, ws, dl.names[i]), "state.json"), &st,
		                LW_STAT_TYPE | LW_STAT_NOFOLLOW) == 0;
	lw_dirlist_free(&dl);
	return found;
}

static bool any_task(const char *dir)
{
	lw_dirlist dl;
	if (lw_dirlist_read(&dl, dir) < 0)
		return false;
	bool found = false;
	for (size_t i = 0; i < dl.n && !found; i++)
		found = lw_has_suffix(dl.names[i], ".json");
	lw_dirlist_free(&dl);
	return found;
}

/* The state lives in two folders of the project, so the root is the
 * project folder itself. */
static bool acp_detect(const char *dir, char *root, size_t n)
{
	char p[LW_PATH_MAX];
	if (!any_agent_state(lw_path_join(p, sizeof p, dir, "agent_workspaces")) &&
	    !any_task(lw_path_join(p, sizeof p, dir, "fsm_data/tasks")))
		return false;
	snprintf(root, n, "%s", dir);
	return true;
}

static void acp_watch_paths(const lw_source *src, lw_watch_add_fn add, void *ctx)
{
	char p[LW_PATH_MAX];
	/* Recursive: inboxes, and agents that appear later. Paths keep the
	 * root's spelling ("./…") so changes map back to this source. */
	static const char *const dirs[] = { "agent_workspaces", "fsm_data/tasks" };
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
		if (lw_is_dir(lw_path_join_keep(p, sizeof p, src->root, dirs[i])))
			add(p, true, ctx);   /* a missing folder would be retried every 5 s: idle must be idle */
}

static int acp_adapter_load(const lw_source *src, lw_snapshot *snap, lw_error *err)
{
	return acp_load(src->root, snap, err);
}

static void acp_adapter_check(const lw_source *src, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	(void)src;
	acp_check(snap->sys, snap, ctx);
}

void acp_detail(const lw_source *src, const lw_task *t, time_t now, strbuf *out)
{
	const acp_state *st = src->good ? src->good->sys : NULL;
	const acp_agent *a = st ? acp_find_agent(st, t->id) : NULL;
	char tb[32], ab[32];
	if (!a) {
		const acp_task *k = st ? acp_find_task(st, t->id) : NULL;
		if (k)
			strbuf_printf(out, "fsm_data task: state %s -> %s · evidence %s\n", k->state_raw ? k->state_raw : "(none)",
			              k->state ? k->state : "unknown", k->evidence ? "linked" : "none");
		return;
	}
	if (a->node) {
		strbuf_printf(out, "agent %s · %s FSM · %s record\n", a->id, acp_fsm_name(a->fsm),
		              a->shape == ACP_CONTRACT ? "contract-shape (schema 2)" : "upstream-shape (schema 1)");
		strbuf_printf(out, "state: %s%s%s\n", a->state_raw ? a->state_raw : "(none)",
		              a->state && a->state_raw && strcmp(a->state, a->state_raw) != 0 ? " -> " : "",
		              a->state && a->state_raw && strcmp(a->state, a->state_raw) != 0 ? a->state
		              : a->state ? "" : " (unknown)");
		if (a->updated != LW_NO_TIME)
			strbuf_printf(out, "updated: %s (%s ago)\n", lw_format_time(a->updated, tb, sizeof tb),
			              lw_format_age((long long)(now - a->updated), ab, sizeof ab));
		strbuf_printf(out, "evidence: %s · retries: ", a->evidence ? "linked" : "none");
		if (a->retries >= 0)
			strbuf_printf(out, "%lld\n", a->retries);
		else
			strbuf_adds(out, "not recorded\n");
		const tx_row *rows[32];
		size_t n = tx_rows_from(acp_table(a->fsm), a->state ? a->state : a->state_raw, rows, 32);
		strbuf_adds(out, "events from here:");
		for (size_t i = 0; i < n; i++)
			strbuf_printf(out, " %s", rows[i]->event);
		strbuf_adds(out, n ? "\n" : " none\n");
	} else {
		strbuf_printf(out, "agent %s · no state.json yet\n", a->id);
	}
	strbuf_printf(out, "inbox: %zu (task %zu, fsm_update %zu, fsm_request %zu, verify %zu, other %zu)\n", a->inbox,
	              a->inbox_kind[ACP_MSG_TASK], a->inbox_kind[ACP_MSG_FSM_UPDATE], a->inbox_kind[ACP_MSG_FSM_REQUEST],
	              a->inbox_kind[ACP_MSG_VERIFY], a->inbox_kind[ACP_MSG_OTHER]);
}

/* Agent Cell Phone's thresholds: built-in values, and the rows that set them. */
static const acp_thresholds acp_th_default = {
	.stale = 1200,   /* runner.py --stalled-threshold-sec */
};

static const lw_setting acp_settings[] = {
	{ "acp.stale", SET_DURATION, LW_SYS_TH(acp_thresholds, stale), 0, 0, LW_SETTING_YEAR,
	  "an EXECUTING_TASK agent's last update, before agent_stale" },
};

/* Weak: the fuzz targets and the benches link the library without the
 * demo's simulator, and .sim is then NULL. */
extern const struct sim_system acp_sim_system __attribute__((weak));

/* What waits for a human here (core/model/queue.h). */
static const lw_ask acp_asks[] = {
	{ "awaiting_approval", "approval" },
	{ NULL, NULL },
};

/* The operator's keys on Agent Cell Phone (core/model/action.h): approve
 * and reject an agent awaiting approval, a Jarvis block, an agent's moves
 * and its reset. */
static const lw_action acp_actions[] = {
	{ "approve", "approve", 'a', "approve the selected task (asks y/N)", "approve", LW_ACT_TASK,
	  "approve %S:%40s as %24a?", 0, LW_ASK_NOTE, NULL, 0, 0, true },
	{ "reject", "reject", 'r', "reject the selected task (asks for a reason)", "reject", LW_ACT_TASK,
	  "reject %S:%60s: reason", TX_REASON, LW_ASK_NOTE, NULL, 0, 0, true },
	{ "block", "block", 'b', "block the selected task (a reason and a question)", "block", LW_ACT_TASK,
	  "block %S:%60s: reason", TX_REASON, LW_ASK_NOTE, "question", 0, 0, false },
	LW_ACTION_MOVE,
	{ "reset", "reset_requested", 'X', "reset the selected agent to READY (asks y/N)", "reset", LW_ACT_TASK,
	  "reset %S:%40s to READY?", 0, LW_ASK_PLAIN, NULL, 0, 0, false },
};

static const char *const acp_gauge[] = { "FSM tasks done of all; full = done", NULL };
const lw_adapter lw_adapter_acp = {
	.name = "acp",
	.looks_for = "agent_workspaces/*/state.json, fsm_data/tasks/",
	.title = "Agent Cell Phone",
	.manual = "`agent_workspaces/*/state.json` (agents, and their `inbox/` folders, counted) and "
	          "`fsm_data/tasks/*.json`.",
	.follows = "Dadudekc/Agent_Cellphone at 07857ee (the files read last changed at 2f7b131)",
	.usage = "acp: transition acp:AGENT EVENT, any event of the agent's FSM (core or jarvis)",
	.settings = acp_settings,
	.nsettings = sizeof acp_settings / sizeof *acp_settings,
	.th_default = &acp_th_default,
	.th_size = sizeof acp_th_default,
	.tx_more = &acp_tx_jarvis,
	.sim = &acp_sim_system,
	.detect = acp_detect,
	.watch_paths = acp_watch_paths,
	.load = acp_adapter_load,
	.check = acp_adapter_check,
	.tx = &acp_tx_core,
	.transition = acp_transition,
	.detail = acp_detail,
	.review = acp_review,
	.asks = acp_asks,
	.actions = acp_actions,
	.nactions = sizeof acp_actions / sizeof *acp_actions,
	.gauge_progress = true,
	.gauge_legend = acp_gauge,
};
