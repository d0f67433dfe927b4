/* lizago_load.c — a state.yaml of today's Liza into a lizago_state and the
 * neutral model. Field names and meanings follow the Go program's models
 * (internal/models: State, Task, Agent, AgentHealth, Sprint, CircuitBreaker,
 * Config); docs/systems/liza-go.md lists what is read. A field of the wrong
 * shape reads as absent; unknown keys are ignored (and kept by every write). */
#include "systems/liza/go/lizago_load.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_archive.h"
#include "systems/liza/go/lizago_between.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "systems/liza/go/lizago_sprint.h"
#include "systems/liza/go/lizago_txtable.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include "core/model/snapshot_file.h"
#include "core/util/dirlist.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- fields ---- */

static const char *str(const doc_node *m, const char *k) { return doc_str(doc_get(m, k)); }

static long long num(const doc_node *m, const char *k, long long dflt)
{
	long long v;
	return doc_int(doc_get(m, k), &v) == DOC_OK ? v : dflt;
}

static bool flag(const doc_node *m, const char *k)
{
	bool v;
	return doc_bool(doc_get(m, k), &v) == DOC_OK && v;
}

static time_t when(const doc_node *m, const char *k)
{
	time_t t;
	return doc_time(doc_get(m, k), &t) == DOC_OK ? t : LW_NO_TIME;
}

static const char **strv(arena *a, const doc_node *seq, size_t *n)
{
	*n = 0;
	if (!doc_is_seq(seq))
		return NULL;
	const char **v = arena_alloc(a, (doc_len(seq) + 1) * sizeof *v);
	for (const doc_node *i = doc_seq_first(seq); i; i = i->next)
		if (doc_str(i))
			v[(*n)++] = doc_str(i);
	return v;
}

static void load_rca(lg_task *t, const doc_node *rca)
{
	if (!doc_is_map(rca))
		return;
	rca = doc_deref(rca);
	t->rca_threshold = num(rca, "threshold", -1);
	t->rca_count = num(rca, "rejection_count", -1);
	if (doc_is_map(doc_get(rca, "disposition")))
		t->rca = "resumed";
	else if (str(rca, "fingerprint"))
		t->rca = "recorded";
	else
		t->rca = "open";
}

