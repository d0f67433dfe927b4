/* foreman_adapter.c — Task Factory as an lw_adapter: detection, the watch
 * list, and the detail view's derived lines (mode, tools, lease age,
 * criteria verdicts, plan steps, the activity tail). */
#include "core/model/queue.h"
#include "systems/foreman/foreman.h"
#include "core/util/dirlist.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

/* A folder holding <id>/task.yaml entries. */
static bool holds_tasks(const char *dir)
{
	lw_dirlist dl;
	if (lw_dirlist_read(&dl, dir) < 0)
		return false;
	bool found = false;
	char p[LW_PATH_MAX], q[LW_PATH_MAX];
	for (size_t i = 0; i < dl.n && !found; i++)
		found = lw_exists(lw_path_join(q, sizeof q, lw_path_join(p, sizeof p, dir, dl.names[i]), "task.yaml"), NULL);
	lw_dirlist_free(&dl);
	return found;
}

/* root: .taskfactory (or the older .pi) of the project; or, with -C naming
 * a tasks folder, its parent when the folder is called "tasks" (so the
 * factory folder beside it is found), else the folder itself. */
/* The last component of a path, trailing slashes ignored, into buf. */
static const char *base_name(const char *path, char *buf, size_t n, const char **slash)
{
	snprintf(buf, n, "%s", path);
	size_t len = strlen(buf);
	while (len > 1 && buf[len - 1] == '/')
		buf[--len] = '\0';
	*slash = strrchr(buf, '/');
	return *slash ? *slash + 1 : buf;
}

static bool foreman_detect(const char *dir, char *root, size_t n)
{
	static const char *const bases[] = { ".taskfactory", ".pi" };
	char p[LW_PATH_MAX], b[LW_PATH_MAX];
	for (size_t i = 0; i < sizeof bases / sizeof *bases; i++) {
		lw_path_join(root, n, dir, bases[i]);
		if (lw_is_dir(lw_path_join(p, sizeof p, root, "tasks")))
			return true;
	}
	const char *slash;
	const char *base = base_name(dir, b, sizeof b, &slash);
	if ((strcmp(base, ".taskfactory") == 0 || strcmp(base, ".pi") == 0) &&
	    lw_is_dir(lw_path_join(p, sizeof p, dir, "tasks"))) {
		snprintf(root, n, "%s", dir);     /* -C named .taskfactory (or .pi) itself */
		return true;
	}
	if (!holds_tasks(dir))
		return false;
	if (strcmp(base, "tasks") != 0)
		snprintf(root, n, "%s", b);       /* a folder of task folders, named otherwise */
	else if (!slash)
		snprintf(root, n, ".");
	else if (slash == b)
		snprintf(root, n, "/");
	else
		snprintf(root, n, "%.*s", (int)(slash - b), b);
	return true;
}

static void foreman_watch_paths(const lw_source *src, lw_watch_add_fn add, void *ctx)
{
	char t[LW_PATH_MAX], p[LW_PATH_MAX];
	foreman_tasks_dir(src->root, t, sizeof t);
	/* Paths start with the root as written: the watcher maps changes back
	 * to the source by that prefix. */
	add(strcmp(t, src->root) == 0 ? src->root : lw_path_join_keep(p, sizeof p, src->root, "tasks"), true, ctx);
	if (strcmp(t, src->root) == 0)
		return;
	add(lw_path_join_keep(p, sizeof p, src->root, "factory.json"), false, ctx);
	/* Only an existing factory folder: a missing one would be retried every
	 * 5 s, and an idle HUD must stay idle. */
	if (!lw_is_dir(lw_path_join_keep(p, sizeof p, src->root, "factory")))
		return;
	add(lw_path_join_keep(p, sizeof p, src->root, "factory/activity.jsonl"), false, ctx);
	add(lw_path_join_keep(p, sizeof p, src->root, "factory/execution-leases.json"), false, ctx);
}

static int foreman_adapter_load(const lw_source *src, lw_snapshot *snap, lw_error *err)
{
	return foreman_load(src->root, snap, err);
}

static void foreman_adapter_check(const lw_source *src, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	(void)src;
	foreman_check(snap->sys, snap, ctx);
}

