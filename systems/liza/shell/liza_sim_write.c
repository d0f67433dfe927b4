/* liza_sim_write.c — one decided action as edits on state.yaml: the fields
 * docs/systems/liza.md lists for each transition, as the Liza scripts write them
 * (timestamps "YYYY-MM-DDTHH:MM:SSZ", UTC, quoted; history entries
 * {time, event, agent[, reason]}; agents' status and current_task), so the
 * checks see exactly what a real run would show them. Fields are cleared
 * only when present, so a write adds no `key: null` noise. */
#include "systems/liza/shell/liza_sim.h"
#include "systems/liza/shell/liza.h"
#include "core/util/timeparse.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { COMMIT_DIGITS = 8 };

typedef struct wctx {
	editor *ed;
	const doc_node *root;
	const liza_state *st;
	const liza_sim_plan *p;
	time_t now;
	char ts[32];
	sim_rng *rng;
	liza_sim_log *lg;
	int rc;
} wctx;

static void set(wctx *w, const doc_node *map, const char *key, edit_value v)
{
	w->rc |= edit_set_scalar(w->ed, map, key, v);
}

static void clear(wctx *w, const doc_node *map, const char *key)
{
	const doc_node *n = doc_get(map, key);
	if (n && !doc_is_null(n))
		set(w, map, key, edit_null());
}

static void set_time(wctx *w, const doc_node *map, const char *key, long long from_now)
{
	char b[32];
	set(w, map, key, edit_str(lw_format_time(w->now + (time_t)from_now, b, sizeof b)));
}

static void history(wctx *w, const liza_task *t, const char *event, const char *agent, const char *reason)
{
	edit_pair h[] = { { "time", edit_str(w->ts) }, { "event", edit_str(event) }, { "agent", edit_str(agent) },
	                  { "reason", edit_str(reason) } };
	w->rc |= edit_append_item(w->ed, t->node, "history", h, reason ? 4 : 3);
}

static void agent_state(wctx *w, const liza_agent *ag, const char *status, const char *task)
{
	set(w, ag->node, "status", edit_str(status));
	if (task)
		set(w, ag->node, "current_task", edit_str(task));
	else
		clear(w, ag->node, "current_task");
}

static long long lease(const wctx *w)
{
	return w->st->config.lease_duration > 0 ? w->st->config.lease_duration : 1800;
}

static void say(wctx *w, const char *agent, const char *action, const char *task, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void say(wctx *w, const char *agent, const char *action, const char *task, const char *fmt, ...)
{
	w->lg->agent = agent;
	w->lg->action = action;
	w->lg->task = task;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->lg->detail, sizeof w->lg->detail, fmt, ap);
	va_end(ap);
}

static const char *unique_id(const liza_state *st, const char *base, char *buf, size_t n)
{
	snprintf(buf, n, "%s", base);
	for (unsigned k = 2; liza_find_task(st, buf) && k < 10000; k++)
		snprintf(buf, n, "%s-%u", base, k);
	return buf;
}

/* The words for a task the cast drafted: by its id, less any "-N" suffix. */
static const liza_sim_task_text *text_of(const char *id)
{
	size_t n = strlen(id);
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < liza_sim_n_new_tasks; i++)
			if (strlen(liza_sim_new_tasks[i].id) == n && strncmp(liza_sim_new_tasks[i].id, id, n) == 0)
				return &liza_sim_new_tasks[i];
		for (size_t i = 0; i < liza_sim_n_discoveries; i++)
			if (strlen(liza_sim_discoveries[i].task.id) == n && strncmp(liza_sim_discoveries[i].task.id, id, n) == 0)
				return &liza_sim_discoveries[i].task;
		const char *dash = strrchr(id, '-');
		if (!dash)
			break;
		n = (size_t)(dash - id);
	}
	return NULL;
}

static void new_draft(wctx *w, const char *id, const char *description, const edit_pair *extra, size_t nextra)
{
	edit_pair item[7] = { { "id", edit_str(id) },
	                      { "description", edit_str(description) },
	                      { "status", edit_str("DRAFT") },
	                      { "priority", edit_int(1 + (long long)sim_below(w->rng, 3)) },
	                      { "created", edit_str(w->ts) } };
	size_t n = 5;
	for (size_t i = 0; i < nextra && n < 7; i++)
		item[n++] = extra[i];
	w->rc |= edit_append_item(w->ed, w->root, "tasks", item, n);
}

