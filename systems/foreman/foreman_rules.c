/* foreman_rules.c — the seed's State Contract as data: phases, planning
 * statuses, mode resolution, tools per mode, and the phase table with its
 * guards. Nothing here reads files; the loader, the checks and the
 * transition all ask these tables, so they cannot disagree. */
#include "systems/foreman/foreman.h"
#include <string.h>

static const char *const phase_names[FP_COUNT] = { "backlog", "ready", "executing", "complete", "archived" };
static const char *const planning_names[PS_COUNT] = { "none", "running", "completed", "error" };
static const char *const mode_names[FM_COUNT] = { "foreman", "task_planning", "task_execution", "task_complete" };

const char *foreman_phase_name(fm_phase p) { return (unsigned)p < FP_COUNT ? phase_names[p] : "?"; }
const char *foreman_mode_name(fm_mode m) { return (unsigned)m < FM_COUNT ? mode_names[m] : "?"; }

fm_phase foreman_phase_parse(const char *s)
{
	for (int i = 0; s && i < FP_COUNT; i++)
		if (strcmp(s, phase_names[i]) == 0)
			return (fm_phase)i;
	return FP_UNKNOWN;
}

fm_planning foreman_planning_parse(const char *s)
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
fm_mode foreman_mode_of(fm_phase phase, fm_planning planning, bool has_plan)
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

const char *foreman_tools_allowed(fm_mode m) { return (unsigned)m < FM_COUNT ? tools[m].allowed : ""; }
const char *foreman_tools_forbidden(fm_mode m) { return (unsigned)m < FM_COUNT ? tools[m].forbidden : ""; }

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

const tx_row *foreman_move(fm_phase from, fm_phase to)
{
	for (size_t i = 0; i < fm_tx.n; i++)
		if (foreman_phase_parse(rows[i].from) == from && foreman_phase_parse(rows[i].to) == to)
			return &rows[i];
	return NULL;
}

fm_phase foreman_phase_read(const char *raw)
{
	if (!raw)
		return FP_BACKLOG;
	return foreman_phase_parse(raw);
}

/* A string item counts when it is not blank once trimmed; a mapping when it
 * has a key; null never; any other scalar (a number) always. */
static bool text_counts(const doc_node *i, bool map_needs_keys)
{
	i = doc_deref(i);
	if (doc_is_map(i))
		return !map_needs_keys || doc_len(i) > 0;
	if (doc_is_seq(i))
		return true;
	const char *s = doc_str(i);
	if (!s)
		return !map_needs_keys;   /* String(null) is "null" in a plan list */
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return *s != '\0';
}

static bool list_counts(const doc_node *seq, bool map_needs_keys)
{
	for (const doc_node *i = doc_seq_first(doc_deref(seq)); i; i = i->next)
		if (text_counts(i, map_needs_keys))
			return true;
	return false;
}

/* normalizeTaskPlan: a mapping with a goal, a non-empty steps, validation
 * or cleanup list, or a visualPlan with sections; anything else is no plan. */
static bool plan_present(const doc_node *plan)
{
	plan = doc_deref(plan);
	if (!doc_is_map(plan))
		return false;
	const doc_node *vp = doc_deref(doc_get(plan, "visualPlan"));
	if (doc_is_map(vp) && doc_len(doc_get(vp, "sections")) > 0 && doc_is_seq(doc_get(vp, "sections")))
		return true;
	const char *goal = doc_str(doc_get(plan, "goal"));
	if (goal && *goal)
		return true;
	return list_counts(doc_get(plan, "steps"), false) || list_counts(doc_get(plan, "validation"), false) ||
	       list_counts(doc_get(plan, "cleanup"), false);
}

void foreman_facts_of(const doc_node *root, fm_facts *f)
{
	memset(f, 0, sizeof *f);
	const doc_node *ac = doc_deref(doc_get(root, "acceptanceCriteria"));
	for (const doc_node *i = doc_seq_first(ac); i; i = i->next)
		f->criteria += text_counts(i, true);
	f->planning = foreman_planning_parse(doc_str(doc_get(root, "planningStatus")));
	f->has_plan = plan_present(doc_get(root, "plan"));
	/* The yaml package reads YAML 1.2: only true/True/TRUE is the boolean. */
	const char *sk = doc_str(doc_get(root, "planningSkipped"));
	bool b = false;
	f->planning_skipped = sk && doc_bool(doc_get(root, "planningSkipped"), &b) == DOC_OK && b &&
	                      (strcmp(sk, "true") == 0 || strcmp(sk, "True") == 0 || strcmp(sk, "TRUE") == 0);
}

bool foreman_needs_criteria(const fm_facts *f)
{
	bool no_plan_mode = f->planning == PS_COMPLETED && !f->has_plan && f->criteria == 0;
	return !f->planning_skipped && !no_plan_mode;
}

/* The guard evaluator, in canMoveToPhase's order: the planning guard first
 * ("still planning" says more than "no criteria" when both hold), then the
 * criteria guards with their exemptions. */
const char *foreman_guard_refusal(unsigned guards, const fm_facts *f)
{
	if ((guards & FG_NOT_PLANNING) && f->planning == PS_RUNNING && !f->has_plan)
		return "task planning is still running (executing is blocked while planning runs and no plan exists)";
	if ((guards & FG_CRITERIA) && f->criteria == 0 && foreman_needs_criteria(f))
		return "the task must have acceptance criteria before moving to ready (unless planning was skipped "
		       "or completed without a plan)";
	if ((guards & FG_SKIP_CRITERIA) && f->criteria == 0 && foreman_needs_criteria(f))
		return "the task must have acceptance criteria before moving directly to executing (unless planning "
		       "was skipped or completed without a plan)";
	return NULL;
}
