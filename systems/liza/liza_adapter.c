/* liza_adapter.c — Liza as an lw_adapter: detection and the watch list. */
#include "core/model/queue.h"
#include "systems/liza/liza_gen.h"
#include "systems/liza/shell/liza_generation.h"
#include "systems/liza/shell/liza_tx.h"
#include "systems/liza/go/lizago_generation.h"
#include "systems/liza/go/lizago_txtable.h"
#include "systems/liza/liza_settings.h"
#include "systems/liza/liza_thresholds.h"
#include "core/model/config.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static bool liza_adapter_detect(const char *dir, char *root, size_t n)
{
	struct stat st;
	lw_path_join(root, n, dir, ".liza");
	/* A .liza linked to nothing is Liza's state gone wrong, and says so
	 * (dangling_link) instead of Liza vanishing from the project, as AoT's
	 * and ACP's state linked to nothing do. */
	return (lw_stat(root, &st, LW_STAT_TYPE) == 0 && S_ISDIR(st.st_mode)) || lw_dangling_link(root, NULL, 0);
}

/* Both generations' inputs: the shell era's marker files, and today's
 * pipeline and heartbeats (state.yaml.liveness-<hex>, published without
 * the lock and without touching state.yaml: unwatched, a renewed lease
 * would still read as lost). */
static void liza_watch_paths(const lw_source *src, lw_watch_add_fn add, void *ctx)
{
	static const char *const files[] = { "state.yaml", "log.yaml", "PAUSE", "ABORT", "CHECKPOINT",
		                             "pipeline.yaml", "state.yaml.liveness-*" };
	char p[LW_PATH_MAX];
	for (size_t i = 0; i < sizeof files / sizeof *files; i++)
		add(lw_path_join(p, sizeof p, src->root, files[i]), false, ctx);
}

static int liza_adapter_load(const lw_source *src, lw_snapshot *snap, lw_error *err)
{
	char to[LW_PATH_MAX];
	if (lw_dangling_link(src->root, to, sizeof to)) {
		/* Not "state.yaml missing": the folder itself names nothing. */
		lw_error_set(err, src->root, 0, 0, "a link to nothing (-> %s)", to);
		err->code = "dangling_link";
		return -1;
	}
	return liza_load(src->root, src->good, snap, err);
}

static void liza_adapter_check(const lw_source *src, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	(void)src;
	/* No typed state (nothing loaded): the shell era's check reports the
	 * load's problems, as for every file it could not read. */
	const liza_generation *g = liza_gen_of(snap->sys);
	(g ? g : &liza_shell_generation)->check(snap->sys, snap, ctx);
}

/* The generation of the last good snapshot (its file parsed once, at load)
 * chooses the transition; each generation reads the file again under the
 * lock and refuses ("look again") when the other one wrote it since. With
 * nothing loaded yet (no task to act on: a lever) the file itself says. */
static int liza_adapter_transition(const lw_source *src, const tx_request *rq, tx_result *res)
{
	return liza_transition_from(src->root, src->good, rq, res);
}

static void liza_adapter_detail(const lw_source *src, const lw_task *t, time_t now, strbuf *out)
{
	const liza_generation *g = src->good ? liza_gen_of(src->good->sys) : NULL;
	if (g && g->detail)
		g->detail(src->good->sys, t, now, out);
}

/* Weak: the fuzz targets and the benches link the library without the
 * demo's simulator, and .sim is then NULL. */
extern const struct sim_system liza_sim_system __attribute__((weak));

/* Liza's thresholds: the built-in values (docs/systems/liza.md, the seed)
 * and the rows that set them in the config file (liza-watch.conf(5)). */
static const liza_thresholds liza_th_default = {
	.lease_grace = 120,
	.heartbeat_factor = 3,
	.orphan_grace = 30,
	.stale_draft = 30 * 60,
	.approved_unmerged = 10 * 60,
	.stalled = 30 * 60,
	.checkpoint = { 30 * 60, 2 * 3600, 8 * 3600 },
	.pause = { 30 * 60, 2 * 3600 },
	.failure_risk_cycles = 3,         /* seed: one coder failure counts only from 3 cycles */
};

