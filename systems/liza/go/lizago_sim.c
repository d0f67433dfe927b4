/* lizago_sim.c — the demo's simulated team on a project of today's Liza:
 * coders claim, work and submit, reviewers claim reviews and give verdicts
 * (through the same path as the operator's, so quorums and counters move as
 * Liza moves them), approved work is merged, and every agent keeps its
 * heartbeat. Each tick takes one step under .liza/state.yaml.lock and
 * decides from what it has just read. */
#include "systems/liza/go/lizago_sim.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "systems/liza/go/lizago_tx.h"
#include "systems/liza/liza_log.h"
#include "core/store/store.h"
#include "core/commit/txfile.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct step {
	const char *root;
	time_t now;
	sim_rng *rng;
	char line[300];
	char task[96], agent[96];
	int kind;
} step;

enum { K_BEAT, K_CLAIM, K_WORK, K_SUBMIT, K_REVIEW, K_MERGE, K_RECLAIM, K_DRAFT };

static const doc_node *task_in(const doc_node *root, const char *cat_status, const lg_pipeline *p, lg_cat want,
                               sim_rng *rng)
{
	(void)cat_status;
	const doc_node *found[64];
	size_t n = 0;
	for (const doc_node *i = doc_seq_first(doc_get(root, "tasks")); i && n < 64; i = i->next) {
		const doc_node *t = doc_deref(i);
		if (lizago_resolve(p, doc_str(doc_get(t, "status"))).cat == want)
			found[n++] = t;
	}
	return n ? found[sim_below(rng, (unsigned)n)] : NULL;
}

/* An agent of role that holds no task, or NULL. */
static const char *idle_agent(const doc_node *root, const char *role)
{
	for (const doc_node *k = doc_map_first(doc_get(root, "agents")); k; k = doc_map_next(k)) {
		const doc_node *a = doc_deref(k->next);
		const char *r = doc_str(doc_get(a, "role"));
		if (r && role && strcmp(r, role) == 0 && doc_is_null(doc_get(a, "current_task")))
			return doc_str(doc_deref(k));
	}
	return NULL;
}

static int set_agent(editor *ed, const doc_node *root, const char *id, const char *status, const char *task,
                     const char *lease)
{
	const doc_node *a = doc_get(doc_get(root, "agents"), id);
	if (!doc_is_map(a))
		return 0;
	a = doc_deref(a);
	int e = edit_set_scalar(ed, a, "status", edit_str(status));
	e |= edit_set_scalar(ed, a, "current_task", task ? edit_str(task) : edit_null());
	e |= edit_set_scalar(ed, a, "lease_expires", lease ? edit_str(lease) : edit_null());
	return e;
}