void foreman_detail(const lw_source *src, const lw_task *lt, time_t now, strbuf *out)
{
	const fm_state *st = src->good ? src->good->sys : NULL;
	const fm_task *t = st ? foreman_find(st, lt->id) : NULL;
	if (!t)
		return;
	char tb[32], sb[32], ab[32];
	strbuf_printf(out, "phase %s · planningStatus %s · mode %s\n", t->phase_raw ? t->phase_raw : "(missing)",
	              t->planning_raw ? t->planning_raw : "none", foreman_mode_name(t->mode));
	strbuf_printf(out, "tools allowed: %s\n", foreman_tools_allowed(t->mode));
	strbuf_printf(out, "tools forbidden: %s\n", foreman_tools_forbidden(t->mode));
	if (t->lease) {
		const fm_lease *l = t->lease;
		time_t beat = l->heartbeat != LW_NO_TIME ? l->heartbeat : l->started;
		strbuf_printf(out, "execution lease: %s, heartbeat %s (%s ago, TTL %ds), started %s\n",
		              l->status ? l->status : "?", beat == LW_NO_TIME ? "?" : lw_format_time(beat, tb, sizeof tb),
		              beat == LW_NO_TIME ? "?" : lw_format_age((long long)(now - beat), ab, sizeof ab),
		              FM_LEASE_TTL, l->started == LW_NO_TIME ? "?" : lw_format_time(l->started, sb, sizeof sb));
	}
	strbuf_printf(out, "acceptance criteria (%zu):\n", t->ncriteria);
	for (size_t i = 0; i < t->ncriteria; i++)
		strbuf_printf(out, "  [%-7s] %s\n", t->criteria[i].verdict ? t->criteria[i].verdict : "", t->criteria[i].text);
	strbuf_printf(out, "plan steps (%zu):\n", t->nsteps);
	for (size_t i = 0; i < t->nsteps; i++)
		strbuf_printf(out, "  %zu. %s\n", i + 1, t->steps[i]);
	size_t shown = 0;
	for (size_t i = 0; i < st->nevents; i++)
		shown += st->events[i].task_id && strcmp(st->events[i].task_id, t->id) == 0;
	strbuf_printf(out, "activity, state transitions (%zu):\n", shown);
	for (size_t i = 0; i < st->nevents; i++) {
		const fm_event *e = &st->events[i];
		if (!e->task_id || strcmp(e->task_id, t->id) != 0)
			continue;
		strbuf_printf(out, "  %s %s -> %s%s%s%s%s%s\n", e->at == LW_NO_TIME ? "?" : lw_format_time(e->at, tb, sizeof tb),
		              e->from ? e->from : "?", e->to ? e->to : "?", e->reason ? "  " : "", e->reason ? e->reason : "",
		              e->source ? " (" : "", e->source ? e->source : "", e->source ? ")" : "");
	}
}

/* Weak: the fuzz targets and the benches link the library without the
 * demo's simulator, and .sim is then NULL. */
extern const struct sim_system foreman_sim_system __attribute__((weak));

/* What waits for a human here (core/model/queue.h). */
static const lw_ask foreman_asks[] = {
	{ "blocked", "blocked" },
	{ NULL, NULL },
};

/* The planning gate: a backlog task whose plan is ready waits for a human
 * to move it on (to ready, or straight to executing). */
static void foreman_waits(const lw_source *src, const lw_snapshot *snap, struct lw_queue *q)
{
	for (size_t i = 0; i < snap->ntasks; i++) {
		const lw_task *t = &snap->tasks[i];
		fm_facts f;
		if (!t->node || !t->status || strcmp(t->status, "backlog") != 0)
			continue;
		foreman_facts_of(t->node, &f);
		if (f.planning == PS_COMPLETED && f.has_plan)
			lw_queue_add(q, src, t->id, "gate", "plan ready: move it to ready (m) or send it back", t,
			             t->status_since);
	}
}

/* The operator's key on Foreman (core/model/action.h): a task's phase moves. */
static const lw_action foreman_actions[] = { LW_ACTION_MOVE };

static const char *const foreman_gauge[] = {
	"tasks executing against the executing WIP limit (red at it);",
	"'ready 3/25' in the phase: ready tasks against the ready limit", NULL,
};
const lw_adapter lw_adapter_foreman = {
	.name = "foreman",
	.looks_for = ".taskfactory/tasks/, .pi/tasks/",
	.title = "Task Factory (Foreman)",
	.manual = "`.taskfactory/tasks/*/task.yaml` (or `.pi/tasks/`, or -C a tasks folder itself), "
	          "with `factory/activity.jsonl` (its state transitions), `factory/execution-leases.json` "
	          "and `factory.json` (WIP limits).",
	.usage = "foreman: transition foreman:ID backlog|ready|executing|complete|archived",
	.sim = &foreman_sim_system,
	.detect = foreman_detect,
	.watch_paths = foreman_watch_paths,
	.load = foreman_adapter_load,
	.check = foreman_adapter_check,
	.tx = &fm_tx,
	.transition = foreman_transition,
	.detail = foreman_detail,
	.review = foreman_review,
	.asks = foreman_asks,
	.waits = foreman_waits,
	.actions = foreman_actions,
	.nactions = sizeof foreman_actions / sizeof *foreman_actions,
	.gauge_legend = foreman_gauge,
};
