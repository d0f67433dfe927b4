/* test_liza_patch.c — a reload after a one-task edit (the tree patched,
 * every other task taken from the previous snapshot, the id index reused)
 * must give exactly what a load from scratch gives: every field of every
 * task, agent and list, every node's place in the file, every problem,
 * every card of the board and the text of every alert.
 *
 * 10,000 randomized edits of a Liza state (values, statuses, ids, types
 * that raise problems, keys added and removed, history, multi-line titles,
 * edits that break the YAML or reshape the file) are applied in a chain the
 * way the HUD meets them: each written by rename, loaded with the last good
 * snapshot as prev (which then gives way to the new one) and from scratch,
 * and the two compared. Now and then an older snapshot is kept alive longer,
 * so shared memory is freed in both orders. LW_PATCH_STEPS sets the count. */
/* make valgrind: run under memcheck */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_check.h"
#include "systems/liza/shell/liza_tx.h"
#include "systems/liza/shell/liza_index.h"
#include "core/util/strbuf.h"
#include "core/util/timeparse.h"
#include "tests/unit/helper_mutate.h"

enum { NTASKS = 24 };

static char dir[64], liza[96], state_path[128];

static const char *const statuses[] = {
	"DRAFT", "UNCLAIMED", "CLAIMED", "READY_FOR_REVIEW", "REJECTED", "APPROVED", "MERGED", "BLOCKED",
	"ABANDONED", "SUPERSEDED", "INTEGRATION_FAILED", "WHATEVER",
};

static void build_state(strbuf *b, unsigned ntasks)
{
	strbuf_adds(b, "# patch test\nversion: 1\ngoal:\n  id: g-1\n  status: IN_PROGRESS\ntasks:\n");
	for (unsigned t = 0; t < ntasks; t++) {
		const char *st = statuses[t % 11];
		strbuf_printf(b, "  # task %u\n  - id: t%u\n", t, t);
		if (t % 7 == 3)
			strbuf_adds(b, "    title: |\n      first line\n      second line\n");
		else
			strbuf_printf(b, "    title: \"Tâche %u — 日本\"\n", t);
		strbuf_printf(b, "    status: %s   # why not\n    iteration: %u\n    priority: %u\n", st, t % 12, t % 4);
		strbuf_printf(b, "    review_cycles_current: %u\n    created: \"2026-01-20T0%u:00:00Z\"\n", t % 6, t % 10);
		strbuf_adds(b, "    spec_ref: specs/a.md\n    done_when: tests pass\n");
		if (t % 3 == 0)
			strbuf_printf(b, "    depends_on: [t%u]\n", (t * 7 + 1) % ntasks);
		if (t % 5 == 1)
			strbuf_printf(b, "    assigned_to: coder-%u\n    worktree: .wt/t%u\n", t % 4, t);
		if (t % 6 == 2)
			strbuf_adds(b, "    lease_expires: \"2026-01-20T09:30:00Z\"\n    base_commit: abc\n");
		if (t % 8 == 4)
			strbuf_adds(b, "    failed_by: [coder-1, coder-2]\n    handoff_pending: true\n");
		if (t % 9 == 5)
			strbuf_adds(b, "    blocked_reason: \"no spec\\nsecond line\"\n    blocked_questions: [q1]\n");
		strbuf_adds(b, "    history:\n      - time: \"2026-01-20T08:00:00Z\"\n        event: claimed\n"
		               "        agent: coder-1\n");
		if (t % 4 == 0)
			strbuf_adds(b, "      - time: \"2026-01-20T08:30:00Z\"\n        event: approved\n"
			               "        agent: reviewer-1\n");
	}
	strbuf_adds(b, "agents:\n  coder-1:\n    role: coder\n    status: WORKING\n    current_task: t1\n"
	               "    lease_expires: \"2026-01-20T09:00:00Z\"\n    heartbeat: \"2026-01-20T09:55:00Z\"\n"
	               "  coder-2: {role: coder, status: IDLE, heartbeat: \"2026-01-20T08:00:00Z\"}\n"
	               "discovered:\n  - {id: d1, urgency: immediate, description: found it}\n"
	               "  - {id: d2, urgency: someday}\n"
	               "handoff:\n  t4: {summary: s, agent: coder-1}\n  t12: {summary: s, next_action: n}\n"
	               "sprint:\n  id: s-1\n  goal_ref: g-1\n  status: IN_PROGRESS\n"
	               "  scope: {planned: [t1, t2, t99], stretch: [t3]}\n"
	               "  timeline: {deadline: \"2026-01-21T00:00:00Z\"}\n"
	               "circuit_breaker: {status: OK}\n"
	               "config:\n  max_coder_iterations: 10\n  max_review_cycles: 5\n");
}

