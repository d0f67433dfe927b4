/* lizago_levers.c — the system-wide levers of today's Liza, each the edit
 * its ops function makes to state.yaml (liza-mas/liza internal/ops):
 * changeMode (pause, stop), Resume (resumeSystemMode, resumeSprint),
 * SprintCheckpoint, and the config.auto_resume switch. They run inside the
 * shared transaction (lizago_tx.c: lock, re-read, compare, verify,
 * replace); what Liza does beside the state (git, a sprint archive, the
 * pipeline's transitions) is refused with the command that does it. */
#include "systems/liza/go/lizago_levers.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "systems/liza/go/lizago_summary.h"
#include <stdio.h>
#include <string.h>

/* models.IsTransitionCheckpointTrigger */
static bool transition_trigger(const char *t)
{
	return t && (strcmp(t, "PLANNING_COMPLETE") == 0 || strcmp(t, "MANY_TO_ONE_READY") == 0);
}

static const doc_node *task_of(const doc_node *root, const char *id)
{
	for (const doc_node *i = doc_seq_first(doc_get(root, "tasks")); i; i = i->next) {
		const char *tid = doc_str(doc_get(doc_deref(i), "id"));
		if (tid && strcmp(tid, id) == 0)
			return doc_deref(i);
	}
	return NULL;
}

/* allPlannedTasksTerminalForProject: every planned task exists and is
 * terminal (an archived row keeps its terminal status). */
static bool planned_all_terminal(const doc_node *root, const doc_node *sprint)
{
	const doc_node *planned = doc_get(doc_get(sprint, "scope"), "planned");
	for (const doc_node *i = doc_seq_first(planned); i; i = i->next) {
		const char *id = doc_str(doc_deref(i));
		const doc_node *t = id ? task_of(root, id) : NULL;
		if (!t || !lizago_terminal(doc_str(doc_get(t, "status"))))
			return false;
	}
	return true;
}

static tx_rc deny(tx_result *res, tx_rc rc, const char *msg, const char *a, const char *b)
{
	tx_set(res, rc, msg, a, b);
	return rc;
}

static tx_rc set_mode(lizago_lever *l, editor *ed, const doc_node *cfg, const char *to)
{
	int e = edit_set_scalar(ed, cfg, "mode", edit_str(to));
	e |= edit_set_scalar(ed, cfg, "mode_changed_at", edit_str(l->ts));
	e |= edit_set_scalar(ed, cfg, "mode_changed_by", edit_str(l->rq->as));
	return e ? TX_IO : TX_DONE;
}

/* changeMode with models.SystemMode.ValidateTransition: pause from RUNNING
 * or CIRCUIT_BREAKER_TRIPPED, stop (our abort) from any but STOPPED. */
static tx_rc change_mode(lizago_lever *l, const doc_node *cfg, const char *cur, editor *ed, tx_result *res)
{
	bool pause = strcmp(l->rq->event, "pause") == 0;
	const char *to = pause ? "PAUSED" : "STOPPED";
	if (pause && !strcmp(cur, "PAUSED"))
		return deny(res, TX_DENIED, "system is already PAUSED (config.mode is %s)%s", cur, "");
	if (pause && !strcmp(cur, "STOPPED"))
		return deny(res, TX_DENIED, "cannot pause: system is STOPPED (config.mode is %s)%s", cur, "");
	if (!pause && !strcmp(cur, "STOPPED"))
		return deny(res, TX_DENIED, "system is already STOPPED (config.mode is %s)%s", cur, "");
	if (set_mode(l, ed, cfg, to) != TX_DONE)
		return deny(res, TX_IO, "could not edit config.mode%s%s", "", "");
	snprintf(l->action, sizeof l->action, "%s", pause ? "paused" : "stopped");
	l->detail = pause ? "system paused" : "system stopped";
	tx_set(res, TX_DONE, "config.mode: %s -> %s%s", cur, to,
	       pause ? " (agents pause at their next check)" : " (agents stop; liza start runs them again)");
	return TX_DONE;
}

/* ops.Resume as the operator: the mode back to RUNNING from PAUSED or
 * CIRCUIT_BREAKER_TRIPPED (the breaker cleared with it), and a sprint at
 * CHECKPOINT back to IN_PROGRESS, in one write. Refused where Resume does
 * more than the state (a finished sprint: integration completion, the
 * sprint archive) or reads a record we do not transcribe (an active
 * circuit-breaker response). */