static void load_task(arena *a, const lizago_state *st, lg_task *t, const doc_node *n, size_t i)
{
	t->node = n;
	n = doc_deref(n);
	/* db/terminal_archive.go restoreTerminalTasks: every read restores an
	 * archived row's record before anything looks at it */
	if (!doc_is_null(doc_get(n, "terminal_archive"))) {
		t->archived = true;
		const doc_node *r = lizago_archive_restore(a, st->dir, n, &t->archive_path, &t->archive_error);
		if (r)
			t->node = n = r;
	}
	t->id = str(n, "id");
	if (!t->id)
		t->id = arena_printf(a, "tasks[%zu]", i);
	t->type = str(n, "type");
	t->role_pair = str(n, "role_pair");
	t->status = str(n, "status");
	t->description = str(n, "description");
	t->st = lizago_resolve(&st->pipeline, t->status);
	t->pair = t->role_pair ? lizago_pair_find(&st->pipeline, t->role_pair) : NULL;
	if (!t->pair)
		t->pair = t->st.pair;
	t->priority = num(n, "priority", 0);
	t->iteration = num(n, "iteration", 0);
	t->attempt = num(n, "attempt", 0);
	t->review_cycles_current = num(n, "review_cycles_current", 0);
	t->review_cycles_total = num(n, "review_cycles_total", 0);
	t->max_iterations = num(n, "max_iterations", 0);
	t->assigned_to = str(n, "assigned_to");
	t->worktree = str(n, "worktree");
	t->base_commit = str(n, "base_commit");
	t->review_commit = str(n, "review_commit");
	t->reviewing_by = str(n, "reviewing_by");
	t->approved_by = str(n, "approved_by");
	t->rejection_reason = str(n, "rejection_reason");
	t->merge_commit = str(n, "merge_commit");
	t->blocked_reason = str(n, "blocked_reason");
	t->rescope_reason = str(n, "rescope_reason");
	t->spec_ref = str(n, "spec_ref");
	t->done_when = str(n, "done_when");
	t->created = when(n, "created");
	t->lease_expires = when(n, "lease_expires");
	t->review_lease_expires = when(n, "review_lease_expires");
	t->integration_fix = flag(n, "integration_fix");
	t->has_blocked_questions = doc_len(doc_get(n, "blocked_questions")) > 0;
	t->has_integration_failure = !doc_is_null(doc_get(n, "integration_failure"));
	t->failed_by = strv(a, doc_get(n, "failed_by"), &t->nfailed_by);
	t->depends_on = strv(a, doc_get(n, "depends_on"), &t->ndepends_on);
	t->parents = strv(a, doc_get(n, "parent_tasks"), &t->nparents);
	if (!t->nparents && str(n, "parent_task")) {
		t->parents = arena_alloc(a, sizeof *t->parents);
		t->parents[0] = str(n, "parent_task");
		t->nparents = 1;
	}
	const doc_node *ap = doc_get(n, "approvals");
	if (doc_is_seq(ap)) {
		t->approvals = arena_alloc(a, (doc_len(ap) + 1) * sizeof *t->approvals);
		for (const doc_node *e = doc_seq_first(ap); e; e = e->next) {
			const doc_node *m = doc_deref(e);
			lg_approval *v = &t->approvals[t->napprovals++];
			v->agent = str(m, "agent");
			v->provider = str(m, "provider");
			v->at = when(m, "timestamp");
		}
	}
	t->last_event = LW_NO_TIME;
	t->status_since = t->created;
	for (const doc_node *h = doc_seq_first(doc_get(n, "history")); h; h = h->next) {
		const doc_node *m = doc_deref(h);
		const char *ev = str(m, "event");
		if (ev && strcmp(ev, "integration_failed") == 0)
			t->history_integration_failed = true;
		time_t at = when(m, "time");
		if (at != LW_NO_TIME && (t->last_event == LW_NO_TIME || at > t->last_event))
			t->last_event = at;
		/* the newest in list order, as Go walks it back from the end */
		if (ev && lizago_status_event(ev) && at != LW_NO_TIME)
			t->status_since = at;
	}
	t->impact = lizago_history_impact(doc_get(n, "history"));
	t->quorum = lizago_effective_quorum(t->pair, t->impact);
	load_rca(t, doc_get(n, "rejection_rca"));
}

static void load_agents(arena *a, lizago_state *st, const doc_node *root)
{
	const doc_node *agents = doc_get(root, "agents"), *health = doc_get(root, "agent_health");
	st->agents = arena_alloc(a, (doc_len(agents) + 1) * sizeof *st->agents);
	for (const doc_node *k = doc_map_first(agents); k; k = doc_map_next(k)) {
		const doc_node *v = doc_deref(k->next);
		lg_agent *ag = &st->agents[st->nagents++];
		ag->id = doc_str(doc_deref(k)) ? doc_str(doc_deref(k)) : "?";
		ag->node = k->next;
		ag->role = str(v, "role");
		ag->status = str(v, "status");
		ag->current_task = str(v, "current_task");
		ag->provider = str(v, "provider");
		ag->lease_expires = when(v, "lease_expires");
		ag->heartbeat = when(v, "heartbeat");
		ag->generation = str(v, "generation");
		ag->liveness_seq = num(v, "liveness_seq", 0);
		const doc_node *h = doc_get(health, ag->id);
		ag->health = str(h, "state");
		ag->health_reason = str(h, "reason");
	}
}

/* Heartbeats beside the state (db/liveness.go): each registration
 * generation publishes `state.yaml.liveness-<16 hex>`, JSON {agent_id,
 * generation, seq, heartbeat, lease_expires, review_task?,
 * review_lease_expires?, review_seq?}, without the lock. Liza's reads
 * overlay a record on its agent row (and that agent's task and review
 * leases) while the record's seq is above the row's liveness_seq; so do we,
 * or a beating agent would look stale. */
