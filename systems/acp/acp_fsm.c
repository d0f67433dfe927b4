/* acp_fsm.c — the seed's two FSMs as tables, the mapping of upstream's
 * lowercase words onto the core FSM, and the guard evaluator. The loader,
 * the checks (illegal_transition) and the transitions all read these. */
#include "systems/acp/acp.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

/* The core FSM (seed: Transitions, Error and Recovery). approve / reject
 * are the operator's names for approval_granted / approval_denied: the HUD's
 * a and r keys and the CLI's approve and reject fire them. */
static const tx_row core_rows[] = {
	{ "IDLE", "validate_passed", "READY", 0, 0, "environment and repo checks passed" },
	{ "IDLE", "validate_failed", "IDLE", 0, 0, "validation failed: stay in IDLE" },
	{ "READY", "task_received", "EXECUTING_TASK", 0, AG_VALID_TASK, "start the task (needs acceptance criteria)" },
	{ "EXECUTING_TASK", "step_passed", "AWAITING_APPROVAL", 0, AG_APPROVAL_REQUIRED, "step passed: ask for approval" },
	{ "EXECUTING_TASK", "step_failed", "ERROR", 0, AG_RETRIES, "step failed (needs retries left)" },
	{ "EXECUTING_TASK", "evidence_captured", "EXECUTING_TASK", 0, 0, "evidence stored; keep executing" },
	{ "EXECUTING_TASK", "timeout", "BLOCKED", 0, 0, "timed out: blocked" },
	{ "EXECUTING_TASK", "rate_limited", "BLOCKED", 0, 0, "rate limited: blocked" },
	{ "AWAITING_APPROVAL", "approval_denied", "EXECUTING_TASK", TX_REASON, 0, "deny: revise (a reason)" },
	{ "AWAITING_APPROVAL", "reject", "EXECUTING_TASK", TX_REASON, 0, "reject = approval_denied: revise (a reason)" },
	{ "AWAITING_APPROVAL", "approval_granted", "COMPLETE", 0, AG_EVIDENCE, "grant (needs evidence)" },
	{ "AWAITING_APPROVAL", "approve", "COMPLETE", 0, AG_EVIDENCE, "approve = approval_granted (needs evidence)" },
	{ "BLOCKED", "dependency_ready", "EXECUTING_TASK", 0, 0, "dependency ready: resume" },
	{ "ERROR", "step_retry", "EXECUTING_TASK", 0, AG_RETRIES, "retry the step (needs retries left)" },
	{ "*", "reset_requested", "READY", TX_CONFIRM, 0, "reset to READY for the next task" },
};

/* The Jarvis FSM (seed: Transition Names, finalized). */
static const tx_row jarvis_rows[] = {
	{ "PLANNING", "start", "IN_PROGRESS", 0, 0, "start work" },
	{ "IN_PROGRESS", "submit_subtask", "REVIEW", 0, AG_EVIDENCE, "submit for review (needs evidence)" },
	{ "REVIEW", "approve", "DONE", 0, AG_EVIDENCE, "approve (needs evidence)" },
	{ "REVIEW", "request_changes", "IN_PROGRESS", TX_REASON, 0, "request changes (a reason)" },
	{ "REVIEW", "reject", "IN_PROGRESS", TX_REASON, 0, "reject = request_changes (a reason)" },
	{ "IN_PROGRESS", "block", "BLOCKED", TX_REASON, 0, "blocked (a reason)" },
	{ "BLOCKED", "unblock", "IN_PROGRESS", 0, 0, "unblocked: resume" },
};

/* overnight_runner/listener.py on_message: the message types that move the
 * state; ack, note, ui_request and the rest leave it as it is. */
