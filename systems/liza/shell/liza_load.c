/* liza_load.c — `.liza/` files into a liza_state and the neutral model.
 *
 * Structure that makes the file unusable (not a mapping, `tasks` not a list)
 * fails the load, so the HUD keeps the last good snapshot. A field of the
 * wrong type is a problem, not a failure: it is reported as invalid_state at
 * its file:line:col and read as absent, so one bad value does not blank the
 * board. Unknown keys are ignored. */
#include "systems/liza/shell/liza_load.h"
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_index.h"
#include "systems/liza/shell/liza_records.h"
#include "systems/liza/shell/liza_reuse.h"
#include "systems/liza/shell/liza_tx.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include "core/util/timeparse.h"
#include "core/model/check_emit.h"
#include "core/model/field.h"
#include "core/model/snapshot_file.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct ld {
	field f;                  /* the problems' snapshot, file, subject; positions through the doc */
	field_index idx;          /* a task's keys, hashed once (f.index) */
	arena *a;
} ld;

static liza_strv get_strv(ld *l, const doc_node *map, const char *key)
{
	liza_strv sv = { 0 };
	sv.v = field_strv(&l->f, map, key, &sv.n);
	if (sv.v)
		sv.node = field_get(&l->f, map, key);
	return sv;
}

static liza_event_kind event_kind(const char *e)
{
	return !e ? LE_OTHER : strcmp(e, "claimed") == 0 ? LE_CLAIMED : strcmp(e, "approved") == 0 ? LE_APPROVED
	     : strcmp(e, "rejected") == 0 ? LE_REJECTED : LE_OTHER;
}

static void load_history(ld *l, liza_task *t, const doc_node *task)
{
	const doc_node *h = field_seq(&l->f, task, "history");
	if (!h)
		return;
	t->history = arena_alloc(l->a, doc_len(h) * sizeof *t->history + 1);
	for (const doc_node *e = doc_seq_first(h); e; e = e->next) {
		const doc_node *m = doc_deref(e);
		if (m->kind != DOC_MAP) {
			field_bad_type(&l->f, "history entry", m, "a mapping");
			continue;
		}
		liza_event *ev = &t->history[t->nhistory++];
		ev->node = m;
		ev->time = field_time(&l->f, m, "time");
		ev->event = field_str(&l->f, m, "event");
		ev->kind = event_kind(ev->event);
		ev->agent = field_str(&l->f, m, "agent");
		ev->reason = field_str(&l->f, m, "reason");
	}
}

/* Which of the fields the invariants ask about the task has. */
static unsigned presence(const ld *l, const doc_node *task)
{
	unsigned bits = 0;
	for (int f = 0; f < LF_COUNT; f++) {
		const doc_node *v = field_get(&l->f, task, liza_field_name(f));
		if (v && !doc_is_null(v))
			bits |= 1u << f;
	}
	return bits;
}

static int load_task(ld *l, liza_task *t, const doc_node *n, size_t index)
{
	size_t problems = l->f.snap->nproblems;
	t->node = n;
	field_index_keys(&l->f, n);
	t->present = presence(l, n);
	/* The subject is this task's before its id is read: a problem with the
	 * id itself (not text) is the task's, under the id it is given. */
	const doc_node *idv = field_get(&l->f, n, "id");
	const char *made = NULL;
	if (!idv || doc_is_null(idv) || idv->kind != DOC_SCALAR)
		made = arena_printf(l->a, "tasks[%zu]", index);
	l->f.subject = made ? made : idv->u.scalar.str;
	t->id = field_str(&l->f, n, "id");
	if ((t->id_made = !t->id))
		t->id = made;
	t->title = field_str(&l->f, n, "title");
	t->description = field_str(&l->f, n, "description");
	t->status_raw = field_str(&l->f, n, "status");
	t->status = liza_status_parse(t->status_raw);
	t->priority = field_int(&l->f, n, "priority", LIZA_UNSET);
	t->iteration = field_int(&l->f, n, "iteration", 0);
	t->review_cycles_current = field_int(&l->f, n, "review_cycles_current", 0);
	t->review_cycles_total = field_int(&l->f, n, "review_cycles_total", 0);
	t->max_iterations = field_limit(&l->f, n, "max_iterations", LIZA_UNSET);
	t->assigned_to = field_str(&l->f, n, "assigned_to");
	t->worktree = field_str(&l->f, n, "worktree");
	t->base_commit = field_str(&l->f, n, "base_commit");
	t->review_commit = field_str(&l->f, n, "review_commit");
	t->reviewing_by = field_str(&l->f, n, "reviewing_by");
	t->approved_by = field_str(&l->f, n, "approved_by");
	t->rejection_reason = field_str(&l->f, n, "rejection_reason");
	t->merge_commit = field_str(&l->f, n, "merge_commit");
	t->blocked_reason = field_str(&l->f, n, "blocked_reason");
	t->spec_ref = field_str(&l->f, n, "spec_ref");
	t->done_when = field_str(&l->f, n, "done_when");
	t->rescope_reason = field_str(&l->f, n, "rescope_reason");
	t->created = field_time(&l->f, n, "created");
	t->lease_expires = field_time(&l->f, n, "lease_expires");
	t->review_lease_expires = field_time(&l->f, n, "review_lease_expires");
	t->integration_fix = field_bool(&l->f, n, "integration_fix") > 0;
	t->handoff_pending = field_bool(&l->f, n, "handoff_pending") > 0;
	t->depends_on = get_strv(l, n, "depends_on");
	t->failed_by = get_strv(l, n, "failed_by");
	t->blocked_questions = get_strv(l, n, "blocked_questions");
	t->superseded_by = get_strv(l, n, "superseded_by");
	load_history(l, t, n);
	l->idx.map = NULL;
	t->problems = l->f.snap->nproblems - problems;
	return 0;
}