/* The commit a new claim starts from: the newest merge, as `git worktree
 * add` from the main branch would. */
static const char *base_commit(wctx *w, char *buf, size_t n)
{
	for (size_t i = w->st->ntasks; i-- > 0;)
		if (w->st->tasks[i].status == LS_MERGED && w->st->tasks[i].merge_commit)
			return w->st->tasks[i].merge_commit;
	sim_hex(w->rng, buf, n - 1 < COMMIT_DIGITS ? n - 1 : COMMIT_DIGITS);
	return buf;
}

/* ---- planner ---- */

static void finalize(wctx *w, const liza_task *t, const liza_agent *pl)
{
	const liza_sim_task_text *tx = text_of(t->id);
	set(w, t->node, "status", edit_str("UNCLAIMED"));
	if (!t->spec_ref)
		set(w, t->node, "spec_ref", edit_str(LSIM_SPEC_REF));
	if (!t->done_when)
		set(w, t->node, "done_when", edit_str(tx ? tx->done_when : LSIM_DONE_WHEN));
	if (w->p->dep)
		w->rc |= edit_append_scalar(w->ed, t->node, "depends_on", edit_str(w->p->dep->id));
	history(w, t, "finalized", pl->id, NULL);
	if (w->p->dep)
		say(w, pl->id, "task_finalized", t->id, "ready to claim once %s is merged", w->p->dep->id);
	else
		say(w, pl->id, "task_finalized", t->id, "ready to claim");
}

static void drafts(wctx *w, const liza_agent *pl)
{
	char ids[256] = "", id[128];
	size_t used = 0;
	for (unsigned k = 0; k < w->p->count && k < liza_sim_n_new_tasks; k++) {
		const liza_sim_task_text *tx = &liza_sim_new_tasks[(w->p->pick + k) % liza_sim_n_new_tasks];
		unique_id(w->st, tx->id, id, sizeof id);
		new_draft(w, id, tx->description, NULL, 0);
		used += (size_t)snprintf(ids + used, used < sizeof ids ? sizeof ids - used : 0, "%s%s", k ? ", " : "", id);
	}
	say(w, pl->id, "tasks_drafted", NULL, "planned %s", ids);
}

static void unblock(wctx *w, const liza_task *t, const liza_agent *pl)
{
	set(w, t->node, "status", edit_str("UNCLAIMED"));
	clear(w, t->node, "blocked_reason");
	clear(w, t->node, "blocked_questions");
	clear(w, t->node, "assigned_to");
	clear(w, t->node, "worktree");
	clear(w, t->node, "lease_expires");
	const char *q = t->blocked_questions.n ? t->blocked_questions.v[0] : "the blocking question";
	char reason[300];
	snprintf(reason, sizeof reason, "answered: %.200s", q);
	history(w, t, "unblocked", pl->id, reason);
	say(w, pl->id, "unblocked", t->id, "%s", reason);
}

static void rescope(wctx *w, const liza_task *t, const liza_agent *pl)
{
	const liza_sim_task_text *tx = &liza_sim_new_tasks[w->p->pick % liza_sim_n_new_tasks];
	const char *why = liza_sim_rescope_reasons[w->p->pick % liza_sim_n_rescope_reasons];
	char id[128];
	unique_id(w->st, tx->id, id, sizeof id);
	set(w, t->node, "status", edit_str("SUPERSEDED"));
	w->rc |= edit_append_scalar(w->ed, t->node, "superseded_by", edit_str(id));
	set(w, t->node, "rescope_reason", edit_str(why));
	history(w, t, "superseded", pl->id, why);
	edit_pair extra[] = { { "supersedes", edit_str(t->id) }, { "rescope_reason", edit_str(why) } };
	new_draft(w, id, tx->description, extra, 2);
	say(w, pl->id, "rescoped", t->id, "failed by two coders: superseded by %s (%s)", id, why);
}