static void overlay_liveness(arena *a, lizago_state *st, const char *dir, lw_snapshot *snap)
{
	lw_dirlist l;
	if (lw_dirlist_read(&l, dir) < 0)
		return;
	static const char prefix[] = "state.yaml.liveness-";
	for (size_t i = 0; i < l.n; i++) {
		const char *name = l.names[i];
		if (strncmp(name, prefix, sizeof prefix - 1) != 0 || strlen(name + sizeof prefix - 1) != 16 ||
		    strspn(name + sizeof prefix - 1, "0123456789abcdef") != 16)
			continue;
		char p[LW_PATH_MAX], *buf;
		size_t len;
		lw_error err;
		int rc = lw_read_file(lw_path_join(p, sizeof p, dir, name), 64 * 1024, &buf, &len, &err);
		if (rc != LW_READ_OK) {
			if (rc == LW_READ_ERROR)   /* a FIFO, permissions, a link to nothing: one alert, the rest stays */
				lw_snapshot_unread(snap, name, &err);
			continue;
		}
		doc d;
		if (doc_parse(&d, buf, len, p, NULL, &err) < 0)
			lw_snapshot_unread(snap, name, &err);
		else if (doc_is_map(d.root)) {
			const doc_node *r = doc_deref(d.root);
			const char *id = str(r, "agent_id"), *gen = str(r, "generation");
			long long seq = num(r, "seq", 0);
			for (size_t k = 0; k < st->nagents && id && gen; k++) {
				lg_agent *ag = &st->agents[k];
				if (strcmp(ag->id, id) != 0 || !ag->generation || strcmp(ag->generation, gen) != 0 ||
				    seq <= ag->liveness_seq)
					continue;
				long long folded = ag->liveness_seq;
				ag->heartbeat = when(r, "heartbeat");
				ag->lease_expires = when(r, "lease_expires");
				ag->liveness_seq = seq;
				ag->live_overlay = true;
				lg_task *t = ag->current_task ? (lg_task *)lizago_find_task(st, ag->current_task) : NULL;
				if (t && t->assigned_to && strcmp(t->assigned_to, id) == 0 && t->lease_expires != LW_NO_TIME)
					t->lease_expires = ag->lease_expires;
				const char *rt = str(r, "review_task");
				if (t && t->reviewing_by && strcmp(t->reviewing_by, id) == 0 &&
				    t->review_lease_expires != LW_NO_TIME && rt && strcmp(rt, t->id) == 0 &&
				    num(r, "review_seq", 0) > folded)
					t->review_lease_expires = when(r, "review_lease_expires");
			}
		}
		doc_free(&d);
		free(buf);
	}
	lw_dirlist_free(&l);
	(void)a;
}

static void load_log(lizago_state *st, lw_snapshot *snap)
{
	char *buf;
	size_t len;
	lw_error err;
	st->log_newest = LW_NO_TIME;
	/* The stat before the read: a write in between shows next time as a
	 * change (liza_log_append_seen compares it under the lock). */
	struct stat sb;
	bool have_stat = lw_stat(st->log_path, &sb, LW_STAT_FULL) == 0;
	int rc = lw_read_file(st->log_path, doc_default_limits.max_bytes, &buf, &len, &err);
	if (rc == LW_READ_ERROR)
		lw_snapshot_unread(snap, "log", &err);
	if (rc != LW_READ_OK)
		return;
	doc d;
	if (doc_parse(&d, buf, len, st->log_path, NULL, &err) == 0) {
		for (const doc_node *e = doc_seq_first(d.root); e; e = e->next) {
			time_t t = when(doc_deref(e), "timestamp");
			st->log_entries++;
			if (t != LW_NO_TIME && (st->log_newest == LW_NO_TIME || t > st->log_newest))
				st->log_newest = t;
		}
		if (have_stat)
			liza_log_seen_set(&st->log_seen, &sb, len, true);
	} else {
		lw_snapshot_unread(snap, "log", &err);
	}
	snap->state_bytes += len;
	doc_free(&d);
	free(buf);
}