static tx_rc apply(const doc *d, editor *ed, void *ctx, tx_result *res)
{
	step *s = ctx;
	const doc_node *root = doc_deref(d->root);
	if (liza_detect(d) != LIZA_GEN_GO) {
		tx_set(res, TX_DENIED, "not today's Liza");
		return TX_DENIED;
	}
	arena a;
	arena_init(&a);
	lg_pipeline p;
	lw_error perr;
	char dir[LW_PATH_MAX];
	snprintf(dir, sizeof dir, "%s", s->root);
	if (lizago_pipeline_load(dir, &a, &p, &perr) <= 0)
		p = lg_embedded_pipeline;
	char ts[32], lease[32], commit[48];
	lw_format_time(s->now, ts, sizeof ts);
	lw_format_time(s->now + 1800, lease, sizeof lease);
	int e = 0;
	tx_rc rc = TX_DONE;
	const doc_node *t = NULL;
	const lg_pair *pair = NULL;
	const char *id = NULL;
	/* a doer's await-verdict sees the verdict and releases its row (Liza
	 * allows the WAITING row for two minutes after a verdict): this tick's step */
	int kind = s->kind;
	const doc_node *rework = NULL;
	for (const doc_node *k = doc_map_first(doc_get(root, "agents")); k; k = doc_map_next(k)) {
		const doc_node *ag = doc_deref(k->next);
		const char *aid = doc_str(doc_deref(k)), *cur = doc_str(doc_get(ag, "current_task"));
		const char *ast = doc_str(doc_get(ag, "status"));
		if (!aid || !cur || !ast || strcmp(ast, "WAITING") != 0)
			continue;
		const doc_node *wt = NULL;
		for (const doc_node *i = doc_seq_first(doc_get(root, "tasks")); i && !wt; i = i->next)
			if (doc_str(doc_get(doc_deref(i), "id")) && strcmp(doc_str(doc_get(doc_deref(i), "id")), cur) == 0)
				wt = doc_deref(i);
		lg_cat cat = wt ? lizago_resolve(&p, doc_str(doc_get(wt, "status"))).cat : LGC_UNKNOWN;
		if (cat == LGC_SUBMITTED || cat == LGC_REVIEWING || cat == LGC_REVIEWING2 || cat == LGC_PARTIAL)
			continue;
		if (cat == LGC_REJECTED) {
			/* rejected: it takes its task back at once */
			kind = K_RECLAIM;
			rework = wt;
			break;
		}
		e |= set_agent(ed, root, aid, "IDLE", NULL, NULL);
		snprintf(s->agent, sizeof s->agent, "%s", aid);
		snprintf(s->line, sizeof s->line, "%s sees the verdict on %s", aid, cur);
		kind = -1;
		break;
	}
	switch (kind) {
	case K_CLAIM:
	case K_RECLAIM:
		t = rework ? rework : task_in(root, NULL, &p, kind == K_CLAIM ? LGC_INITIAL : LGC_REJECTED, s->rng);
		if (!t)
			break;
		id = doc_str(doc_get(t, "id"));
		pair = lizago_pair_find(&p, doc_str(doc_get(t, "role_pair")));
		if (!pair || !id)
			break;
		const char *who = kind == K_RECLAIM ? doc_str(doc_get(t, "assigned_to")) : idle_agent(root, pair->doer);
		if (!who)
			break;
		long long it = 0;
		doc_int(doc_get(t, "iteration"), &it);
		char wt[160];
		snprintf(wt, sizeof wt, ".worktrees/%s", id);
		char full[LW_PATH_MAX], proj[LW_PATH_MAX];
		snprintf(proj, sizeof proj, "%s/..", s->root);
		mkdir(lw_path_join(full, sizeof full, proj, ".worktrees"), 0755);
		mkdir(lw_path_join(full, sizeof full, proj, wt), 0755);
		sim_hex(s->rng, commit, 7);
		e |= edit_set_scalar(ed, t, "status", edit_str(pair->state[LGC_EXECUTING]));
		e |= edit_set_scalar(ed, t, "assigned_to", edit_str(who));
		e |= edit_set_scalar(ed, t, "worktree", edit_str(wt));
		if (doc_is_null(doc_get(t, "base_commit")))
			e |= edit_set_scalar(ed, t, "base_commit", edit_str(commit));
		e |= edit_set_scalar(ed, t, "lease_expires", edit_str(lease));
		e |= edit_set_scalar(ed, t, "iteration", edit_int(it + 1));
		edit_pair h[] = { { "time", edit_str(ts) }, { "event", edit_str(kind == K_CLAIM ? "claimed" : "reclaimed_after_rejection") },
		                  { "agent", edit_str(who) } };
		e |= edit_append_item(ed, t, "history", h, 3);
		e |= set_agent(ed, root, who, "WORKING", id, lease);
		snprintf(s->agent, sizeof s->agent, "%s", who);
		snprintf(s->line, sizeof s->line, "%s claims %s (%s)", who, id, pair->state[LGC_EXECUTING]);
		break;
	case K_SUBMIT:
		t = task_in(root, NULL, &p, LGC_EXECUTING, s->rng);
		if (!t || !(id = doc_str(doc_get(t, "id"))) || !(pair = lizago_pair_find(&p, doc_str(doc_get(t, "role_pair")))))
			break;
		sim_hex(s->rng, commit, 40);
		e |= edit_set_scalar(ed, t, "status", edit_str(pair->state[LGC_SUBMITTED]));
		e |= edit_set_scalar(ed, t, "review_commit", edit_str(commit));
		edit_pair h2[] = { { "time", edit_str(ts) }, { "event", edit_str("submitted_for_review") },
		                   { "agent", edit_str(doc_str(doc_get(t, "assigned_to"))) } };
		e |= edit_append_item(ed, t, "history", h2, 3);
		/* Liza's submit records the handoff its validator asks of every later status */
		edit_pair hs[] = { { "timestamp", edit_str(ts) }, { "agent", edit_str(doc_str(doc_get(t, "assigned_to"))) },
		                   { "trigger", edit_str("submission") } };
		e |= edit_append_item(ed, t, "handoff_events", hs, 3);
		if (doc_str(doc_get(t, "assigned_to")))
			e |= set_agent(ed, root, doc_str(doc_get(t, "assigned_to")), "WAITING", id, lease);
		snprintf(s->agent, sizeof s->agent, "%s", doc_str(doc_get(t, "assigned_to")) ? doc_str(doc_get(t, "assigned_to")) : "?");
		snprintf(s->line, sizeof s->line, "%s submits %s for review", s->agent, id);
		break;
	case K_REVIEW: {
		t = task_in(root, NULL, &p, sim_chance(s->rng, 50) ? LGC_SUBMITTED : LGC_PARTIAL, s->rng);
		if (!t || !(id = doc_str(doc_get(t, "id"))) || !(pair = lizago_pair_find(&p, doc_str(doc_get(t, "role_pair")))))
			break;
		bool second = lizago_resolve(&p, doc_str(doc_get(t, "status"))).cat == LGC_PARTIAL;
		const char *to = second && pair->state[LGC_REVIEWING2] ? pair->state[LGC_REVIEWING2] : pair->state[LGC_REVIEWING];
		/* an idle reviewer that has not approved it yet */
		const char *rev = NULL;
		for (const doc_node *k = doc_map_first(doc_get(root, "agents")); k && !rev; k = doc_map_next(k)) {
			const doc_node *ag = doc_deref(k->next);
			const char *r = doc_str(doc_get(ag, "role")), *aid = doc_str(doc_deref(k));
			if (!r || !pair->reviewer || strcmp(r, pair->reviewer) != 0 || !doc_is_null(doc_get(ag, "current_task")))
				continue;
			bool voted = false;
			for (const doc_node *v = doc_seq_first(doc_get(t, "approvals")); v; v = v->next)
				voted |= doc_str(doc_get(doc_deref(v), "agent")) && strcmp(doc_str(doc_get(doc_deref(v), "agent")), aid) == 0;
			if (!voted)
				rev = aid;
		}
		if (!rev)
			break;
		e |= edit_set_scalar(ed, t, "status", edit_str(to));
		e |= edit_set_scalar(ed, t, "reviewing_by", edit_str(rev));
		e |= edit_set_scalar(ed, t, "review_lease_expires", edit_str(lease));
		e |= set_agent(ed, root, rev, "REVIEWING", id, lease);
		snprintf(s->agent, sizeof s->agent, "%s", rev);
		snprintf(s->task, sizeof s->task, "%s", id);
		snprintf(s->line, sizeof s->line, "%s claims the review of %s (%s)", rev, id, to);
		break;
	}
	case K_MERGE:
		t = task_in(root, NULL, &p, LGC_APPROVED, s->rng);
		if (!t || !(id = doc_str(doc_get(t, "id"))))
			break;
		sim_hex(s->rng, commit, 40);
		e |= edit_set_scalar(ed, t, "status", edit_str("MERGED"));
		e |= edit_set_scalar(ed, t, "merge_commit", edit_str(commit));
		e |= edit_set_scalar(ed, t, "worktree", edit_null());
		edit_pair h3[] = { { "time", edit_str(ts) }, { "event", edit_str("merged") },
		                   { "agent", edit_str(doc_str(doc_get(t, "assigned_to"))) }, { "commit", edit_str(commit) } };
		e |= edit_append_item(ed, t, "history", h3, 4);
		edit_pair hc[] = { { "timestamp", edit_str(ts) }, { "agent", edit_str(doc_str(doc_get(t, "assigned_to"))) },
		                   { "trigger", edit_str("completion") } };
		e |= edit_append_item(ed, t, "handoff_events", hc, 3);
		/* the doer's row, unless it has moved on to other work since the verdict */
		const char *doer = doc_str(doc_get(t, "assigned_to"));
		const char *its = doer ? doc_str(doc_get(doc_get(doc_get(root, "agents"), doer), "current_task")) : NULL;
		if (doer && (!its || strcmp(its, id) == 0))
			e |= set_agent(ed, root, doer, "IDLE", NULL, NULL);
		snprintf(s->agent, sizeof s->agent, "%s", doer ? doer : "?");
		snprintf(s->line, sizeof s->line, "%s merges %s", s->agent, id);
		break;
	case K_DRAFT: {
		size_t n = doc_len(doc_get(root, "tasks"));
		char nid[32], desc[64];
		snprintf(nid, sizeof nid, "code-%zu", n + 1);
		snprintf(desc, sizeof desc, "Follow-up %zu", n + 1);
		edit_pair nt[] = { { "id", edit_str(nid) }, { "type", edit_str("coding") }, { "role_pair", edit_str("coding-pair") },
		                   { "description", edit_str(desc) }, { "status", edit_str("DRAFT_CODE") }, { "priority", edit_int(3) },
		                   { "spec_ref", edit_str("specs/vision.md") }, { "done_when", edit_str("it works") },
		                   { "scope", edit_str("cli") }, { "created", edit_str(ts) } };
		e |= edit_append_item(ed, root, "tasks", nt, 10);
		snprintf(s->agent, sizeof s->agent, "orchestrator");
		snprintf(s->task, sizeof s->task, "%s", nid);
		snprintf(s->line, sizeof s->line, "orchestrator adds %s", nid);
		break;
	}
	default:
		break;
	}
	if (id)
		snprintf(s->task, sizeof s->task, "%s", id);
	/* heartbeats: every agent this tick left alone */
	for (const doc_node *k = doc_map_first(doc_get(root, "agents")); k; k = doc_map_next(k)) {
		const char *aid = doc_str(doc_deref(k));
		const doc_node *ag = doc_deref(k->next);
		if (doc_is_map(ag) && aid && strcmp(aid, s->agent) != 0 && doc_get_key(ag, "heartbeat")) {
			e |= edit_set_scalar(ed, ag, "heartbeat", edit_str(ts));
			/* the orchestrator's supervisor renews its registration lease
			 * with its heartbeat: Liza's watcher wants one held */
			if (lizago_pipeline_orchestrator(&p, doc_str(doc_get(ag, "role"))) && doc_get_key(ag, "lease_expires"))
				e |= edit_set_scalar(ed, ag, "lease_expires", edit_str(lease));
		}
	}
	if (e) {
		tx_set(res, TX_IO, "the simulated team could not edit state.yaml");
		rc = TX_IO;
	} else {
		tx_set(res, TX_DONE, "%s", s->line);
	}
	arena_free(&a);
	return rc;
}