static const tx_row listener_rows[] = {
	{ "*", "task", "executing", 0, 0, "a task message: executing" },
	{ "*", "sync", "syncing", 0, 0, "a sync message: syncing" },
	{ "*", "verify", "verifying", 0, 0, "a verify message: verifying" },
	{ "*", "resume", "ready", 0, 0, "a resume message: ready" },
	{ "AWAITING_APPROVAL", "approve", "ready", 0, 0, "approve = resume: ready for the next task" },
	{ "AWAITING_APPROVAL", "reject", "executing", 0, 0, "reject = task: back to executing" },
	{ "*", "reset_requested", "ready", TX_CONFIRM, 0, "reset = resume: ready" },
};

const tx_table acp_tx_listener = { "acp (listener)", listener_rows, sizeof listener_rows / sizeof *listener_rows };
const tx_table acp_tx_core = { "acp", core_rows, sizeof core_rows / sizeof *core_rows };
const tx_table acp_tx_jarvis = { "acp (jarvis)", jarvis_rows, sizeof jarvis_rows / sizeof *jarvis_rows };
/* fsm_data tasks are shown, not driven: the agents move them. */
const tx_table acp_tx_none = { "acp task", NULL, 0 };

const tx_table *acp_table(acp_fsm fsm) { return fsm == ACP_JARVIS ? &acp_tx_jarvis : &acp_tx_core; }
const char *acp_fsm_name(acp_fsm fsm) { return fsm == ACP_JARVIS ? "jarvis" : "core"; }

static const char *const core_states[] = { "IDLE", "READY", "EXECUTING_TASK", "AWAITING_APPROVAL", "BLOCKED",
                                           "ERROR", "COMPLETE" };
static const char *const jarvis_states[] = { "PLANNING", "IN_PROGRESS", "BLOCKED", "REVIEW", "DONE" };

/* Upstream's words (agent and task states) onto the core FSM. */
static const struct { const char *word, *state; } mapping[] = {
	{ "idle", "IDLE" }, { "ready", "READY" }, { "executing", "EXECUTING_TASK" },
	{ "verifying", "AWAITING_APPROVAL" }, { "syncing", "EXECUTING_TASK" }, { "completed", "COMPLETE" },
	{ "done", "COMPLETE" }, { "validated", "COMPLETE" }, { "failed", "ERROR" }, { "new", "READY" },
	{ "queued", "READY" }, { "assigned", "READY" }, { "in_progress", "EXECUTING_TASK" },
	/* one of the upstream UI contract's lowercase states (Agent_Cellphone
	 * 07857ee): a known state, not an unknown word */
	{ "blocked", "BLOCKED" },
};

const char *acp_state_of(const char *raw, acp_fsm fsm)
{
	if (!raw)
		return NULL;
	if (fsm == ACP_JARVIS) {
		for (size_t i = 0; i < sizeof jarvis_states / sizeof *jarvis_states; i++)
			if (strcmp(raw, jarvis_states[i]) == 0)
				return jarvis_states[i];
		return NULL;
	}
	for (size_t i = 0; i < sizeof core_states / sizeof *core_states; i++)
		if (strcmp(raw, core_states[i]) == 0)
			return core_states[i];
	/* The bridge's Task dataclass writes its enum's repr: "TaskStatus.COMPLETED". */
	char word[64];
	const char *dot = strncmp(raw, "TaskStatus.", 11) == 0 ? raw + 11 : raw;
	size_t n = strlen(dot);
	if (n >= sizeof word)
		return NULL;
	for (size_t i = 0; i <= n; i++)
		word[i] = dot == raw ? dot[i] : (char)(dot[i] >= 'A' && dot[i] <= 'Z' ? dot[i] + 32 : dot[i]);
	for (size_t i = 0; i < sizeof mapping / sizeof *mapping; i++)
		if (strcmp(word, mapping[i].word) == 0)
			return mapping[i].state;
	return NULL;
}