static tx_rc resume(lizago_lever *l, const doc_node *root, const doc_node *cfg, const char *cur, editor *ed,
                    tx_result *res)
{
	const doc_node *sp = doc_deref(doc_get(root, "sprint"));
	const char *sst = doc_str(doc_get(sp, "status"));
	if (!sst)
		sst = "";
	if (!strcmp(cur, "STOPPED"))
		return deny(res, TX_DENIED, "cannot resume from STOPPED state (system must be restarted) (config.mode is %s)%s",
		            cur, "");
	bool mode = !strcmp(cur, "PAUSED") || !strcmp(cur, "CIRCUIT_BREAKER_TRIPPED");
	bool ckpt = !strcmp(sst, "CHECKPOINT");
	if (!mode && !ckpt && strcmp(sst, "COMPLETED") != 0)
		return deny(res, TX_DENIED, "system is not PAUSED, circuit breaker not tripped, and sprint is not at CHECKPOINT "
		            "or COMPLETED (current mode: %s, sprint status: %s)", cur, *sst ? sst : "(none)");
	const char *trig = doc_str(doc_get(sp, "checkpoint_trigger"));
	if (!strcmp(sst, "COMPLETED") || (ckpt && !transition_trigger(trig) && planned_all_terminal(root, sp)))
		return deny(res, TX_DENIED, "the sprint %s: completing or advancing it checks integration completion and "
		            "writes the sprint archive; run 'liza resume'%s",
		            !strcmp(sst, "COMPLETED") ? "is COMPLETED" : "has every planned task terminal", "");
	const doc_node *cb = doc_deref(doc_get(root, "circuit_breaker"));
	if (!doc_is_null(doc_get(cb, "current_response")) && doc_get(cb, "current_response"))
		return deny(res, TX_DENIED, "a circuit-breaker response is active: resuming acknowledges it in its history; "
		            "run 'liza resume'%s%s", "", "");
	int e = 0;
	if (mode) {
		e |= set_mode(l, ed, cfg, "RUNNING") != TX_DONE;
		if (!strcmp(cur, "CIRCUIT_BREAKER_TRIPPED") && doc_is_map(cb)) {
			e |= edit_set_scalar(ed, cb, "status", edit_str("OK"));
			const doc_node *ct = doc_get(cb, "current_trigger");
			if (ct && !doc_is_null(ct))
				e |= edit_set_scalar(ed, cb, "current_trigger", edit_null());
		}
	}
	if (ckpt)
		e |= edit_set_scalar(ed, sp, "status", edit_str("IN_PROGRESS"));
	if (e)
		return deny(res, TX_IO, "could not edit config.mode or sprint.status%s%s", "", "");
	snprintf(l->action, sizeof l->action, "resumed");
	l->detail = mode && ckpt ? "system and sprint checkpoint resumed" : mode ? "system resumed" : "sprint checkpoint resumed";
	char from[160];
	snprintf(from, sizeof from, "%s%s%s", mode ? cur : "", mode && ckpt ? " and " : "",
	         ckpt ? "CHECKPOINT" : "");
	char what[200];
	snprintf(what, sizeof what, "%s%s%s%s%s", mode ? "config.mode " : "", mode ? cur : "", mode ? " -> RUNNING" : "",
	         mode && ckpt ? "; " : "", ckpt ? "sprint CHECKPOINT -> IN_PROGRESS" : "");
	tx_set(res, TX_DONE, "resumed from %s: %s%s", from, what,
	       ckpt && transition_trigger(trig) ? " (the orchestrator creates the downstream tasks)" : "");
	return TX_DONE;
}

/* ops.SprintCheckpoint: the sprint to CHECKPOINT, its time and trigger
 * (a manual one: ""), and the sprint summary of the state as it was
 * (written beside the state once the state is, lizago_tx.c). */