int lizago_sim_tick(const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err)
{
	step s = { .root = root, .now = now, .rng = rng };
	line[0] = '\0';
	/* verdicts go through the operator's path: quorum and counters as Liza keeps them */
	char path[LW_PATH_MAX], *buf;
	size_t len;
	lw_path_join(path, sizeof path, root, "state.yaml");
	if (lw_read_file(path, doc_default_limits.max_bytes, &buf, &len, err) != LW_READ_OK)
		return -1;
	doc d;
	char who[96] = "", tid[96] = "";
	if (doc_parse(&d, buf, len, path, NULL, err) == 0) {
		for (const doc_node *i = doc_seq_first(doc_get(d.root, "tasks")); i; i = i->next) {
			const doc_node *t = doc_deref(i);
			const char *by = doc_str(doc_get(t, "reviewing_by")), *st = doc_str(doc_get(t, "status"));
			if (by && st && strncmp(st, "REVIEWING", 9) == 0 && !tid[0]) {
				snprintf(who, sizeof who, "%s", by);
				snprintf(tid, sizeof tid, "%s", doc_str(doc_get(t, "id")) ? doc_str(doc_get(t, "id")) : "");
			}
		}
		doc_free(&d);
	}
	free(buf);
	if (tid[0] && sim_chance(rng, 40)) {
		bool ok = sim_chance(rng, 75);
		tx_request rq = { .subject = tid, .event = ok ? "approve" : "reject", .as = who,
		                  .reason = ok ? NULL : "edge cases untested", .now = now };
		tx_result res;
		if (lizago_transition(root, &rq, &res) == TX_DONE) {
			snprintf(line, n, "%s %s %s", who, ok ? "approves" : "rejects", tid);
			return 0;
		}
	}
	static const int kinds[] = { K_CLAIM, K_SUBMIT, K_REVIEW, K_MERGE, K_RECLAIM, K_CLAIM, K_REVIEW, K_DRAFT };
	s.kind = kinds[sim_below(rng, sizeof kinds / sizeof *kinds)];
	if (s.kind == K_DRAFT && !sim_chance(rng, 30))
		s.kind = K_BEAT;
	tx_result res;
	tx_rc rc = txfile_update(path, apply, &s, &res);
	if (rc == TX_IO) {
		lw_error_set(err, path, 0, 0, "%s", res.message);
		return -1;
	}
	if (s.line[0]) {
		snprintf(line, n, "%s", s.line);
		/* the log entry, as Liza's agents append one */
		edit_pair e[4] = { { "timestamp", edit_str(NULL) }, { "agent", edit_str(s.agent) }, { "action", edit_str("sim") },
		                   { "detail", edit_str(s.line) } };
		char ts[32];
		e[0].val = edit_str(lw_format_time(now, ts, sizeof ts));
		store_lock lk;
		char lp[LW_PATH_MAX];
		lw_error lerr;
		if (store_lock_path(path, lp, sizeof lp, &lerr) && store_lock_acquire(&lk, lp, store_lock_timeout_ms(), &lerr) == STORE_OK) {
			liza_log_append(root, e, 4, &lerr);
			store_lock_release(&lk);
		}
	}
	return 0;
}