static void load_agent(ld *l, liza_agent *ag, const doc_node *key, const doc_node *val)
{
	ag->id = doc_str(key) ? doc_str(key) : "?";
	ag->node = val;
	l->f.subject = ag->id;
	if (!doc_is_map(val)) {
		if (!doc_is_null(val))
			field_bad_type(&l->f, ag->id, val, "a mapping");
		return;
	}
	val = doc_deref(val);
	ag->role = field_str(&l->f, val, "role");
	ag->status = field_str(&l->f, val, "status");
	/* Scripts write current_task; some docs say task. Accept both. */
	ag->current_task = field_str(&l->f, val, "current_task");
	if (!ag->current_task)
		ag->current_task = field_str(&l->f, val, "task");
	ag->lease_expires = field_time(&l->f, val, "lease_expires");
	ag->heartbeat = field_time(&l->f, val, "heartbeat");
}

static void load_sprint(ld *l, liza_state *st, const doc_node *root)
{
	l->f.subject = "sprint";
	const doc_node *sp = field_map(&l->f, root, "sprint");
	st->sprint = sp;
	st->sprint_deadline = LW_NO_TIME;
	if (!sp)
		return;
	st->sprint_id = field_str(&l->f, sp, "id");
	st->sprint_goal_ref = field_str(&l->f, sp, "goal_ref");
	st->sprint_status = field_str(&l->f, sp, "status");
	const doc_node *scope = field_map(&l->f, sp, "scope");
	st->sprint_planned = get_strv(l, scope, "planned");
	st->sprint_stretch = get_strv(l, scope, "stretch");
	const doc_node *tl = field_map(&l->f, sp, "timeline");
	st->sprint_deadline = field_time(&l->f, tl, "deadline");
}

static void load_config(ld *l, liza_state *st, const doc_node *root)
{
	l->f.subject = "config";
	const doc_node *c = field_map(&l->f, root, "config");
	st->config.max_coder_iterations = field_limit(&l->f, c, "max_coder_iterations", 10);
	st->config.max_review_cycles = field_limit(&l->f, c, "max_review_cycles", 5);
	st->config.heartbeat_interval = field_limit(&l->f, c, "heartbeat_interval", 60);
	st->config.lease_duration = field_limit(&l->f, c, "lease_duration", 1800);
}

static void load_lists(ld *l, liza_state *st, const doc_node *root)
{
	l->f.subject = "discovered";
	const doc_node *d = field_seq(&l->f, root, "discovered");
	st->discovered = arena_alloc(l->a, (doc_len(d) + 1) * sizeof *st->discovered);
	for (const doc_node *i = doc_seq_first(d); i; i = i->next) {
		const doc_node *m = doc_deref(i);
		if (m->kind != DOC_MAP) {
			field_bad_type(&l->f, "discovered item", m, "a mapping");
			continue;
		}
		liza_discovery *x = &st->discovered[st->ndiscovered++];
		x->node = m;
		x->id = field_str(&l->f, m, "id");
		x->urgency = field_str(&l->f, m, "urgency");
		x->converted_to_task = field_str(&l->f, m, "converted_to_task");
		x->description = field_str(&l->f, m, "description");
	}
	l->f.subject = "handoff";
	const doc_node *h = field_map(&l->f, root, "handoff");
	st->handoffs = arena_alloc(l->a, (doc_len(h) + 1) * sizeof *st->handoffs);
	for (const doc_node *k = doc_map_first(h); k; k = doc_map_next(k)) {
		liza_handoff *x = &st->handoffs[st->nhandoffs++];
		x->task = doc_str(k) ? doc_str(k) : "?";
		x->node = doc_deref(k->next);
		x->has_summary = doc_str(doc_get(x->node, "summary")) != NULL;
		x->has_next_action = doc_str(doc_get(x->node, "next_action")) != NULL;
	}
}