/* ---- the neutral model ---- */

static lw_lane lane_of(lg_cat c)
{
	switch (c) {
	case LGC_LEGACY: return LANE_BACKLOG;
	case LGC_INITIAL: return LANE_READY;
	case LGC_EXECUTING: case LGC_REJECTED: case LGC_INTEGRATION_FAILED: return LANE_ACTIVE;
	case LGC_SUBMITTED: case LGC_REVIEWING: case LGC_REVIEWING2: case LGC_PARTIAL: case LGC_APPROVED:
		return LANE_REVIEW;
	case LGC_CLEAN: case LGC_MERGED: case LGC_ABANDONED: case LGC_SUPERSEDED: return LANE_DONE;
	default: return LANE_BLOCKED;
	}
}

/* Quorum progress while in review, the final attempt, the rejection-RCA gate. */
static const char *badge(arena *a, const lg_task *t)
{
	char b[48] = "";
	size_t n = 0;
	lg_cat c = t->st.cat;
	if (t->pair && t->quorum > 1 &&
	    (c == LGC_SUBMITTED || c == LGC_REVIEWING || c == LGC_REVIEWING2 || c == LGC_PARTIAL))
		n += (size_t)snprintf(b + n, sizeof b - n, "q%zu/%d", t->napprovals, t->quorum);
	if (t->attempt == 2 && n < sizeof b)
		n += (size_t)snprintf(b + n, sizeof b - n, "%sA2", n ? " " : "");
	if (t->rca && strcmp(t->rca, "resumed") != 0 && n < sizeof b)
		n += (size_t)snprintf(b + n, sizeof b - n, "%sRCA", n ? " " : "");
	return n ? arena_strdup(a, b) : NULL;
}