static const char *const values[] = {
	"x", "\"quoted: yes\"", "12", "0", "null", "~", "", "[a, b]", "{k: v}", "true", "no",
	"\"2026-01-20T09:10:00Z\"", "2026-01-19T10:00:00Z", "yesterday", "t1", "t5", "t39", "coder-1",
	"READY_FOR_REVIEW", "CLAIMED", "MERGED", "BLOCKED", "REJECTED", "APPROVED", "DRAFT", "SUPERSEDED",
	"\"unterminated", "é日本", "|\n      block\n      text", "[t1, t1]", "[t2, t3]",
};

static const char *const added_keys[] = {
	"    worktree: .wt/x\n", "    worktree: null\n", "    assigned_to: coder-2\n", "    depends_on: [t1, t9]\n",
	"    depends_on: t2\n", "    failed_by: [coder-1, coder-1, coder-3]\n", "    handoff_pending: yes\n",
	"    integration_fix: true\n", "    max_iterations: 3\n", "    review_cycles_current: 9\n",
	"    review_commit: def\n", "    rejection_reason: \"bad\\ncode\"\n", "    superseded_by: [t2]\n",
	"    rescope_reason: too big\n", "    merge_commit: m1\n", "    reviewing_by: r1\n",
	"    review_lease_expires: \"2026-01-20T09:00:00Z\"\n", "    iteration: many\n", "    created: soon\n",
	"    history: oops\n", "    depends_on: {a: b}\n", "    title: \"x\\ny\"\n", "    description: one\n",
	"    id: t3\n", "    approved_by: r2\n", "    lease_expires: 2026-01-20T09:00:00Z\n",
};

static const tm_vocab vocab = { values, sizeof values / sizeof *values, added_keys,
	                        sizeof added_keys / sizeof *added_keys };

static void write_log(const char *path)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("- timestamp: \"2026-01-20T09:00:00Z\"\n  agent: coder-1\n  action: x\n", f);
	fclose(f);
}