/* A load error at node n, where n lies in the file. */
static void fail_at(const ld *l, lw_error *err, const doc_node *n, const char *what)
{
	doc_pos p = doc_where(l->f.d, n);
	lw_error_set(err, l->f.path, p.line, p.col, "%s", what);
}

/* After a one-task edit (doc_reparse_item), every other task is taken from
 * prev as it loaded there, when it raised no problem (a problem's message
 * names a line, which the edit may have moved: such a task loads again).
 * A task's typed form depends on its own nodes alone, which the patched
 * tree shares with prev's, so this equals loading it. */
typedef struct task_reuse {
	const liza_state *prev;
	size_t changed;           /* the task re-parsed */
} task_reuse;

static int load_tasks(ld *l, liza_state *st, const doc_node *tasks, const task_reuse *reuse, lw_error *err)
{
	if (reuse && reuse->prev->ntasks != doc_len(tasks))
		reuse = NULL;
	st->tasks = arena_alloc(l->a, (doc_len(tasks) + 1) * sizeof *st->tasks);
	size_t index = 0;
	for (const doc_node *i = doc_seq_first(tasks); i; i = i->next, index++) {
		const doc_node *m = doc_deref(i);
		if (m->kind != DOC_MAP) {
			char what[64];
			snprintf(what, sizeof what, "tasks[%zu] must be a mapping", index);
			fail_at(l, err, m, what);
			return -1;
		}
		liza_task *t = &st->tasks[st->ntasks++];
		const liza_task *was = reuse && index != reuse->changed ? &reuse->prev->tasks[index] : NULL;
		if (was && !was->problems)
			liza_task_reuse(l->a, t, was, m);
		else
			load_task(l, t, m, index);
	}
	if (reuse)
		liza_index_tasks_after(&st->tasks_by_id, l->a, st, reuse->prev, reuse->changed);
	else
		liza_index_tasks_in(&st->tasks_by_id, l->a, st);
	return 0;
}

static int load_state(ld *l, liza_state *st, const doc *d, const task_reuse *reuse, lw_error *err)
{
	l->f.d = d;
	const doc_node *root = doc_deref(d->root);
	if (!root || doc_is_null(root)) {
		lw_error_set(err, l->f.path, 1, 1, "state.yaml is empty (a Liza state is a mapping: version, goal, tasks, …)");
		return -1;
	}
	if (root->kind != DOC_MAP) {
		fail_at(l, err, root, root->kind == DOC_SEQ
		                          ? "state.yaml must be a mapping (version, goal, tasks, agents, …), not a list"
		                          : "state.yaml must be a mapping (version, goal, tasks, agents, …), not a single value");
		return -1;
	}
	st->root = root;
	const doc_node *tasks = doc_get(root, "tasks");
	if (tasks && !doc_is_null(tasks) && tasks->kind != DOC_SEQ) {
		fail_at(l, err, tasks, "tasks must be a list");
		return -1;
	}
	const doc_node *agents = doc_get(root, "agents");
	if (agents && !doc_is_null(agents) && agents->kind != DOC_MAP) {
		fail_at(l, err, agents, "agents must be a mapping by agent id");
		return -1;
	}
	/* Version 1 is the only schema the Liza scripts write: another is read
	 * as best we can, and said, so no check is off without a word. */
	l->f.subject = "version";
	const doc_node *vn = field_get(&l->f, root, "version");
	long long version;
	const char *vs = doc_str(vn);   /* an integer or a string, upstream says */
	if (vn && !(doc_int(vn, &version) == DOC_OK ? version == 1 : vs && strcmp(vs, "1") == 0)) {
		doc_pos p = doc_where(l->f.d, vn);
		doc_node at = { .line = p.line, .col = p.col };
		lw_snapshot_problem(l->f.snap, "version", "unknown_schema", l->f.path, &at,
		                    "version %s is not a Liza schema this reads (1); checks may miss what it changed",
		                    vs ? vs : "(not a value)");
	}
	l->f.subject = "goal";
	const doc_node *goal = field_map(&l->f, root, "goal");
	st->goal_id = field_str(&l->f, goal, "id");
	st->goal_status = field_str(&l->f, goal, "status");
	st->goal_description = field_str(&l->f, goal, "description");

	if (load_tasks(l, st, tasks, reuse, err) < 0)
		return -1;
	st->agents = arena_alloc(l->a, (doc_len(agents) + 1) * sizeof *st->agents);
	for (const doc_node *k = doc_map_first(agents); k; k = doc_map_next(k))
		load_agent(l, &st->agents[st->nagents++], doc_deref(k), k->next);
	load_lists(l, st, root);
	load_sprint(l, st, root);
	l->f.subject = "circuit_breaker";
	st->circuit_status = field_str(&l->f, field_map(&l->f, root, "circuit_breaker"), "status");
	load_config(l, st, root);
	return 0;
}