static void convert(wctx *w, const liza_discovery *d, const liza_agent *pl)
{
	const liza_sim_task_text *tx = NULL;
	for (size_t i = 0; i < liza_sim_n_discoveries && !tx; i++)
		if (d->description && strcmp(d->description, liza_sim_discoveries[i].description) == 0)
			tx = &liza_sim_discoveries[i].task;
	char base[128], id[128];
	snprintf(base, sizeof base, "%s-followup", d->id ? d->id : "discovery");
	unique_id(w->st, tx ? tx->id : base, id, sizeof id);
	set(w, d->node, "converted_to_task", edit_str(id));
	new_draft(w, id, tx ? tx->description : d->description ? d->description : "Follow up a discovery", NULL, 0);
	say(w, pl->id, "discovery_converted", id, "%s becomes task %s", d->id ? d->id : "a discovery", id);
}

/* ---- coders ---- */

static void claim(wctx *w, const liza_task *t, const liza_agent *c, bool again)
{
	char wt[300], hex[16];
	set(w, t->node, "status", edit_str("CLAIMED"));
	if (!again || !t->assigned_to || strcmp(t->assigned_to, c->id) != 0)
		set(w, t->node, "assigned_to", edit_str(c->id));
	snprintf(wt, sizeof wt, ".worktrees/%s", t->id);
	if (!again || !t->worktree)
		set(w, t->node, "worktree", edit_str(wt));
	const char *base = t->base_commit;
	if (!again || !base)
		set(w, t->node, "base_commit", edit_str(base = base_commit(w, hex, sizeof hex)));
	set_time(w, t->node, "lease_expires", lease(w));
	set(w, t->node, "iteration", edit_int(t->iteration + 1));
	history(w, t, "claimed", c->id, NULL);
	agent_state(w, c, "WORKING", t->id);
	if (again)
		say(w, c->id, "claimed", t->id, "iteration %lld: rework after rejection", t->iteration + 1);
	else
		say(w, c->id, "claimed", t->id, "worktree %s at %s", wt, base);
}

/* The Ralph loop's restart: the session exits 42 (context exhausted), the
 * supervisor restarts it, the fresh session releases and re-claims the
 * task (CLAIMED -> UNCLAIMED -> CLAIMED: one iteration more). */
static void restart(wctx *w, const liza_task *t, const liza_agent *c)
{
	set_time(w, t->node, "lease_expires", lease(w));
	set(w, t->node, "iteration", edit_int(t->iteration + 1));
	history(w, t, "released", c->id, "session restarted (exit 42): context exhausted");
	history(w, t, "claimed", c->id, NULL);
	say(w, c->id, "claimed", t->id, "iteration %lld: session restarted and re-claimed", t->iteration + 1);
}

static void submit(wctx *w, const liza_task *t, const liza_agent *c)
{
	char hex[16];
	sim_hex(w->rng, hex, COMMIT_DIGITS);
	set(w, t->node, "status", edit_str("READY_FOR_REVIEW"));
	set(w, t->node, "review_commit", edit_str(hex));
	history(w, t, "submitted_for_review", c->id, NULL);
	agent_state(w, c, "WAITING", t->id);
	say(w, c->id, "submitted_for_review", t->id, "ready for review at %s", hex);
}

static void block(wctx *w, const liza_task *t, const liza_agent *c)
{
	const liza_sim_block_text *b = &liza_sim_blocks[w->p->pick % liza_sim_n_blocks];
	set(w, t->node, "status", edit_str("BLOCKED"));
	set(w, t->node, "blocked_reason", edit_str(b->reason));
	w->rc |= edit_append_scalar(w->ed, t->node, "blocked_questions", edit_str(b->question));
	bool listed = false;
	for (size_t i = 0; i < t->failed_by.n; i++)
		listed |= strcmp(t->failed_by.v[i], c->id) == 0;
	if (!listed)   /* a second coder blocking the same task is hypothesis exhaustion */
		w->rc |= edit_append_scalar(w->ed, t->node, "failed_by", edit_str(c->id));
	history(w, t, "blocked", c->id, b->reason);
	agent_state(w, c, "IDLE", NULL);
	say(w, c->id, "blocked", t->id, "%s", b->reason);
}

/* The handoff entry itself (handoff.<task>: summary, next_action, …) is a
 * new mapping, which the editor cannot add yet; the flag alone is what
 * raises handoff_pending, and it is what the replacement agent clears. */
