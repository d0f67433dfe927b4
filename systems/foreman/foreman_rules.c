/* foreman_rules.c — the seed's State Contract as data: phases, planning
 * statuses, mode resolution, tools per mode, and the phase table with its
 * guards. Nothing here reads files; the loader, the checks and the
 * transition all ask these tables, so they cannot disagree. */
#include "systems/foreman/foreman.h"
#include <string.h>

static const char *const phase_names[FP_COUNT] = { "backlog", "ready", "executing", "complete", "archived" };
static const char *const planning_names[PS_COUNT] = { "none", "running", "completed", "error" };
static const char *const mode_names[FM_COUNT] = { "foreman", "task_planning", "task_execution", "task_complete" };

const char *fm_phase_name(fm_phase p) { return (unsigned)p < FP_COUNT ? phase_names[p] : "?"; }
const char *fm_mode_name(fm_mode m) { return (unsigned)m < FM_COUNT ? mode_names[m] : "?"; }

fm_phase fm_phase_parse(const char *s)
{
	for (int i = 0; s && i < FP_COUNT; i++)
		if (strcmp(s, phase_names[i]) == 0)
			return (fm_phase)i;
	return FP_UNKNOWN;
}

fm_planning fm_planning_parse(const char *s)
{
	if (!s)
		return PS_NONE;   /* upstream: a missing planningStatus is none */
	for (int i = 0; i < PS_COUNT; i++)
		if (strcmp(s, planning_names[i]) == 0)
			return (fm_planning)i;
	return PS_UNKNOWN;
}

/* Mode resolution rules, in the seed's order. "foreman" is the workspace
 * turn, never a task's mode. */
fm_mode fm_mode_of(fm_phase phase, fm_planning planning, bool has_plan)
{
	if (phase == FP_BACKLOG && planning == PS_RUNNING && !has_plan)
		return FM_TASK_PLANNING;
	if (phase == FP_EXECUTING)
		return FM_TASK_EXECUTION;
	/* complete; and ready, archived, backlog with a plan or an error: the
	 * plan is locked, the agent may only talk and rework. */
	return FM_TASK_COMPLETE;
}

static const struct { const char *allowed, *forbidden; } tools[FM_COUNT] = {
	[FM_FOREMAN] = { "read, bash, web_search, web_fetch, ask_questions, create_draft_task, create_artifact, "
	                 "manage_new_task, factory_control",
	                 "edit, write, save_plan, task_complete" },
	[FM_TASK_PLANNING] = { "read, bash, save_plan", "edit, write, task_complete, web_search, web_fetch" },
	[FM_TASK_EXECUTION] = { "read, bash, edit, write, task_complete, attach_task_file",
	                        "save_plan, web_search, web_fetch" },
	[FM_TASK_COMPLETE] = { "read, bash, edit, write, attach_task_file",
	                       "save_plan, task_complete, web_search, web_fetch" },
};

const char *fm_tools_allowed(fm_mode m) { return (unsigned)m < FM_COUNT ? tools[m].allowed : ""; }
const char *fm_tools_forbidden(fm_mode m) { return (unsigned)m < FM_COUNT ? tools[m].forbidden : ""; }

/* Allowed phase moves. The event is the target phase, so
 * `transition foreman:ID ready` reads as the move it is. */
static const tx_row rows[] = {
	{ "backlog", "ready", "ready", 0, FG_CRITERIA, "move to ready (needs an acceptance criterion)" },
	{ "backlog", "executing", "executing", 0, FG_SKIP_CRITERIA | FG_NOT_PLANNING,
	  "skip to executing (needs an acceptance criterion, planning not running)" },
	{ "backlog", "complete", "complete", 0, 0, "move to complete" },
	{ "backlog", "archived", "archived", 0, 0, "archive" },
	{ "ready", "backlog", "backlog", 0, 0, "back to backlog" },
	{ "ready", "executing", "executing", 0, FG_NOT_PLANNING, "start executing (planning not running)" },
	{ "ready", "archived", "archived", 0, 0, "archive" },
	{ "executing", "backlog", "backlog", 0, 0, "pause to backlog" },
	{ "executing", "ready", "ready", 0, FG_CRITERIA, "pause to ready (needs an acceptance criterion)" },
	{ "executing", "complete", "complete", 0, 0, "mark complete" },
	{ "executing", "archived", "archived", 0, 0, "archive" },
	{ "complete", "ready", "ready", 0, FG_CRITERIA, "reopen to ready (needs an acceptance criterion)" },
	{ "complete", "executing", "executing", 0, FG_NOT_PLANNING, "rework: executing (planning not running)" },
	{ "complete", "archived", "archived", 0, 0, "archive" },
	{ "archived", "backlog", "backlog", 0, 0, "restore to backlog" },
	{ "archived", "complete", "complete", 0, 0, "restore to complete" },
};

const tx_table fm_tx = { "foreman", rows, sizeof rows / sizeof *rows };

const tx_row *fm_move(fm_phase from, fm_phase to)
{
	for (size_t i = 0; i < fm_tx.n; i++)
		if (fm_phase_parse(rows[i].from) == from && fm_phase_parse(rows[i].to) == to)
			return &rows[i];
	return NULL;
}

/* The guard evaluator: each bit is one rule of the seed, checked in a fixed
 * order so a refusal always names the same rule. */
const char *fm_guard_refusal(unsigned guards, const fm_facts *f)
{
	if ((guards & FG_CRITERIA) && f->criteria == 0)
		return "ready needs at least one acceptance criterion";
	if ((guards & FG_SKIP_CRITERIA) && f->criteria == 0)
		return "backlog -> executing (the skip) needs at least one acceptance criterion";
	if ((guards & FG_NOT_PLANNING) && f->planning == PS_RUNNING && !f->has_plan)
		return "executing is blocked while planning is running and no plan exists";
	return NULL;
}