/* log.yaml is only ever appended to and can grow large; the checks need the
 * number of entries and the newest timestamp, so it is streamed, never built
 * into a tree. */
enum { LOG_KEY_DEPTH = 16, LOG_KEY_WIDTH = 32 };

typedef struct log_scan {
	ld *l;
	liza_state *st;
	lw_error *err;
	bool root_seen, want_time;
	liza_rec_ring *ring;      /* the newest entries, for the activity feed */
	/* What doc_parse refuses and the stream does not see: an alias (maybe
	 * unknown), a key twice in one mapping. Keys of the open mappings are
	 * kept as hashes; a deeper or wider mapping than this counts as not
	 * plain (a transition then parses the log whole). */
	bool not_plain;
	unsigned nkeys[LOG_KEY_DEPTH];
	unsigned keys[LOG_KEY_DEPTH][LOG_KEY_WIDTH];
} log_scan;

/* A duplicated key, an alias, or a shape too big to tell: not plain. */
static void log_plain_track(log_scan *s, const doc_event *ev)
{
	if (s->not_plain)
		return;
	if (ev->kind == DOC_EV_ALIAS) {
		s->not_plain = true;
		return;
	}
	if (ev->kind == DOC_EV_MAP) {
		if (ev->depth + 1 >= LOG_KEY_DEPTH)
			s->not_plain = true;
		else
			s->nkeys[ev->depth + 1] = 0;
		return;
	}
	if (ev->kind != DOC_EV_SCALAR || !ev->is_key)
		return;
	unsigned d = ev->depth, h = doc_key_hash(ev->str, ev->len);
	if (d >= LOG_KEY_DEPTH || s->nkeys[d] >= LOG_KEY_WIDTH) {
		s->not_plain = true;
		return;
	}
	for (unsigned i = 0; i < s->nkeys[d]; i++)
		if (s->keys[d][i] == h) {
			s->not_plain = true;   /* the same key twice, or a hash collision: either way, parse whole */
			return;
		}
	s->keys[d][s->nkeys[d]++] = h;
}

static int log_event(const doc_event *ev, void *ctx)
{
	log_scan *s = ctx;
	log_plain_track(s, ev);
	if (ev->depth == 0 && ev->kind != DOC_EV_END) {
		s->root_seen = true;
		bool null_root = ev->kind == DOC_EV_SCALAR && ev->plain &&
		                 (ev->len == 0 || strcmp(ev->str, "~") == 0 || strcmp(ev->str, "null") == 0);
		if (ev->kind != DOC_EV_SEQ && !null_root) {
			lw_error_set(s->err, s->l->f.path, ev->line, ev->col, "log.yaml must be a list of entries");
			return -1;
		}
		return 0;
	}
	if (ev->depth == 1 && ev->kind != DOC_EV_END) {
		s->st->log_entries++;
		if (s->ring)
			liza_rec_ring_entry(s->ring);
	}
	if (ev->depth != 2 || ev->kind != DOC_EV_SCALAR)
		return 0;
	if (ev->is_key) {
		int cls = liza_rec_key(ev->str, ev->len);
		s->want_time = cls == LIZA_REC_TIME;
		if (s->ring)
			liza_rec_ring_key(s->ring, cls);
		return 0;
	}
	bool timed = s->want_time;
	s->want_time = false;
	time_t t = LW_NO_TIME;
	bool ok = timed && lw_parse_time(ev->str, &t) == 0;
	if (s->ring)
		liza_rec_ring_value(s->ring, ev->str, ev->len, ok ? t : LW_NO_TIME);
	if (!timed)
		return 0;
	if (ok) {
		if (s->st->log_newest == LW_NO_TIME || t > s->st->log_newest)
			s->st->log_newest = t;
	} else if (!(ev->plain && (ev->len == 0 || strcmp(ev->str, "null") == 0 || strcmp(ev->str, "~") == 0))) {
		doc_node at = { .line = ev->line, .col = ev->col };
		lw_snapshot_problem(s->l->f.snap, "log", "types", s->l->f.path, &at,
		                    "timestamp must be an ISO 8601 time, not \"%.40s\"", ev->str);
	}
	return 0;
}