static void project_model(lw_snapshot *snap, lizago_state *st)
{
	arena *a = &snap->mem;
	snap->docs_page = "liza-go";   /* docs/systems/liza-go.md: today's Liza's checks */
	snap->tasks = arena_alloc(a, (st->ntasks + 1) * sizeof *snap->tasks);
	for (size_t i = 0; i < st->ntasks; i++) {
		const lg_task *t = &st->tasks[i];
		lw_task *m = &snap->tasks[snap->ntasks++];
		m->system = "liza";
		m->id = t->id;
		const char *d = t->description;
		m->title = d ? arena_strndup(a, d, strcspn(d, "\r\n")) : NULL;
		m->status = t->status ? t->status : "?";
		m->lane = lane_of(t->st.cat);
		m->assignee = t->st.cat == LGC_REVIEWING || t->st.cat == LGC_REVIEWING2 ? t->reviewing_by : t->assigned_to;
		m->iteration = (int)t->iteration;
		m->iteration_max = (int)lizago_iteration_limit(st, t);
		m->review_cycles = (int)t->review_cycles_current;
		m->review_max = (int)lizago_review_limit(st);
		m->awaiting_operator = t->st.cat == LGC_REVIEWING || t->st.cat == LGC_REVIEWING2;
		/* since it entered the status it waits in (models.TimeInStatus) */
		m->waiting_since = m->awaiting_operator ? t->status_since : LW_NO_TIME;
		m->revision = t->review_commit;
		m->path = st->state_path;
		m->node = t->node;
		m->status_since = t->status_since;
		m->tx = st->tx;
		m->spec = t->spec_ref;
		m->depends = t->depends_on;
		m->ndepends = t->ndepends_on;
		m->badge = badge(a, t);
	}
	snap->agents = arena_alloc(a, (st->nagents + 1) * sizeof *snap->agents);
	for (size_t i = 0; i < st->nagents; i++) {
		const lg_agent *ag = &st->agents[i];
		lw_agent *m = &snap->agents[snap->nagents++];
		m->system = "liza";
		m->id = ag->id;
		m->role = ag->role;
		m->status = ag->health && strcmp(ag->health, "degraded") == 0
		            ? arena_printf(a, "%s degraded", ag->status ? ag->status : "?") : ag->status;
		m->task = ag->current_task;
		m->heartbeat = ag->heartbeat;
		m->node = ag->node;
		m->lease_expires = ag->lease_expires;
		m->provider = ag->provider;
		m->health = ag->health && strcmp(ag->health, "ok") != 0 ? ag->health : NULL;
		m->health_reason = ag->health_reason;
		/* What brings it back, when Liza's health record says. */
		const doc_node *hr = doc_get(doc_get(st->root, "agent_health"), ag->id);
		m->hint = doc_str(doc_get(hr, "recovery_hint")) ? doc_str(doc_get(hr, "recovery_hint"))
		                                                : doc_str(doc_get(hr, "hint"));
		long long pid;
		m->pid = doc_int(doc_get(doc_deref(ag->node), "pid"), &pid) == DOC_OK ? pid : 0;
		m->inbox = -1;
	}
	snap->workflows = arena_alloc(a, sizeof *snap->workflows);
	lw_workflow *w = &snap->workflows[snap->nworkflows++];
	w->system = "liza";
	w->name = st->sprint_id ? st->sprint_id : st->goal_id ? st->goal_id : "goal";
	w->phase = st->sprint_status ? st->sprint_status : st->goal_status ? st->goal_status : "-";
	size_t done = 0, planned = st->nsprint_planned;
	for (size_t i = 0; i < st->ntasks; i++)
		if (!planned)
			done += lizago_terminal(st->tasks[i].status);
	for (size_t j = 0; j < planned; j++) {
		const lg_task *t = lizago_find_task(st, st->sprint_planned[j]);
		done += t && lizago_terminal(t->status);
	}
	w->iteration = (int)done;
	w->max = (int)(planned ? planned : st->ntasks);
	bool cb = (st->cb_status && strcmp(st->cb_status, "TRIGGERED") == 0) || st->cb_trigger ||
	          (st->config.mode && strcmp(st->config.mode, "CIRCUIT_BREAKER_TRIPPED") == 0);
	const char *mode = st->config.mode && strcmp(st->config.mode, "RUNNING") != 0 ? st->config.mode : "";
	size_t degraded = 0;
	for (size_t i = 0; i < st->nagents; i++)
		degraded += st->agents[i].health && strcmp(st->agents[i].health, "degraded") == 0;
	char deg[32] = "";
	if (degraded)
		snprintf(deg, sizeof deg, "%s%zu degraded", *mode || cb ? " " : "", degraded);
	const char *flags = arena_printf(a, "%s%s%s%s", mode, *mode && cb ? " " : "", cb ? "CB" : "", deg);
	/* The sprint's figures follow, as Liza's TUI heads its tasks: blocked, approval rate. */
	char fig[64];
	lizago_sprint_figures(st, fig, sizeof fig);
	w->flags = arena_printf(a, "%s%s%s", flags, *flags && fig[0] ? " " : "", fig);
	bool autoresume = false;
	doc_bool(doc_get(doc_get(st->root, "config"), "auto_resume"), &autoresume);
	w->state = LW_WF_RUN_MODE | (!strcmp(mode, "PAUSED") ? LW_WF_PAUSED : 0) |
	           (!strcmp(mode, "STOPPED") ? LW_WF_ABORTED : 0) |
	           (st->sprint_status && !strcmp(st->sprint_status, "CHECKPOINT") ? LW_WF_CHECKPOINT : 0) |
	           (autoresume ? LW_WF_AUTO_RESUME : 0);
	w->node = st->root;
	/* The status line: the sprint's progress and what stops or slows the
	 * team (its mode, the circuit breaker, degraded agents), and a missing
	 * pipeline.yaml, which Liza's own validator rejects. */
	snap->status_segment = arena_printf(a, "sprint %d/%d%s%s%s", w->iteration, w->max, flags[0] ? " " : "",
	                                    flags, st->pipeline_missing ? " no pipeline.yaml" : "");
}

static int cmp_task(const void *a, const void *b)
{
	return strcmp((*(const lg_task *const *)a)->id, (*(const lg_task *const *)b)->id);
}