/* The config rows, from the one declaration of every liza.* setting. */
#define ROW(name, kind, off, count, min, max, readers, doc, why) { name, kind, off, count, min, max, doc },
static const lw_setting liza_settings[] = { LIZA_SETTINGS(ROW) };
#undef ROW

/* What waits for a human here (core/model/queue.h). */
static const lw_ask liza_asks[] = {
	{ "awaiting_human", "human" },
	{ "checkpoint_stale", "checkpoint" },
	{ "checkpoint_stuck", "checkpoint" },
	{ "checkpoint_abandoned", "checkpoint" },
	{ "pause_stale", "paused" },
	{ "pause_forgotten", "paused" },
	{ "circuit_breaker", "decision" },
	{ NULL, NULL },
};

/* A paused run or a checkpoint waits for a human from its first moment;
 * the alerts that say so come later (thresholds), or not at all. */
static void liza_waits(const lw_source *src, const lw_snapshot *snap, struct lw_queue *q)
{
	for (size_t i = 0; i < snap->nworkflows; i++) {
		unsigned st = snap->workflows[i].state;
		if (st & LW_WF_PAUSED)
			lw_queue_add(q, src, "mode", "paused", "the agents are paused: resume them (liza resume, or p)", NULL,
			             LW_NO_TIME);
		if ((st & LW_WF_CHECKPOINT) && !(st & LW_WF_AUTO_RESUME))
			lw_queue_add(q, src, "checkpoint", "checkpoint", "a checkpoint waits for a human: clear it (c)", NULL,
			             LW_NO_TIME);
	}
}

/* The operator's keys on Liza (core/model/action.h): verdicts and the
 * system-wide levers. Pause and resume share p: the state says which. */
static const lw_action liza_actions[] = {
	{ "approve", "approve", 'a', "approve the selected task (asks y/N)", "approve", LW_ACT_TASK,
	  "approve %S:%40s as %24a?", 0, LW_ASK_NOTE, NULL, 0, 0, true },
	{ "reject", "reject", 'r', "reject the selected task (asks for a reason)", "reject", LW_ACT_TASK,
	  "reject %S:%60s: reason", TX_REASON, LW_ASK_NOTE, NULL, 0, 0, true },
	{ "block", "block", 'b', "block the selected task (a reason and a question)", "block", LW_ACT_TASK,
	  "block %S:%60s: reason", TX_REASON, LW_ASK_NOTE, "question for the planner", 0, 0, false },
	LW_ACTION_MOVE,
	{ "note", "note", 'n', "leave a note for the agents (on the task, or for all)", "note", LW_ACT_TASK,
	  "note for %S:%60s", TX_REASON, LW_ASK_NOTE, NULL, 0, 0, false },
	{ "note", "note", 'n', "leave a note for the agents (on the task, or for all)", "note", LW_ACT_LEVER,
	  "note for all %n agents%i", TX_REASON, LW_ASK_NOTE, NULL, 0, 0, false },
	{ "pause", "pause", 'p', "pause or resume every agent", "pause", LW_ACT_LEVER, "pause every %n agent%i?", 0,
	  LW_ASK_NOTE, NULL, 0, LW_WF_PAUSED, false },
	{ "pause", "resume", 'p', "pause or resume every agent", "pause", LW_ACT_LEVER, "resume every %n agent%i?", 0,
	  LW_ASK_NOTE, NULL, LW_WF_PAUSED, 0, false },
	{ "abort", "abort", 'A', "abort: every agent exits (asks y/N)", NULL, LW_ACT_LEVER,
	  "abort %n%i: every agent exits. Sure?", 0, LW_ASK_PLAIN, NULL, 0, LW_WF_ABORTED, false },
	{ "clear-checkpoint", "clear-checkpoint", 'c', "clear the checkpoint", "clear ckpt", LW_ACT_LEVER,
	  "clear the %n checkpoint%i?", 0, LW_ASK_NOTE, NULL, LW_WF_CHECKPOINT, LW_WF_RUN_MODE, false },
	/* today's Liza (a run mode in its state): its checkpoint ends by ops.Resume */
	{ "clear-checkpoint", "resume", 'c', "clear the checkpoint", "clear ckpt", LW_ACT_LEVER,
	  "end the %n checkpoint%i: the sprint goes on?", 0, LW_ASK_NOTE, NULL, LW_WF_CHECKPOINT | LW_WF_RUN_MODE,
	  LW_WF_PAUSED, false },
	{ "checkpoint", "checkpoint", 'C', "take a sprint checkpoint: the agents pause until it is cleared (c)", NULL,
	  LW_ACT_LEVER, "checkpoint the %n sprint%i: the agents pause?", 0, LW_ASK_NOTE, NULL, LW_WF_RUN_MODE,
	  LW_WF_CHECKPOINT | LW_WF_ABORTED, false },
	{ "auto-resume", "auto-resume-on", 'U', "turn auto-resume on or off: a checkpoint resumes by itself after 6m",
	  NULL, LW_ACT_LEVER, "turn auto-resume on for %n%i: a checkpoint resumes by itself after 6m?", 0,
	  LW_ASK_PLAIN, NULL, LW_WF_RUN_MODE, LW_WF_AUTO_RESUME, false },
	{ "auto-resume", "auto-resume-off", 'U', "turn auto-resume on or off: a checkpoint resumes by itself after 6m",
	  NULL, LW_ACT_LEVER, "turn auto-resume off for %n%i: a checkpoint waits for you?", 0, LW_ASK_PLAIN, NULL,
	  LW_WF_RUN_MODE | LW_WF_AUTO_RESUME, 0, false },
};