static int load_log(ld *l, liza_state *st, const char *buf, size_t len, lw_error *err)
{
	st->has_log = true;
	st->log_entries = 0;
	st->log_newest = LW_NO_TIME;
	size_t problems = l->f.snap->nproblems;
	liza_rec_ring ring;
	liza_rec_ring_init(&ring);
	log_scan s = { .l = l, .st = st, .err = err, .ring = &ring };
	int rc = doc_stream(buf, len, l->f.path, NULL, log_event, &s, err);
	liza_rec_ring_done(&ring, l->a, NULL, 0, &st->log_records, &st->nlog_records);
	st->log_problems = l->f.snap->nproblems - problems;
	st->log_ends_nl = len && buf[len - 1] == '\n';
	st->log_plain = rc == 0 && !s.not_plain;
	return rc;
}

static bool same_time(struct timespec a, struct timespec b) { return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec; }

/* The appended tail alone, when it is provably a continuation of the list:
 * the old text ended a line and the new text starts a top-level "- " item.
 * Any doubt (or a problem in the tail) returns -1 and the caller parses the
 * whole file, so the result always equals a full parse. */
static int load_log_tail(ld *l, liza_state *st, const liza_state *prev, const char *buf, size_t len)
{
	size_t old = (size_t)prev->log_stat.size;
	if (!prev->log_ends_nl || prev->log_problems || old >= len || buf[old] != '-' ||
	    (old + 1 < len && buf[old + 1] != ' ' && buf[old + 1] != '\n' && buf[old + 1] != '\r'))
		return -1;
	liza_state tail = { 0 };
	tail.log_newest = LW_NO_TIME;
	size_t problems = l->f.snap->nproblems;
	lw_error ignored;
	lw_error_clear(&ignored);
	liza_rec_ring ring;
	liza_rec_ring_init(&ring);
	log_scan s = { .l = l, .st = &tail, .err = &ignored, .ring = &ring };
	if (doc_stream(buf + old, len - old, l->f.path, NULL, log_event, &s, &ignored) < 0 ||
	    l->f.snap->nproblems != problems) {
		l->f.snap->nproblems = problems;   /* the full parse will report them, at the right line */
		liza_rec_ring_done(&ring, l->a, NULL, 0, &st->log_records, &st->nlog_records);
		return -1;
	}
	/* The entries before the tail are prev's; the tail's follow them. */
	liza_rec_ring_done(&ring, l->a, prev->log_records, prev->nlog_records, &st->log_records, &st->nlog_records);
	st->has_log = true;
	st->log_entries = prev->log_entries + tail.log_entries;
	st->log_newest = prev->log_newest;
	if (tail.log_newest != LW_NO_TIME && (st->log_newest == LW_NO_TIME || tail.log_newest > st->log_newest))
		st->log_newest = tail.log_newest;
	st->log_problems = 0;
	st->log_ends_nl = buf[len - 1] == '\n';
	st->log_plain = prev->log_plain && !s.not_plain;
	return 0;
}

static void remember_stat(liza_state *st, const struct stat *sb)
{
	st->log_stat.dev = sb->st_dev;
	st->log_stat.ino = sb->st_ino;
	st->log_stat.size = sb->st_size;
	st->log_stat.mtime = sb->st_mtim;
	st->log_stat.ctime = sb->st_ctim;
}

/* Is state.yaml exactly the file prev parsed? Same inode, size, mtime and
 * ctime: a rename, an in-place write or a truncation changes one of them. */
bool liza_load_unchanged(const void *prev_sys, const struct stat *sb)
{
	const liza_state *prev = prev_sys;
	return prev && S_ISREG(sb->st_mode) && prev->state_stat.ino == sb->st_ino &&
	       prev->state_stat.dev == sb->st_dev && prev->state_stat.size == sb->st_size &&
	       same_time(prev->state_stat.mtime, sb->st_mtim) && same_time(prev->state_stat.ctime, sb->st_ctim);
}