/* ---- the first tick: the example's clock moved to the present ---- */

typedef struct shift {
	time_t by;
	time_t newest;
} shift;

static void newest_beat(const doc_node *root, time_t *newest)
{
	for (const doc_node *k = doc_map_first(doc_get(root, "agents")); k; k = doc_map_next(k)) {
		time_t t;
		if (doc_time(doc_get(doc_deref(k->next), "heartbeat"), &t) == DOC_OK && t > *newest)
			*newest = t;
	}
}

/* Every timestamp value of a mapping (at any depth, through lists of
 * mappings), moved by sh->by. */
static int shift_map(editor *ed, const doc_node *map, const shift *sh)
{
	int e = 0;
	for (const doc_node *k = doc_map_first(map); k; k = doc_map_next(k)) {
		const doc_node *v = doc_deref(k->next);
		const char *key = doc_str(doc_deref(k));
		time_t t;
		char ts[32];
		if (doc_is_map(v))
			e |= shift_map(ed, v, sh);
		else if (doc_is_seq(v))
			for (const doc_node *i = doc_seq_first(v); i; i = i->next)
				e |= doc_is_map(doc_deref(i)) ? shift_map(ed, doc_deref(i), sh) : 0;
		else if (key && doc_str(v) && strlen(doc_str(v)) >= 20 && doc_time(v, &t) == DOC_OK)
			e |= edit_set_scalar(ed, map, key, edit_str(lw_format_time(t + sh->by, ts, sizeof ts)));
	}
	return e;
}

static tx_rc rebase(const doc *d, editor *ed, void *ctx, tx_result *res)
{
	shift *sh = ctx;
	const doc_node *root = doc_deref(d->root);
	time_t newest = LW_NO_TIME;
	newest_beat(root, &newest);
	if (newest == LW_NO_TIME || newest >= sh->newest) {
		tx_set(res, TX_DENIED, "nothing to move");
		return TX_DENIED;
	}
	sh->by = sh->newest - newest;
	if (shift_map(ed, root, sh)) {
		tx_set(res, TX_IO, "could not move the example's times");
		return TX_IO;
	}
	tx_set(res, TX_DONE, "moved");
	return TX_DONE;
}

int lizago_sim_rebase(const char *root, time_t now, lw_error *err)
{
	char path[LW_PATH_MAX];
	lw_path_join(path, sizeof path, root, "state.yaml");
	shift sh = { .newest = now };
	tx_result res;
	if (txfile_update(path, rebase, &sh, &res) == TX_IO) {
		lw_error_set(err, path, 0, 0, "%s", res.message);
		return -1;
	}
	return 0;
}