static const char *const liza_gauge[] = {
	"tasks finished (merged, abandoned, superseded) of all the goal's",
	"tasks (today's Go Liza: of the sprint's planned tasks); full = done", NULL,
};
const lw_adapter lw_adapter_liza = {
	.name = "liza",
	.looks_for = ".liza/",
	.title = "Liza",
	.manual = "`.liza/state.yaml` and `.liza/log.yaml`, written under the lock `.liza/state.yaml.lock`. "
	          "Two generations are told apart on every read of the state: the shell scripts (v0.1), with "
	          "the marker files `.liza/PAUSE`, `.liza/ABORT` and `.liza/CHECKPOINT`; and today's Go "
	          "program, whose statuses are resolved through `.liza/pipeline.yaml` (else its embedded "
	          "pipeline) and whose heartbeats are also read from `.liza/state.yaml.liveness-*`.",
	.follows = "liza-mas/liza: shell era v0.1.1; today's Liza: statevalidate and ops/submit_verdict.go at 0323e95, "
	           "validation safety, coding allocation and provider declarations at 03b359a, "
	           "commands/watch.go at 09d3f4a, terminal archival (db/terminal_archive.go) at 4717d7a, "
	           "models/awaiting_human.go at cff103b",
	.usage = "liza: block, note; levers: transition liza pause|resume|abort|clear-checkpoint "
	         "(today's Liza: pause|resume|abort|checkpoint|auto-resume-on|auto-resume-off)",
	.settings = liza_settings,
	.nsettings = sizeof liza_settings / sizeof *liza_settings,
	.th_default = &liza_th_default,
	.th_size = sizeof liza_th_default,
	.sim = &liza_sim_system,
	.detect = liza_adapter_detect,
	.watch_paths = liza_watch_paths,
	.load = liza_adapter_load,
	.check = liza_adapter_check,
	.tx = &liza_tx_table,
	.tx_more = &lizago_lever_table,
	.advise = liza_advise,
	.transition = liza_adapter_transition,
	.review = liza_review,
	.detail = liza_adapter_detail,
	.asks = liza_asks,
	.waits = liza_waits,
	.actions = liza_actions,
	.nactions = sizeof liza_actions / sizeof *liza_actions,
	.gauge_progress = true,
	.gauge_legend = liza_gauge,
};