/* A log that does not read or parse is one alert about the log, never the
 * whole board: the tasks and every alert state.yaml raises stay. It counts
 * as no log (no entries, no newest time), and as a problem, so the next
 * load reads it whole again. */
static int log_broken(ld *l, liza_state *st, lw_error *err)
{
	lw_snapshot_unread(l->f.snap, "log", err);
	lw_error_clear(err);
	st->has_log = st->log_ends_nl = st->log_plain = false;
	st->log_entries = 0;
	st->log_newest = LW_NO_TIME;
	st->log_problems = 1;
	return 0;
}

/* log.yaml, read as little as provably gives the same result as a full read. */
static int load_log_file(ld *l, liza_state *st, const liza_state *prev, lw_error *err)
{
	struct stat sb;
	/* st may start as a copy of prev (a shared state.yaml): start clean. */
	st->has_log = st->log_ends_nl = st->log_plain = false;
	st->log_entries = st->log_problems = 0;
	st->log_records = NULL;
	st->nlog_records = 0;
	memset(&st->log_stat, 0, sizeof st->log_stat);
	st->log_newest = LW_NO_TIME;
	if (lw_stat(st->log_path, &sb, LW_STAT_FULL) < 0) {
		lw_snapshot_dangling(l->f.snap, st->log_path, "log");   /* a link to nothing says so */
		return 0;   /* missing: no log */
	}
	bool same_file = prev && prev->has_log && prev->log_stat.dev == sb.st_dev && prev->log_stat.ino == sb.st_ino;
	if (same_file && S_ISREG(sb.st_mode) && prev->log_stat.size == sb.st_size &&
	    same_time(prev->log_stat.mtime, sb.st_mtim) && same_time(prev->log_stat.ctime, sb.st_ctim) &&
	    !prev->log_problems) {
		st->has_log = true;
		st->log_entries = prev->log_entries;
		st->log_newest = prev->log_newest;
		st->log_ends_nl = prev->log_ends_nl;
		st->log_plain = prev->log_plain;
		st->log_stat = prev->log_stat;
		liza_records_copy(l->a, prev->log_records, prev->nlog_records, &st->log_records, &st->nlog_records);
		return 0;
	}
	char *buf;
	size_t len;
	int rc = lw_read_file(st->log_path, doc_default_limits.max_bytes, &buf, &len, err);
	if (rc == LW_READ_MISSING)
		return 0;
	if (rc != LW_READ_OK)
		return log_broken(l, st, err);
	l->f.path = st->log_path;
	l->f.snap->state_bytes += len;
	/* Remember the size actually read: a write between stat() and read()
	 * is then seen as a change next time (its mtime differs too). */
	sb.st_size = (off_t)len;
	if (same_file && prev->log_stat.size < (off_t)len && load_log_tail(l, st, prev, buf, len) == 0)
		rc = 0;
	else
		rc = load_log(l, st, buf, len, err);
	free(buf);
	if (rc < 0)
		return log_broken(l, st, err);
	remember_stat(st, &sb);
	return 0;
}

/* Marker files: presence, and the time they speak of. CHECKPOINT's first
 * line is its timestamp; empty (or unreadable) falls back to the mtime. */
static void load_markers(ld *l, liza_state *st, const char *dir)
{
	char p[LW_PATH_MAX];
	struct stat sb;
	/* A marker linked to nothing is no marker, as for the scripts' test,
	 * but says so (dangling_link): someone meant one to be there. */
	if ((st->paused = lw_exists(lw_path_join(p, sizeof p, dir, "PAUSE"), &sb)))
		st->pause_since = sb.st_mtime;
	else
		lw_snapshot_dangling(l->f.snap, p, "PAUSE");
	if ((st->aborted = lw_exists(lw_path_join(p, sizeof p, dir, "ABORT"), &sb)))
		st->abort_since = sb.st_mtime;
	else
		lw_snapshot_dangling(l->f.snap, p, "ABORT");
	if (!lw_exists(lw_path_join(p, sizeof p, dir, "CHECKPOINT"), &sb))
		lw_snapshot_dangling(l->f.snap, p, "CHECKPOINT");
	else {
		st->checkpoint = true;
		st->checkpoint_at = sb.st_mtime;
		char *buf;
		size_t len;
		lw_error err;
		int rc = lw_read_file(p, 4096, &buf, &len, &err);
		if (rc == LW_READ_ERROR && err.code)   /* a FIFO, permissions: the time falls back to the mtime */
			lw_snapshot_unread(l->f.snap, "CHECKPOINT", &err);
		if (rc == LW_READ_OK) {
			buf[strcspn(buf, "\r\n")] = '\0';
			char *s = buf;
			while (*s == ' ' || *s == '\t')
				s++;
			time_t t;
			if (*s && lw_parse_time(s, &t) == 0)
				st->checkpoint_at = t;
			else if (*s)
				lw_snapshot_problem(l->f.snap, "CHECKPOINT", "checkpoint", p, NULL,
				                    "line 1 is not an ISO 8601 time; using the file's mtime");
			free(buf);
		}
	}
}