static void write_state(const char *text, size_t len)
{
	char tmp[160];
	snprintf(tmp, sizeof tmp, "%s.tmp", state_path);
	FILE *f = fopen(tmp, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(rename(tmp, state_path), 0);
}

/* ---- a snapshot as text: everything a reader can see ----
 * (Numbers and strings are appended by hand: printf under ASan would make
 * this test the slowest of the suite.) */
static void put_num(strbuf *b, const char *name, long long v)
{
	char d[24];
	int n = 0;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	do
		d[n++] = (char)('0' + u % 10);
	while ((u /= 10) && n < 24);
	strbuf_addc(b, ' ');
	strbuf_adds(b, name);
	strbuf_addc(b, '=');
	if (v < 0)
		strbuf_addc(b, '-');
	while (n)
		strbuf_addc(b, d[--n]);
}

static void put_str(strbuf *b, const char *name, const char *s)
{
	strbuf_addc(b, ' ');
	strbuf_adds(b, name);
	if (!s) {
		strbuf_adds(b, "=NULL");
		return;
	}
	strbuf_adds(b, "=\"");
	while (*s) {
		size_t run = 0;
		while (s[run] && (unsigned char)s[run] >= 0x20)
			run++;
		strbuf_add(b, s, run);
		s += run;
		if (*s)
			put_num(b, "ctl", (unsigned char)*s++);
	}
	strbuf_addc(b, '"');
}

#define COUNT(v) (sizeof v / sizeof *v)

static void put_strs(strbuf *b, const char *const *names, const char *const *vals, size_t n)
{
	for (size_t i = 0; i < n; i++)
		put_str(b, names[i], vals[i]);
}

static void put_nums(strbuf *b, const char *const *names, const long long *vals, size_t n)
{
	for (size_t i = 0; i < n; i++)
		put_num(b, names[i], vals[i]);
}

static void put_node(strbuf *b, const char *name, const doc *d, const doc_node *n)
{
	if (!n) {
		put_str(b, name, NULL);
		return;
	}
	doc_pos p = doc_where(d, n);
	strbuf_addc(b, ' ');
	strbuf_adds(b, name);
	put_num(b, "kind", n->kind);
	put_num(b, "start", (long long)p.start);
	put_num(b, "end", (long long)p.end);
	put_num(b, "line", p.line);
	put_num(b, "col", p.col);
}

static void put_tree(strbuf *b, const doc *d, const doc_node *n)
{
	put_node(b, "\nn", d, n);
	put_num(b, "style", n->style);
	if (n->kind == DOC_SCALAR)
		put_str(b, "s", n->u.scalar.str);
	else
		put_num(b, "count", (long long)n->u.coll.count);
	if (n->kind == DOC_SEQ || n->kind == DOC_MAP)
		for (const doc_node *k = n->u.coll.first; k; k = k->next)
			put_tree(b, d, k);
}

static void put_strv(strbuf *b, const char *name, const doc *d, const liza_strv *sv)
{
	put_num(b, name, (long long)sv->n);
	for (size_t i = 0; i < sv->n; i++)
		put_str(b, "", sv->v[i]);
	put_node(b, "at", d, sv->node);
}

static void put_task(strbuf *b, const doc *d, const liza_task *t)
{
	put_node(b, "\ntask", d, t->node);
	const char *const names[] = { "id", "title", "description", "status_raw", "assigned_to", "worktree",
		                      "base_commit", "review_commit", "reviewing_by", "approved_by",
		                      "rejection_reason", "merge_commit", "blocked_reason", "spec_ref", "done_when",
		                      "rescope_reason" };
	const char *const vals[] = { t->id, t->title, t->description, t->status_raw, t->assigned_to, t->worktree,
		                     t->base_commit, t->review_commit, t->reviewing_by, t->approved_by,
		                     t->rejection_reason, t->merge_commit, t->blocked_reason, t->spec_ref,
		                     t->done_when, t->rescope_reason };
	put_strs(b, names, vals, COUNT(names));
	const char *const nnames[] = { "status", "priority", "iteration", "rc_current", "rc_total", "max_it",
		                       "created", "lease", "review_lease", "fix", "handoff", "present", "problems",
		                       "id_made" };
	const long long nvals[] = { t->status, t->priority, t->iteration, t->review_cycles_current,
		                    t->review_cycles_total, t->max_iterations, (long long)t->created,
		                    (long long)t->lease_expires, (long long)t->review_lease_expires, t->integration_fix,
		                    t->handoff_pending, t->present, (long long)t->problems, t->id_made };
	put_nums(b, nnames, nvals, COUNT(nnames));
	put_strv(b, "depends_on", d, &t->depends_on);
	put_strv(b, "failed_by", d, &t->failed_by);
	put_strv(b, "blocked_questions", d, &t->blocked_questions);
	put_strv(b, "superseded_by", d, &t->superseded_by);
	put_num(b, "history", (long long)t->nhistory);
	for (size_t i = 0; i < t->nhistory; i++) {
		const liza_event *e = &t->history[i];
		put_num(b, "time", (long long)e->time);
		put_num(b, "kind", e->kind);
		put_str(b, "event", e->event);
		put_str(b, "agent", e->agent);
		put_str(b, "reason", e->reason);
		put_node(b, "at", d, e->node);
	}
}

static void put_state(strbuf *b, const liza_state *st, bool with_tree)
{
	const doc *d = st->state_doc;
	put_num(b, "nodes", (long long)d->nodes);
	put_num(b, "len", (long long)d->len);
	put_num(b, "anchors", d->has_anchors);
	if (with_tree)
		put_tree(b, d, d->root);
	put_node(b, "\nroot", d, st->root);
	for (size_t i = 0; i < st->ntasks; i++)
		put_task(b, d, &st->tasks[i]);
	put_num(b, "\nby_id", (long long)st->tasks_by_id.n);
	for (size_t i = 0; i < st->tasks_by_id.n; i++) {
		put_str(b, "", st->tasks_by_id.v[i].key);
		put_num(b, "", (long long)st->tasks_by_id.v[i].i);
	}
	for (size_t i = 0; i < st->ntasks; i++)   /* every id found, through the hash, at its first entry */
		put_num(b, "find", liza_index_find(&st->tasks_by_id, st->tasks[i].id));
	static const char *const agent_s[] = { "id", "role", "status", "task" }, *const agent_n[] = { "lease", "hb" };
	for (size_t i = 0; i < st->nagents; i++) {
		const liza_agent *a = &st->agents[i];
		put_node(b, "\nagent", d, a->node);
		put_strs(b, agent_s, (const char *const[]){ a->id, a->role, a->status, a->current_task }, 4);
		put_nums(b, agent_n, (const long long[]){ (long long)a->lease_expires, (long long)a->heartbeat }, 2);
	}
	static const char *const disc_s[] = { "id", "urgency", "converted", "description" };
	for (size_t i = 0; i < st->ndiscovered; i++) {
		const liza_discovery *x = &st->discovered[i];
		put_node(b, "\ndiscovered", d, x->node);
		put_strs(b, disc_s, (const char *const[]){ x->id, x->urgency, x->converted_to_task, x->description }, 4);
	}
	static const char *const handoff_n[] = { "summary", "next_action" };
	for (size_t i = 0; i < st->nhandoffs; i++) {
		const liza_handoff *x = &st->handoffs[i];
		put_node(b, "\nhandoff", d, x->node);
		put_str(b, "task", x->task);
		put_nums(b, handoff_n, (const long long[]){ x->has_summary, x->has_next_action }, 2);
	}
	static const char *const sprint_s[] = { "id", "goal_ref", "status", "circuit", "goal_id", "goal_status",
		                                "goal_description" };
	put_node(b, "\nsprint", d, st->sprint);
	put_strs(b, sprint_s, (const char *const[]){ st->sprint_id, st->sprint_goal_ref, st->sprint_status,
	                                             st->circuit_status, st->goal_id, st->goal_status,
	                                             st->goal_description }, 7);
	put_num(b, "deadline", (long long)st->sprint_deadline);
	put_strv(b, "planned", d, &st->sprint_planned);
	put_strv(b, "stretch", d, &st->sprint_stretch);
	const long long nums[] = { st->config.max_coder_iterations, st->config.max_review_cycles,
		                   st->config.heartbeat_interval, st->config.lease_duration, st->has_log,
		                   (long long)st->log_entries, (long long)st->log_newest, (long long)st->log_problems,
		                   st->log_ends_nl, st->paused, st->aborted, st->checkpoint };
	for (size_t i = 0; i < sizeof nums / sizeof *nums; i++)
		put_num(b, "", nums[i]);
}

static void dump(strbuf *b, const lw_snapshot *s, time_t now, bool with_tree)
{
	put_state(b, s->sys, with_tree);
	static const char *const problem_s[] = { "\nproblem", "rule", "message" };
	for (size_t i = 0; i < s->nproblems; i++) {
		const lw_problem *p = &s->problems[i];
		put_strs(b, problem_s, (const char *const[]){ p->subject, p->rule, p->message }, 3);
	}
	const doc *d = ((const liza_state *)s->sys)->state_doc;
	for (size_t i = 0; i < s->ntasks; i++) {
		const lw_task *t = &s->tasks[i];
		static const char *const card_s[] = { "\ncard", "system", "title", "status", "assignee", "revision",
			                              "path" };
		put_strs(b, card_s, (const char *const[]){ t->id, t->system, t->title, t->status, t->assignee,
		                                           t->revision, t->path }, 7);
		const long long nums[] = { t->lane, t->iteration, t->iteration_max, t->review_cycles, t->review_max,
			                   t->awaiting_operator, t->tx != NULL };
		for (size_t k = 0; k < sizeof nums / sizeof *nums; k++)
			put_num(b, "", nums[k]);
		put_node(b, "node", d, t->node);
	}
	for (size_t i = 0; i < s->nagents; i++) {
		put_str(b, "\nagent card", s->agents[i].id);
		put_str(b, "task", s->agents[i].task);
		put_node(b, "node", d, s->agents[i].node);
	}
	for (size_t i = 0; i < s->nworkflows; i++) {
		const lw_workflow *w = &s->workflows[i];
		static const char *const wf_s[] = { "\nworkflow", "phase", "flags" }, *const wf_n[] = { "it", "max" };
		put_strs(b, wf_s, (const char *const[]){ w->name, w->phase, w->flags }, 3);
		put_nums(b, wf_n, (const long long[]){ w->iteration, w->max }, 2);
		put_node(b, "node", d, w->node);
	}
	/* (state_bytes counts the bytes read, which an unchanged log.yaml is not.) */
	/* The alerts in the order the checks made them, keys included. */
	lw_alerts al;
	lw_alerts_init(&al);
	lw_check_ctx c = { .now = now, .next_deadline = LW_NO_TIME, .out = &al };
	liza_check(s->sys, s, &c);
	for (size_t i = 0; i < al.n; i++) {
		const lw_alert *a = &al.v[i];
		static const char *const alert_s[] = { "code", "subject", "key", "message" };
		put_num(b, "\nalert", a->level);
		put_num(b, "since", (long long)a->since);
		put_strs(b, alert_s, (const char *const[]){ a->code, a->subject, a->key, a->message }, 4);
	}
	put_num(b, "\ndeadline", (long long)c.next_deadline);
	lw_alerts_free(&al);
}

static lw_snapshot *load(lw_snapshot *prev, int *rc, lw_error *err)
{
	lw_snapshot *s = lw_snapshot_new();
	lw_error_clear(err);
	*rc = liza_load(liza, prev, s, err);
	return s;
}

/* Where two dumps part, for the failure message. */
static void fail_diff(const char *a, const char *b, int step)
{
	size_t i = 0;
	while (a[i] && a[i] == b[i])
		i++;
	size_t from = i > 160 ? i - 160 : 0;
	fail_msg("step %d: patched load differs from a full load at byte %zu:\n  patched: %.320s\n  full:    %.320s",
	         step, i, a + from, b + from);
}

static void reloads_equal_full_loads(void **state)
{
	(void)state;
	unsigned seed = getenv("LW_PATCH_SEED") ? (unsigned)atoi(getenv("LW_PATCH_SEED")) : 1717;
	int steps = getenv("LW_PATCH_STEPS") ? atoi(getenv("LW_PATCH_STEPS")) : 10000;
	time_t now;
	assert_int_equal(lw_parse_time("2026-01-20T10:00:00Z", &now), 0);
	snprintf(dir, sizeof dir, "/tmp/lw-patch.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(liza, sizeof liza, "%s/.liza", dir);
	snprintf(state_path, sizeof state_path, "%s/state.yaml", liza);
	assert_int_equal(mkdir(liza, 0755), 0);
	char logp[160];
	snprintf(logp, sizeof logp, "%s/log.yaml", liza);
	write_log(logp);

	strbuf cur, next, da, db, good_text;
	strbuf_init(&cur);
	strbuf_init(&good_text);
	strbuf_init(&next);
	strbuf_init(&da);
	strbuf_init(&db);
	build_state(&cur, NTASKS);
	strbuf_add(&good_text, cur.buf, cur.len);
	write_state(cur.buf, cur.len);
	int rc;
	lw_error err, err2;
	lw_snapshot *good = load(NULL, &rc, &err), *held = NULL;
	assert_int_equal(rc, 0);
	int patched = 0, failed = 0;
	bool disk_is_cur = true;   /* state.yaml holds cur's text */
	for (int step = 0; step < steps; step++) {
		if (disk_is_cur && tm_rnd(&seed, 10) == 0) {
			/* Only the log grows: the next snapshot stands on good's parse
			 * (a base), and the next state edit patches through it. */
			strbuf_reset(&next);
			strbuf_add(&next, cur.buf, cur.len);
			FILE *f = fopen(logp, "a");
			assert_non_null(f);
			fprintf(f, "- timestamp: \"2026-01-20T09:%02u:00Z\"\n  agent: coder-2\n  action: y\n", step % 60);
			fclose(f);
		} else {
			tm_mutate(&seed, &cur, &next, &vocab);
			write_state(next.buf, next.len);
		}
		disk_is_cur = true;
		int frc, irc;
		lw_snapshot *full = load(NULL, &frc, &err);
		lw_snapshot *inc = load(good, &irc, &err2);
		if (frc != irc)
			fail_msg("step %d: full load %d, patched load %d (%s / %s)", step, frc, irc, err.msg, err2.msg);
		if (frc < 0) {
			char m1[1200], m2[1200];
			lw_error_format(&err, m1, sizeof m1);
			lw_error_format(&err2, m2, sizeof m2);
			assert_string_equal(m1, m2);
			lw_snapshot_free(full);
			lw_snapshot_free(inc);
			failed++;
			/* The HUD keeps the last good snapshot. Mostly the edit is
			 * undone; sometimes the text moves on from the broken one,
			 * so good lags several edits behind (a later edit may repair
			 * it, and the next load is then no one-task patch of good). */
			if (tm_rnd(&seed, 8) == 0) {
				strbuf_reset(&cur);
				strbuf_add(&cur, next.buf, next.len);
			} else {
				disk_is_cur = false;
				if (tm_rnd(&seed, 3) == 0) {   /* back to the last text that loaded */
					strbuf_reset(&cur);
					strbuf_add(&cur, good_text.buf, good_text.len);
				}
			}
			continue;
		}
		patched += ((const liza_state *)inc->sys)->state_doc->posmap != NULL;
		strbuf_reset(&da);
		strbuf_reset(&db);
		dump(&da, inc, now, step % 16 == 0);
		dump(&db, full, now, step % 16 == 0);
		if (da.len != db.len || memcmp(da.buf, db.buf, da.len) != 0)
			fail_diff(da.buf, db.buf, step);
		lw_snapshot_free(full);
		if (!held && tm_rnd(&seed, 4) == 0) {
			held = good;   /* freed after the snapshots that share its nodes */
		} else {
			lw_snapshot_free(good);
			if (held && tm_rnd(&seed, 4) == 0) {
				lw_snapshot_free(held);
				held = NULL;
			}
		}
		good = inc;
		strbuf_reset(&cur);
		strbuf_add(&cur, next.buf, next.len);
		strbuf_reset(&good_text);
		strbuf_add(&good_text, next.buf, next.len);
		/* Far from the start text, start again: the edits would wear it down to nothing. */
		if (step % 500 == 499) {
			strbuf_reset(&cur);
			build_state(&cur, NTASKS);
			write_log(logp);
			disk_is_cur = false;
		}
	}
	print_message("liza patch test: %d edits, %d loaded from a patched tree, %d failed to load\n", steps, patched,
	              failed);
	assert_true(patched > steps / 4);   /* the fast path is really taken */
	lw_snapshot_free(good);
	lw_snapshot_free(held);
	strbuf_free(&cur);
	strbuf_free(&next);
	strbuf_free(&da);
	strbuf_free(&db);
	strbuf_free(&good_text);
	unlink(state_path);
	unlink(logp);
	rmdir(liza);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reloads_equal_full_loads),
	};
	return cmocka_run_group_tests_name("liza_patch", tests, NULL, NULL);
}