const char *acp_upstream_word(const char *state)
{
	/* The first word of the mapping for each state is what upstream's own
	 * agent code writes; BLOCKED has none its agents write (the UI contract's
	 * "blocked" is read, never written by a transition). */
	static const struct { const char *state, *word; } back[] = {
		{ "IDLE", "idle" }, { "READY", "ready" }, { "EXECUTING_TASK", "executing" },
		{ "AWAITING_APPROVAL", "verifying" }, { "COMPLETE", "completed" }, { "ERROR", "failed" },
	};
	for (size_t i = 0; state && i < sizeof back / sizeof *back; i++)
		if (strcmp(state, back[i].state) == 0)
			return back[i].word;
	return NULL;
}

const char *acp_event_name(acp_fsm fsm, const char *event)
{
	if (fsm == ACP_CORE && strcmp(event, "approve") == 0)
		return "approval_granted";
	if (fsm == ACP_CORE && strcmp(event, "reject") == 0)
		return "approval_denied";
	if (fsm == ACP_JARVIS && strcmp(event, "reject") == 0)
		return "request_changes";
	return event;
}

const char *acp_guard_names(acp_fsm fsm, unsigned guards)
{
	if (guards & AG_EVIDENCE)
		return fsm == ACP_JARVIS ? "EVIDENCE_PRESENT" : "evidence_attached";
	if (guards & AG_VALID_TASK)
		return "has_valid_task";
	if (guards & AG_APPROVAL_REQUIRED)
		return "approval_required";
	if (guards & AG_RETRIES)
		return "retries_remaining";
	return NULL;
}

static bool digits(const char **p, int min, int max, int *v)
{
	int n = 0;
	*v = 0;
	while (n < max && **p >= '0' && **p <= '9') {
		*v = *v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	return n >= min;
}

bool acp_runner_time(const char *s, time_t *out)
{
	/* strptime's %Y takes 4 digits here, %m %d %H %M %S one or two. */
	int y, mo, d, h, mi, se;
	const char *p = s;
	if (!p || !digits(&p, 4, 4, &y) || *p++ != '-' || !digits(&p, 1, 2, &mo) || *p++ != '-' ||
	    !digits(&p, 1, 2, &d) || *p++ != 'T' || !digits(&p, 1, 2, &h) || *p++ != ':' ||
	    !digits(&p, 1, 2, &mi) || *p++ != ':' || !digits(&p, 1, 2, &se) || *p)
		return false;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 61)
		return false;
	struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = h, .tm_min = mi,
	                 .tm_sec = se };
	time_t t = lw_timegm(&tm);
	struct tm back;
	gmtime_r(&t, &back);
	if (back.tm_mday != d)
		return false;   /* Feb 30: strptime refuses it */
	*out = t;
	return true;
}

const char *acp_fsm_update_missing(const doc_node *m)
{
	static const char *const required[] = { "task_id", "state", "summary" };
	for (size_t i = 0; i < sizeof required / sizeof *required; i++)
		if (!doc_get(m, required[i]))
			return required[i];
	return NULL;
}

const char *acp_guard_refusal(acp_fsm fsm, unsigned guards, const acp_facts *f)
{
	if ((guards & AG_VALID_TASK) && !f->valid_task)
		return "has_valid_task: the agent's task carries no acceptance criteria (or it names no task)";
	if ((guards & AG_APPROVAL_REQUIRED) && f->approval_required == 0)
		return "approval_required: this step's policy does not ask for approval (approval_required: false)";
	if ((guards & AG_RETRIES) && f->retries < 0)
		return "retries_remaining: the record keeps no retry count, so none are known to remain";
	if ((guards & AG_RETRIES) && f->retries == 0)
		return "retries_remaining: no retries left (retries_remaining: 0); reset the agent instead";
	if ((guards & AG_EVIDENCE) && !f->evidence)
		return fsm == ACP_JARVIS ? "EVIDENCE_PRESENT: entering REVIEW or DONE needs linked evidence"
		                         : "evidence_attached: approval needs evidence (logs, tests, diffs) linked first";
	return NULL;
}