/* ---- projection into the neutral model ---- */
static lw_lane lane_of(liza_status s)
{
	switch (s) {
	case LS_DRAFT: return LANE_BACKLOG;
	case LS_UNCLAIMED: return LANE_READY;
	case LS_CLAIMED: case LS_REJECTED: case LS_INTEGRATION_FAILED: return LANE_ACTIVE;
	case LS_READY_FOR_REVIEW: case LS_APPROVED: return LANE_REVIEW;
	case LS_BLOCKED: case LS_UNKNOWN: return LANE_BLOCKED;
	default: return LANE_DONE;
	}
}

static const char *first_line(arena *a, const char *s)
{
	if (!s)
		return NULL;
	size_t n = strcspn(s, "\r\n");
	return s[n] ? arena_strndup(a, s, n) : s;   /* one line already: the doc's string lives as long */
}

/* A reused task's card title: prev's, when that was the file's own string
 * (a one-line title, the usual case: no need to scan it again), else made
 * again (prev's copy goes with prev). */
static const char *card_title(arena *a, const liza_task *t, const lw_task *was)
{
	const char *text = t->title ? t->title : t->description;
	if (was && was->title == text)
		return text;
	return first_line(a, text);
}

static void project_model(lw_snapshot *snap, const liza_state *st, const lw_snapshot *prev_snap,
                          const task_reuse *reuse)
{
	arena *a = &snap->mem;
	bool same_tasks = reuse && prev_snap->ntasks == st->ntasks;
	snap->tasks = arena_alloc(a, (st->ntasks + 1) * sizeof *snap->tasks);
	for (size_t i = 0; i < st->ntasks; i++) {
		const liza_task *t = &st->tasks[i];
		lw_task *m = &snap->tasks[snap->ntasks++];
		m->system = "liza";
		m->id = t->id;
		m->title = card_title(a, t, same_tasks && i != reuse->changed ? &prev_snap->tasks[i] : NULL);
		m->status = t->status_raw ? t->status_raw : "?";
		m->lane = lane_of(t->status);
		m->assignee = t->assigned_to;
		long long cliff = t->max_iterations != LIZA_UNSET ? t->max_iterations : st->config.max_coder_iterations;
		m->iteration = (int)t->iteration;
		m->iteration_max = (int)cliff;
		m->review_cycles = (int)t->review_cycles_current;
		m->review_max = (int)st->config.max_review_cycles;
		m->awaiting_operator = t->status == LS_READY_FOR_REVIEW;
		/* Submitting for review is the newest history entry of a task in review. */
		m->waiting_since = m->awaiting_operator && t->nhistory ? t->history[t->nhistory - 1].time : LW_NO_TIME;
		m->revision = t->review_commit;
		m->path = st->state_path;
		m->node = t->node;
		/* The newest history entry is when it took its status, when Liza wrote one. */
		m->status_since = t->nhistory ? t->history[t->nhistory - 1].time : LW_NO_TIME;
		m->worktree = t->worktree;
		m->spec = t->spec_ref;
		m->depends = t->depends_on.v;
		m->ndepends = t->depends_on.n;
		m->tx = &liza_tx_table;   /* the generation's table (liza_gen.h) */
	}
	snap->agents = arena_alloc(a, (st->nagents + 1) * sizeof *snap->agents);
	for (size_t i = 0; i < st->nagents; i++) {
		const liza_agent *ag = &st->agents[i];
		lw_agent *m = &snap->agents[snap->nagents++];
		m->system = "liza";
		m->id = ag->id;
		m->role = ag->role;
		m->status = ag->status;
		m->task = ag->current_task;
		m->heartbeat = ag->heartbeat;
		m->lease_expires = ag->lease_expires;
		m->inbox = -1;
		m->node = ag->node;
	}
	liza_records_project(snap, st->log_records, st->nlog_records, st->root);
	snap->workflows = arena_alloc(a, sizeof *snap->workflows);
	lw_workflow *w = &snap->workflows[snap->nworkflows++];
	w->system = "liza";
	w->name = st->goal_id ? st->goal_id : "goal";
	w->phase = st->sprint_status ? st->sprint_status : st->goal_status ? st->goal_status : "-";
	size_t done = 0;
	for (size_t i = 0; i < st->ntasks; i++)
		done += liza_status_terminal(st->tasks[i].status);
	w->iteration = (int)done;
	w->max = (int)st->ntasks;
	w->flags = arena_printf(a, "%s%s%s", st->paused ? "PAUSED " : "", st->aborted ? "ABORT " : "",
	                        st->checkpoint ? "CHECKPOINT" : "");
	w->state = (st->paused ? LW_WF_PAUSED : 0) | (st->aborted ? LW_WF_ABORTED : 0) |
	           (st->checkpoint ? LW_WF_CHECKPOINT : 0);
	w->node = st->root;
}