static tx_rc checkpoint(lizago_lever *l, const doc_node *root, editor *ed, tx_result *res)
{
	const doc_node *sp = doc_deref(doc_get(root, "sprint"));
	if (!doc_is_map(sp))
		return deny(res, TX_DENIED, "state.yaml has no sprint to checkpoint%s%s", "", "");
	const char *sst = doc_str(doc_get(sp, "status"));
	if (sst && !strcmp(sst, "CHECKPOINT"))
		return deny(res, TX_DENIED, "sprint is already at CHECKPOINT%s%s", "", "");
	if (sst && (!strcmp(sst, "COMPLETED") || !strcmp(sst, "ABORTED")))
		return deny(res, TX_DENIED, "cannot checkpoint: sprint is %s%s", sst, "");
	int e = edit_set_scalar(ed, sp, "status", edit_str("CHECKPOINT"));
	const doc_node *tl = doc_deref(doc_get(sp, "timeline"));
	if (doc_is_map(tl)) {
		e |= edit_set_scalar(ed, tl, "checkpoint_at", edit_str(l->ts));
	} else {
		edit_pair at[] = { { "checkpoint_at", edit_str(l->ts) } };
		e |= edit_set_map(ed, sp, "timeline", at, 1);
	}
	const doc_node *tr = doc_get(sp, "checkpoint_trigger");
	if (tr && !doc_is_null(tr) && doc_str(tr) && *doc_str(tr))
		e |= edit_set_scalar(ed, sp, "checkpoint_trigger", edit_str(""));
	if (e)
		return deny(res, TX_IO, "could not edit sprint.status%s%s", "", "");
	/* From the state as it was: "IN_PROGRESS → CHECKPOINT". */
	if (l->report) {
		strbuf_reset(l->report);
		lizago_summary_render(root, l->rq->now, l->report);
	}
	snprintf(l->action, sizeof l->action, "sprint_checkpoint");
	l->detail = "sprint checkpoint taken";
	tx_set(res, TX_DONE, "sprint %s -> CHECKPOINT (agents pause at their next check; resume ends it)",
	       sst ? sst : "(none)");
	return TX_DONE;
}

/* config.auto_resume (models.Config AutoResume): whether Liza resumes a
 * checkpoint by itself after its grace. */
static tx_rc auto_resume(lizago_lever *l, const doc_node *cfg, editor *ed, tx_result *res)
{
	bool on = strcmp(l->rq->event, "auto-resume-on") == 0, cur = false;
	doc_bool(doc_get(cfg, "auto_resume"), &cur);
	if (cur == on)
		return deny(res, TX_DENIED, "config.auto_resume is already %s%s", on ? "true" : "false", "");
	if (edit_set_scalar(ed, cfg, "auto_resume", edit_bool(on)))
		return deny(res, TX_IO, "could not edit config.auto_resume%s%s", "", "");
	snprintf(l->action, sizeof l->action, "%s", on ? "auto_resume_enabled" : "auto_resume_disabled");
	l->detail = on ? "auto-resume turned on" : "auto-resume turned off";
	tx_set(res, TX_DONE, "config.auto_resume: %s -> %s%s", cur ? "true" : "false", on ? "true" : "false",
	       on ? " (a checkpoint resumes by itself after 6m)" : " (a checkpoint waits for the operator)");
	return TX_DONE;
}

bool lizago_lever_event(const char *ev)
{
	static const char *const evs[] = { "pause", "resume", "abort", "checkpoint", "auto-resume-on",
	                                   "auto-resume-off" };
	for (size_t i = 0; i < sizeof evs / sizeof *evs; i++)
		if (!strcmp(ev, evs[i]))
			return true;
	return false;
}

tx_rc lizago_lever_apply(lizago_lever *l, const doc_node *root, editor *ed, tx_result *res)
{
	const char *ev = l->rq->event;
	if (!strcmp(ev, "checkpoint"))
		return checkpoint(l, root, ed, res);
	const doc_node *cfg = doc_get(root, "config");
	if (!doc_is_map(cfg))
		return deny(res, TX_DENIED, "state.yaml has no config mapping to hold the system mode%s%s", "", "");
	cfg = doc_deref(cfg);
	if (!strncmp(ev, "auto-resume-", 12))
		return auto_resume(l, cfg, ed, res);
	const char *cur = doc_str(doc_get(cfg, "mode"));
	if (!cur || !*cur)
		cur = "RUNNING";
	if (!strcmp(ev, "resume"))
		return resume(l, root, cfg, cur, ed, res);
	return change_mode(l, cfg, cur, ed, res);
}