static void handoff(wctx *w, const liza_task *t, const liza_agent *c)
{
	set(w, t->node, "handoff_pending", edit_bool(true));
	history(w, t, "handoff", c->id, NULL);
	agent_state(w, c, "HANDOFF", t->id);
	say(w, c->id, "handoff", t->id, "context at 91 %%: handing off to a fresh session");
}

static void resume(wctx *w, const liza_task *t, const liza_agent *c)
{
	set(w, t->node, "handoff_pending", edit_bool(false));
	history(w, t, "resumed", c->id, NULL);
	agent_state(w, c, "WORKING", t->id);
	say(w, c->id, "resumed", t->id, "fresh session read the handoff and resumed");
}

static void discover(wctx *w, const liza_task *t, const liza_agent *c)
{
	const liza_sim_discovery_text *d = &liza_sim_discoveries[w->p->pick % liza_sim_n_discoveries];
	char id[32];
	size_t k = w->st->ndiscovered + 1;
	for (bool taken = true; taken; k++) {
		snprintf(id, sizeof id, "disc-%zu", k);
		taken = false;
		for (size_t i = 0; i < w->st->ndiscovered; i++)
			taken |= w->st->discovered[i].id && strcmp(w->st->discovered[i].id, id) == 0;
	}
	edit_pair item[] = { { "id", edit_str(id) },           { "by", edit_str(c->id) },
	                     { "during", edit_str(t->id) },     { "description", edit_str(d->description) },
	                     { "severity", edit_str("high") },  { "urgency", edit_str("immediate") },
	                     { "recommendation", edit_str(d->recommendation) }, { "created", edit_str(w->ts) } };
	w->rc |= edit_append_item(w->ed, w->root, "discovered", item, sizeof item / sizeof *item);
	say(w, c->id, "discovered", t->id, "%s (immediate)", d->description);
}

/* ---- reviewer ---- */

static void review(wctx *w, const liza_task *t, const liza_agent *r)
{
	set(w, t->node, "reviewing_by", edit_str(r->id));
	set_time(w, t->node, "review_lease_expires", lease(w));
	history(w, t, "review_claimed", r->id, NULL);
	agent_state(w, r, "REVIEWING", t->id);
	say(w, r->id, "review_claimed", t->id, "reviewing %s", t->review_commit ? t->review_commit : "the submission");
}

static void release(wctx *w, const liza_task *t, const liza_agent *r)
{
	clear(w, t->node, "reviewing_by");
	clear(w, t->node, "review_lease_expires");
	history(w, t, "review_released", r->id, NULL);
	agent_state(w, r, "IDLE", NULL);
	say(w, r->id, "review_released", t->id, "left for the operator to approve or reject");
}

static void verdict(wctx *w, const liza_task *t, const liza_agent *r, bool approve)
{
	set(w, t->node, "status", edit_str(approve ? "APPROVED" : "REJECTED"));
	set(w, t->node, "reviewing_by", edit_null());
	set(w, t->node, "review_lease_expires", edit_null());
	if (approve) {
		set(w, t->node, "approved_by", edit_str(r->id));
		clear(w, t->node, "rejection_reason");
		history(w, t, "approved", r->id, NULL);
		say(w, r->id, "approved", t->id, "approved %s", t->review_commit ? t->review_commit : "");
	} else {
		const char *why = liza_sim_rejections[w->p->pick % liza_sim_n_rejections];
		set(w, t->node, "rejection_reason", edit_str(why));
		set(w, t->node, "review_cycles_current", edit_int(t->review_cycles_current + 1));
		set(w, t->node, "review_cycles_total", edit_int(t->review_cycles_total + 1));
		history(w, t, "rejected", r->id, why);
		say(w, r->id, "rejected", t->id, "%s", why);
	}
	agent_state(w, r, "IDLE", NULL);
}

static void merge(wctx *w, const liza_task *t, const liza_agent *m)
{
	char hex[16];
	const char *commit = t->review_commit;
	if (!commit) {
		sim_hex(w->rng, hex, COMMIT_DIGITS);
		commit = hex;
	}
	set(w, t->node, "status", edit_str("MERGED"));
	set(w, t->node, "merge_commit", edit_str(commit));
	clear(w, t->node, "worktree");
	clear(w, t->node, "lease_expires");
	history(w, t, "merged", m->id, NULL);
	/* Its coder, waiting on this task, is free again. */
	const liza_agent *c = t->assigned_to ? liza_find_agent(w->st, t->assigned_to) : NULL;
	if (c && doc_is_map(c->node) && c != m && c->status && strcmp(c->status, "WAITING") == 0 &&
	    (!c->current_task || strcmp(c->current_task, t->id) == 0))
		agent_state(w, c, "IDLE", NULL);
	say(w, m->id, "merged", t->id, "merged at %s; worktree removed", commit);
}