int liza_shell_load(const liza_read *in, lw_snapshot *prev_snap, lw_snapshot *snap, lw_error *err)
{
	const liza_state *prev = prev_snap ? prev_snap->sys : NULL;
	liza_state *st = arena_alloc(&snap->mem, sizeof *st);
	task_reuse reuse = { .prev = prev }, *reusing = NULL;
	ld l = { .f = { .snap = snap, .mem = &snap->mem }, .a = &snap->mem };
	l.f.index = &l.idx;
	char p[LW_PATH_MAX];

	bool state_same = !in->d;   /* liza_load_unchanged said so (liza_gen.c) */
	if (state_same) {
		/* Only the log or a marker changed: stand on prev's parse. Its
		 * typed tasks, problems and nodes stay valid while it lives.
		 * They live in the snapshot that parsed state.yaml: prev itself,
		 * or prev's base when prev stood on one too. Stand on that one,
		 * never on prev, or every log-only reload would keep all the
		 * earlier snapshots alive (found by the soak: RSS grew ~16 KB
		 * per log append while state.yaml stayed the same). */
		lw_snapshot_set_base(snap, prev_snap->base ? prev_snap->base : prev_snap);
		*st = *prev;
		st->log_problems = 0;
		for (size_t i = 0; i < prev_snap->nproblems; i++)
			if (strcmp(prev_snap->problems[i].subject, "log") != 0 &&
			    strcmp(prev_snap->problems[i].subject, "CHECKPOINT") != 0 &&
			    strcmp(prev_snap->problems[i].subject, "PAUSE") != 0 &&
			    strcmp(prev_snap->problems[i].subject, "ABORT") != 0)   /* all read again below */
				lw_snapshot_problem_copy(snap, &prev_snap->problems[i]);
		snap->state_bytes = (size_t)in->sb.st_size;
	} else {
		/* Read and parsed once, by liza_load (liza_gen.c); a patched
		 * parse (one task parsed again) takes every other task from prev. */
		st->state_path = in->state_path;
		if (in->patched && prev) {
			reuse.changed = in->changed;
			reusing = &reuse;
		}
		st->state_doc = in->d;
		l.f.path = st->state_path;
		if (load_state(&l, st, in->d, reusing, err) < 0)
			return -1;
		/* The stat of what was read: a write after stat() shows as a
		 * change next time, because its mtime differs. */
		if (in->have_stat && (size_t)in->sb.st_size == in->len) {
			st->state_stat.dev = in->sb.st_dev;
			st->state_stat.ino = in->sb.st_ino;
			st->state_stat.size = in->sb.st_size;
			st->state_stat.mtime = in->sb.st_mtim;
			st->state_stat.ctime = in->sb.st_ctim;
		}
	}

	st->log_path = arena_strdup(&snap->mem, lw_path_join(p, sizeof p, in->dir, "log.yaml"));
	if (load_log_file(&l, st, prev, err) < 0)
		return -1;
	st->paused = st->aborted = st->checkpoint = false;
	load_markers(&l, st, in->dir);
	snap->sys = st;
	project_model(snap, st, prev_snap, reusing);
	/* Tell the activity diff which task can differ from prev's (none when
	 * state.yaml is the very file prev parsed). */
	if (prev_snap && prev_snap->ntasks == snap->ntasks && (reusing || state_same)) {
		snap->tasks_reused = true;
		snap->task_changed = reusing ? reuse.changed : SIZE_MAX;
	}
	return 0;
}