int lizago_load(const char *dir, const char *state_path, doc *d, lw_snapshot *snap, lw_error *err)
{
	arena *a = &snap->mem;
	lizago_state *st = arena_alloc(a, sizeof *st);
	st->dir = arena_strdup(a, dir);
	st->state_path = arena_strdup(a, state_path);
	char p[LW_PATH_MAX];
	st->log_path = arena_strdup(a, lw_path_join(p, sizeof p, dir, "log.yaml"));
	const doc_node *root = doc_deref(d->root);
	if (!doc_is_map(root)) {
		lw_error_set(err, state_path, 1, 1, "state.yaml must be a mapping (version, goal, tasks, agents, …)");
		return -1;
	}
	st->root = root;
	st->state_doc = d;
	const doc_node *tasks = doc_get(root, "tasks");
	if (tasks && !doc_is_null(tasks) && !doc_is_seq(tasks)) {
		doc_pos pos = doc_where(d, tasks);
		lw_error_set(err, state_path, pos.line, pos.col, "tasks must be a list");
		return -1;
	}
	lw_error perr;
	lw_error_clear(&perr);
	int prc = lizago_pipeline_load(dir, a, &st->pipeline, &perr);
	if (prc <= 0)
		st->pipeline = lg_embedded_pipeline;
	st->pipeline_missing = prc == 0;
	st->tx = lizago_txtable(&st->pipeline, a);   /* the embedded pipeline's: built once */
	if (prc < 0) {
		char msg[1200];
		st->pipeline_error = arena_strdup(a, lw_error_format(&perr, msg, sizeof msg));
		st->pipeline_unread = perr.code != NULL;
		if (perr.code)
			lw_snapshot_unread(snap, "pipeline", &perr);
	}
	st->version = num(root, "version", 0);
	const doc_node *goal = doc_get(root, "goal");
	st->goal_id = str(goal, "id");
	st->goal_status = str(goal, "status");
	st->goal_created = when(goal, "created");
	st->tasks = arena_alloc(a, (doc_len(tasks) + 1) * sizeof *st->tasks);
	size_t i = 0;
	for (const doc_node *t = doc_seq_first(tasks); t; t = t->next, i++)
		if (doc_is_map(doc_deref(t)))
			load_task(a, st, &st->tasks[st->ntasks++], t, i);
	st->by_id = arena_alloc(a, (st->ntasks + 1) * sizeof *st->by_id);
	for (size_t k = 0; k < st->ntasks; k++)
		st->by_id[k] = &st->tasks[k];
	qsort(st->by_id, st->ntasks, sizeof *st->by_id, cmp_task);
	load_agents(a, st, root);
	overlay_liveness(a, st, dir, snap);
	st->discovered = doc_get(root, "discovered");
	st->anomalies = doc_get(root, "anomalies");
	st->quarantined = doc_get(root, "quarantined_verdicts");
	const doc_node *sp = doc_get(root, "sprint");
	st->sprint_id = str(sp, "id");
	st->sprint_status = str(sp, "status");
	st->sprint_planned = strv(a, doc_get(doc_get(sp, "scope"), "planned"), &st->nsprint_planned);
	st->sprint_deadline = when(doc_get(sp, "timeline"), "deadline");
	const doc_node *cb = doc_get(root, "circuit_breaker");
	st->cb_status = str(cb, "status");
	const doc_node *trig = doc_get(cb, "current_trigger");
	st->cb_trigger = doc_is_map(trig);
	st->cb_pattern = str(trig, "pattern");
	st->cb_severity = str(trig, "severity");
	const doc_node *c = doc_get(root, "config");
	st->config.max_coder_iterations = num(c, "max_coder_iterations", 0);
	st->config.max_review_cycles = num(c, "max_review_cycles", 0);
	st->config.heartbeat_interval = num(c, "heartbeat_interval", 0);
	st->config.lease_duration = num(c, "lease_duration", 0);
	st->config.mode = str(c, "mode");
	st->config.integration_branch = str(c, "integration_branch");
	load_log(st, snap);
	lizago_between_load(snap, st);
	snap->sys = st;
	project_model(snap, st);
	return 0;
}