/* ---- every tick ---- */

static void repair(wctx *w)
{
	size_t used = 0;
	for (size_t i = 0; i < w->st->nagents; i++) {
		const liza_agent *ag = &w->st->agents[i];
		if (!liza_sim_needs_repair(w->st, ag))
			continue;
		agent_state(w, ag, "IDLE", NULL);
		used += (size_t)snprintf(w->lg->line + used, used < sizeof w->lg->line ? sizeof w->lg->line - used : 0,
		                         "%s%s back to IDLE (%s moved on)", used ? "; " : "", ag->id,
		                         ag->current_task ? ag->current_task : "its task");
	}
}

/* Heartbeats and leases renewed, as live agents renew them: stale-agent and
 * lease alerts fire only when the simulation means them to. */
static void keep_alive(wctx *w)
{
	for (size_t i = 0; i < w->st->nagents; i++) {
		const liza_agent *ag = &w->st->agents[i];
		if (!doc_is_map(ag->node))
			continue;
		set(w, ag->node, "heartbeat", edit_str(w->ts));
		set_time(w, ag->node, "lease_expires", lease(w));
	}
	for (size_t i = 0; i < w->st->ntasks; i++) {
		const liza_task *t = &w->st->tasks[i];
		if (t->status == LS_CLAIMED && t != w->p->task && t->assigned_to && liza_find_agent(w->st, t->assigned_to))
			set_time(w, t->node, "lease_expires", lease(w));
	}
}

int liza_sim_write(editor *ed, const doc_node *root, const liza_state *st, const liza_sim_plan *p, time_t now,
               sim_rng *rng, liza_sim_log *lg)
{
	memset(lg, 0, sizeof *lg);
	wctx w = { .ed = ed, .root = root, .st = st, .p = p, .now = now, .rng = rng, .lg = lg };
	lw_format_time(now, w.ts, sizeof w.ts);
	const liza_task *t = p->task;
	const liza_agent *a = p->agent;
	switch (p->kind) {
	case LSIM_IDLE: break;
	case LSIM_REPAIR: repair(&w); break;
	case LSIM_PAUSE:
		say(&w, a ? a->id : "system", "paused", NULL, "created .liza/PAUSE: sprint checkpoint, agents hold");
		break;
	case LSIM_UNPAUSE:
		say(&w, a ? a->id : "system", "resumed", NULL, "removed .liza/PAUSE: agents carry on");
		break;
	case LSIM_FINALIZE: finalize(&w, t, a); break;
	case LSIM_DRAFTS: drafts(&w, a); break;
	case LSIM_UNBLOCK: unblock(&w, t, a); break;
	case LSIM_RESCOPE: rescope(&w, t, a); break;
	case LSIM_CONVERT: convert(&w, p->disc, a); break;
	case LSIM_CLAIM: claim(&w, t, a, false); break;
	case LSIM_RECLAIM: claim(&w, t, a, true); break;
	case LSIM_SUBMIT: submit(&w, t, a); break;
	case LSIM_RESTART: restart(&w, t, a); break;
	case LSIM_BLOCK: block(&w, t, a); break;
	case LSIM_HANDOFF: handoff(&w, t, a); break;
	case LSIM_RESUME: resume(&w, t, a); break;
	case LSIM_DISCOVER: discover(&w, t, a); break;
	case LSIM_REVIEW: review(&w, t, a); break;
	case LSIM_RELEASE: release(&w, t, a); break;
	case LSIM_APPROVE: verdict(&w, t, a, true); break;
	case LSIM_REJECT: verdict(&w, t, a, false); break;
	case LSIM_MERGE: merge(&w, t, a); break;
	case LSIM_KIND_COUNT: break;
	}
	keep_alive(&w);
	return w.rc ? -1 : 0;
}
