/* test_sim_liza.c — the demo's simulated Liza team, one tick at a time on a
 * copy of examples/ with a clock the test moves: the state always parses
 * and loads, no invariant of liza-validate.sh ever breaks (no
 * invalid_state), statuses move only along docs/systems/liza.md's transitions, a
 * task always waits in review for the operator, the team really works
 * (verdicts, merges, new drafts, alert moments), a seed replays a run byte
 * for byte, and the team lives with the operator's own writes (approve,
 * reject, block, pause, abort) and with a lock held by someone else. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/util/fileio.h"
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_check.h"
#include "systems/liza/shell/liza_tx.h"
#include "core/store/store.h"
#include "core/util/timeparse.h"
#include "systems/liza/shell/liza_sim.h"

#define T0 "2026-11-22T08:00:00Z"

typedef struct fx {
	char base[256], proj[300], liza[320];
	sim_team team;
} fx;

static void examples_dir(char *out, size_t n)
{
	const char *f = getenv("LW_FIXTURES");   /* tests/fixtures: examples/ is two up */
	snprintf(out, n, "%s/../../examples", f && *f ? f : "tests/fixtures");
}

static void fx_open(fx *x, uint64_t seed)
{
	memset(x, 0, sizeof *x);
	const char *tmp = getenv("TMPDIR");
	snprintf(x->base, sizeof x->base, "%s/lw-sim-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	assert_non_null(mkdtemp(x->base));
	snprintf(x->proj, sizeof x->proj, "%s/p", x->base);
	snprintf(x->liza, sizeof x->liza, "%s/.liza", x->proj);
	char ex[512], src[600], dst[600];
	examples_dir(ex, sizeof ex);
	lw_error err;
	lw_error_clear(&err);
	/* Only the Liza part of the bundled project: these tests are about its team. */
	snprintf(src, sizeof src, "%s/.liza", ex);
	snprintf(dst, sizeof dst, "%s/.liza", x->proj);
	assert_int_equal(mkdir(x->proj, 0755), 0);
	assert_int_equal(sim_tree_copy(src, dst, &err), 0);
	/* and what liza-validate.sh looks for beside it: spec files, worktrees */
	static const char *const beside[] = { "specs", ".worktrees" };
	for (size_t i = 0; i < 2; i++) {
		snprintf(src, sizeof src, "%s/%s", ex, beside[i]);
		snprintf(dst, sizeof dst, "%s/%s", x->proj, beside[i]);
		assert_int_equal(sim_tree_copy(src, dst, &err), 0);
	}
	assert_int_equal(sim_team_open(&x->team, x->proj, seed, &err), 0);
	assert_int_equal(x->team.n, 1);
}

static void fx_close(fx *x)
{
	lw_error err;
	sim_team_close(&x->team);
	sim_tree_remove(x->base, &err);
}

static void fail_on_report(const char *line, void *ctx)
{
	(void)ctx;
	if (strstr(line, "tick failed")) {
		print_error("%s\n", line);
		fail();
	}
}

static void tick(fx *x, time_t now)
{
	assert_int_equal(sim_team_tick(&x->team, now, fail_on_report, NULL), 0);
}

static char *slurp(const char *dir, const char *name)
{
	char p[512], *buf;
	size_t n;
	lw_error err;
	snprintf(p, sizeof p, "%s/%s", dir, name);
	assert_int_equal(lw_read_file(p, 1u << 24, &buf, &n, &err), LW_READ_OK);
	return buf;
}

/* ---- a loaded, checked view of the state ---- */

typedef struct view {
	lw_snapshot *snap;
	const liza_state *st;
	lw_alerts al;
} view;

static void view_load(view *v, const fx *x, time_t now)
{
	v->snap = lw_snapshot_new();
	lw_error err;
	lw_error_clear(&err);
	if (liza_load(x->liza, NULL, v->snap, &err) < 0) {
		char m[1200];
		print_error("load failed: %s\n", lw_error_format(&err, m, sizeof m));
		fail();
	}
	v->st = v->snap->sys;
	lw_alerts_init(&v->al);
	lw_check_ctx ctx = { .now = now, .next_deadline = LW_NO_TIME, .out = &v->al };
	liza_check(v->st, v->snap, &ctx);   /* ends with liza_invariants */
	for (size_t i = 0; i < v->snap->nproblems; i++)
		print_error("problem: %s\n", v->snap->problems[i].message);
	assert_int_equal(v->snap->nproblems, 0);
	for (size_t i = 0; i < v->al.n; i++)
		if (strcmp(v->al.v[i].code, "invalid_state") == 0 || strcmp(v->al.v[i].code, "parse_error") == 0) {
			print_error("%s %s: %s\n", v->al.v[i].code, v->al.v[i].subject, v->al.v[i].message);
			fail();
		}
}

static void view_free(view *v)
{
	lw_alerts_free(&v->al);
	lw_snapshot_free(v->snap);
}

static bool has_alert(const view *v, const char *code)
{
	for (size_t i = 0; i < v->al.n; i++)
		if (strcmp(v->al.v[i].code, code) == 0)
			return true;
	return false;
}

static size_t count_status(const liza_state *st, liza_status s)
{
	size_t n = 0;
	for (size_t i = 0; i < st->ntasks; i++)
		n += st->tasks[i].status == s;
	return n;
}

/* ---- statuses remembered between ticks ---- */

typedef struct seen {
	char id[64];
	liza_status status;
} seen;

typedef struct memo {
	seen v[512];
	size_t n;
} memo;

static void memo_take(memo *m, const liza_state *st)
{
	assert_true(st->ntasks <= 512);
	m->n = st->ntasks;
	for (size_t i = 0; i < st->ntasks; i++) {
		snprintf(m->v[i].id, sizeof m->v[i].id, "%s", st->tasks[i].id);
		m->v[i].status = st->tasks[i].status;
	}
}

/* docs/systems/liza.md, "transitions". */
static bool allowed(liza_status from, liza_status to)
{
	if (from == to)
		return true;
	switch (from) {
	case LS_DRAFT: return to == LS_UNCLAIMED;
	case LS_UNCLAIMED: return to == LS_CLAIMED;
	case LS_CLAIMED: return to == LS_READY_FOR_REVIEW || to == LS_BLOCKED || to == LS_UNCLAIMED;
	case LS_READY_FOR_REVIEW: return to == LS_APPROVED || to == LS_REJECTED;
	case LS_REJECTED: return to == LS_CLAIMED;
	case LS_APPROVED: return to == LS_MERGED || to == LS_INTEGRATION_FAILED;
	case LS_BLOCKED: return to == LS_UNCLAIMED || to == LS_SUPERSEDED || to == LS_ABANDONED;
	case LS_INTEGRATION_FAILED: return to == LS_CLAIMED;
	default: return false;
	}
}

static void memo_check(const memo *m, const liza_state *st)
{
	for (size_t i = 0; i < st->ntasks; i++) {
		const liza_task *t = &st->tasks[i];
		const seen *before = NULL;
		for (size_t k = 0; k < m->n && !before; k++)
			if (strcmp(m->v[k].id, t->id) == 0)
				before = &m->v[k];
		if (!before) {
			if (t->status != LS_DRAFT) {
				print_error("new task %s appeared as %s, not DRAFT\n", t->id, t->status_raw);
				fail();
			}
			continue;
		}
		if (!allowed(before->status, t->status)) {
			print_error("%s moved %s -> %s\n", t->id, liza_status_name(before->status), t->status_raw);
			fail();
		}
	}
	assert_true(st->ntasks >= m->n);   /* nothing is ever deleted */
}

/* ---- tests ---- */

/* Durability is the store tests' business; here fsync only costs time
 * (thousands of ticks, four fsyncs each). */
static int no_fsync(int fd)
{
	(void)fd;
	return 0;
}


typedef struct tally {
	unsigned verdicts, merges, claims, alerts_seen, creeps;
	size_t tasks_at_start, tasks_at_end;
} tally;

static const char *const moments[] = { "blocked", "handoff_pending", "immediate_discovery",
	                               "hypothesis_exhaustion", "iterations_warning", "review_cycles_warning" };

static void run(uint64_t seed, int ticks, tally *t)
{
	fx x;
	fx_open(&x, seed);
	memset(t, 0, sizeof *t);
	time_t now = 0;
	lw_parse_time(T0, &now);
	memo m;
	view v;
	view_load(&v, &x, now);
	memo_take(&m, v.st);
	t->tasks_at_start = v.st->ntasks;
	view_free(&v);
	bool seen_moment[sizeof moments / sizeof *moments] = { false };
	sim_rng clock;
	sim_rng_seed(&clock, seed ^ 0xc10c);
	for (int i = 0; i < ticks; i++) {
		tick(&x, now);
		view_load(&v, &x, now);
		memo_check(&m, v.st);
		/* The reviewer never takes the last task waiting: the operator's. */
		assert_true(count_status(v.st, LS_READY_FOR_REVIEW) >= 1);
		for (size_t k = 0; k < sizeof moments / sizeof *moments; k++)
			seen_moment[k] |= has_alert(&v, moments[k]);
		/* an iteration crept to the warning on a task that did not start there */
		for (size_t k = 0; k < v.al.n; k++)
			t->creeps += strcmp(v.al.v[k].code, "iterations_warning") == 0 &&
			             strcmp(v.al.v[k].subject, "payment-api") != 0;
		memo_take(&m, v.st);
		view_free(&v);
		now += 1 + (time_t)sim_below(&clock, 2);   /* 1-2 s, like the real loop */
	}
	time_t start;
	lw_parse_time(T0, &start);
	view_load(&v, &x, now);
	for (size_t i = 0; i < v.st->ntasks; i++) {
		const liza_task *tk = &v.st->tasks[i];
		for (size_t h = 0; h < tk->nhistory; h++) {
			const liza_event *e = &tk->history[h];
			/* the team's events only, not the example's (rebased to before T0) */
			if (!e->event || !e->agent || e->time == LW_NO_TIME || e->time < start)
				continue;
			if ((strcmp(e->event, "approved") == 0 || strcmp(e->event, "rejected") == 0) &&
			    strcmp(e->agent, "code-reviewer-1") == 0)
				t->verdicts++;
			t->merges += strcmp(e->event, "merged") == 0;
			t->claims += strcmp(e->event, "claimed") == 0;
		}
	}
	for (size_t k = 0; k < sizeof moments / sizeof *moments; k++)
		t->alerts_seen += seen_moment[k];
	t->tasks_at_end = v.st->ntasks;
	/* The log grew with the team's entries and still loads. */
	assert_true(v.st->log_entries > 2);
	view_free(&v);
	fx_close(&x);
}

static void steps_keep_every_invariant(void **state)
{
	(void)state;
	unsigned creeps = 0;
	for (uint64_t seed = 1; seed <= 3; seed++) {
		tally t;
		run(seed, 200, &t);
		creeps += t.creeps;
		if (t.verdicts < 2 || t.merges < 1 || t.claims < 5 || t.tasks_at_end <= t.tasks_at_start ||
		    t.alerts_seen < 2) {
			print_error("seed %llu: %u verdicts, %u merges, %u claims, tasks %zu -> %zu, %u alert kinds\n",
			            (unsigned long long)seed, t.verdicts, t.merges, t.claims, t.tasks_at_start, t.tasks_at_end,
			            t.alerts_seen);
			fail();
		}
	}
	assert_true(creeps > 0);
}

static void a_seed_replays_the_run(void **state)
{
	(void)state;
	fx a, b;
	fx_open(&a, 42);
	fx_open(&b, 42);
	time_t now;
	lw_parse_time(T0, &now);
	for (int i = 0; i < 60; i++, now += 2) {
		tick(&a, now);
		tick(&b, now);
	}
	char *sa = slurp(a.liza, "state.yaml"), *sb = slurp(b.liza, "state.yaml");
	char *la = slurp(a.liza, "log.yaml"), *lb = slurp(b.liza, "log.yaml");
	assert_string_equal(sa, sb);
	assert_string_equal(la, lb);
	free(sa); free(sb); free(la); free(lb);
	fx_close(&a);
	fx_close(&b);
}

/* The first tick brings the example to the present: no stale alerts. */
static void first_tick_rebases_to_now(void **state)
{
	(void)state;
	fx x;
	fx_open(&x, 3);
	time_t now;
	lw_parse_time(T0, &now);
	view v;
	view_load(&v, &x, now);
	assert_true(has_alert(&v, "agent_stale"));
	assert_true(has_alert(&v, "stalled"));
	view_free(&v);
	tick(&x, now);
	view_load(&v, &x, now);
	const char *gone[] = { "agent_stale", "lease_expired", "stale_draft", "stalled", "review_lease_expired" };
	for (size_t i = 0; i < sizeof gone / sizeof *gone; i++)
		if (has_alert(&v, gone[i])) {
			print_error("%s still fires after the rebase\n", gone[i]);
			fail();
		}
	/* The example's shape is kept: the newest heartbeat is now. */
	time_t newest = LW_NO_TIME;
	for (size_t i = 0; i < v.st->nagents; i++)
		if (v.st->agents[i].heartbeat > newest)
			newest = v.st->agents[i].heartbeat;
	assert_int_equal(newest, now);
	assert_int_equal(v.st->log_newest, now - 10 * 60 + 5);   /* 10:10:00 against 10:19:55 */
	view_free(&v);
	/* Quoting kept where it was; the original comment survives. */
	char *s = slurp(x.liza, "state.yaml");
	assert_non_null(strstr(s, "# liza-watch demo project"));
	free(s);
	fx_close(&x);
}

/* At a clock near the example's own moment there is nothing to move. */
static void no_rebase_near_the_examples_time(void **state)
{
	(void)state;
	fx x;
	fx_open(&x, 3);
	char *before = slurp(x.liza, "state.yaml");
	time_t now;
	lw_parse_time("2026-01-20T10:20:00Z", &now);
	tick(&x, now);
	char *after = slurp(x.liza, "state.yaml");
	assert_string_equal(before, after);
	free(before);
	free(after);
	fx_close(&x);
}

static int operator(const fx *x, const char *task, const char *event, const char *expect, time_t now)
{
	tx_request rq = { .subject = task, .event = event, .as = "human", .reason = "operator says so",
	                  .question = "why?", .expect_status = expect, .now = now };
	tx_result res;
	return liza_transition(x->liza, &rq, &res);
}

/* The operator approves or rejects what waits in review, and blocks a
 * claimed task from under its coder: the team carries on, merges what was
 * approved, reworks what was rejected, frees the coder, and every state in
 * between is valid. */
static void lives_with_the_operator(void **state)
{
	(void)state;
	fx x;
	fx_open(&x, 9);
	time_t now;
	lw_parse_time(T0, &now);
	memo m;
	view v;
	view_load(&v, &x, now);
	memo_take(&m, v.st);
	view_free(&v);
	unsigned acted = 0, blocked = 0;
	for (int i = 0; i < 200; i++, now += 2) {
		tick(&x, now);
		view_load(&v, &x, now);
		memo_check(&m, v.st);
		memo_take(&m, v.st);
		char id[64] = "";
		const char *ev = NULL, *from = NULL;
		for (size_t k = 0; k < v.st->ntasks && !ev; k++) {
			const liza_task *t = &v.st->tasks[k];
			/* (one under the team's review would ask first: --force) */
			if (i % 5 == 4 && t->status == LS_READY_FOR_REVIEW && !t->reviewing_by) {
				ev = (i / 5) % 2 ? "approve" : "reject";
				from = "READY_FOR_REVIEW";
			} else if (i % 37 == 36 && t->status == LS_CLAIMED) {
				ev = "block";
				from = "CLAIMED";
				blocked++;
			}
			if (ev)
				snprintf(id, sizeof id, "%s", t->id);
		}
		view_free(&v);
		if (ev) {
			assert_int_equal(operator(&x, id, ev, from, now), TX_DONE);
			acted++;
			view_load(&v, &x, now);
			memo_check(&m, v.st);   /* the operator's move is a legal one too */
			memo_take(&m, v.st);
			view_free(&v);
		}
	}
	assert_true(acted >= 20);
	assert_true(blocked >= 1);
	/* What the operator approved got merged by the team. */
	view_load(&v, &x, now);
	size_t merged_human = 0;
	for (size_t k = 0; k < v.st->ntasks; k++) {
		const liza_task *t = &v.st->tasks[k];
		if (t->approved_by && strcmp(t->approved_by, "human") == 0)
			merged_human += t->status == LS_MERGED;
	}
	assert_true(merged_human >= 3);
	view_free(&v);
	fx_close(&x);
}

/* The operator's PAUSE holds the team and is never lifted by it; ABORT
 * stops every write. */
static void pause_and_abort_are_the_operators(void **state)
{
	(void)state;
	fx x;
	fx_open(&x, 5);
	time_t now;
	lw_parse_time(T0, &now);
	tick(&x, now);
	tx_request rq = { .event = "pause", .as = "human", .now = now };
	tx_result res;
	assert_int_equal(liza_transition(x.liza, &rq, &res), TX_DONE);
	memo m;
	view v;
	view_load(&v, &x, now);
	memo_take(&m, v.st);
	view_free(&v);
	for (int i = 0; i < 30; i++) {
		now += 2;
		tick(&x, now);
		view_load(&v, &x, now);
		assert_true(v.st->paused);
		for (size_t k = 0; k < v.st->ntasks; k++) {   /* nobody moved */
			assert_string_equal(v.st->tasks[k].id, m.v[k].id);
			assert_int_equal(v.st->tasks[k].status, m.v[k].status);
		}
		assert_false(has_alert(&v, "agent_stale"));   /* heartbeats go on */
		view_free(&v);
	}
	rq.event = "resume";
	assert_int_equal(liza_transition(x.liza, &rq, &res), TX_DONE);
	rq.event = "abort";
	assert_int_equal(liza_transition(x.liza, &rq, &res), TX_DONE);
	char *before = slurp(x.liza, "state.yaml");
	for (int i = 0; i < 10; i++)
		tick(&x, now += 2);
	char *after = slurp(x.liza, "state.yaml");
	assert_string_equal(before, after);
	free(before);
	free(after);
	fx_close(&x);
}

/* The team's own pause comes and goes within seconds. */
static void the_teams_pause_is_lifted(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed < 40; seed++) {
		fx x;
		fx_open(&x, seed);
		time_t now;
		lw_parse_time(T0, &now);
		char pause[400];
		snprintf(pause, sizeof pause, "%s/PAUSE", x.liza);
		time_t paused_at = LW_NO_TIME;
		bool lifted = false;
		for (int i = 0; i < 300 && !lifted; i++, now += 1) {
			tick(&x, now);
			bool on = lw_exists(pause, NULL);
			if (on && paused_at == LW_NO_TIME)
				paused_at = now;
			if (on) {   /* its age is the team's clock: a fresh pause, not a forgotten one */
				view v;
				view_load(&v, &x, now);
				assert_true(v.st->paused);
				assert_false(has_alert(&v, "pause_stale") || has_alert(&v, "pause_forgotten"));
				view_free(&v);
			}
			if (!on && paused_at != LW_NO_TIME) {
				lifted = true;
				assert_true(now - paused_at >= 6 && now - paused_at <= 14);
			}
		}
		fx_close(&x);
		if (lifted)
			return;
	}
	fail_msg("no seed paused and resumed within 300 ticks");
}

/* Someone else holds the lock: the tick waits its timeout, fails, and
 * writes nothing. */
static void a_held_lock_writes_nothing(void **state)
{
	(void)state;
	fx x;
	fx_open(&x, 11);
	time_t now;
	lw_parse_time(T0, &now);
	tick(&x, now);
	char lock[400];
	snprintf(lock, sizeof lock, "%s/state.yaml.lock", x.liza);
	int fd = open(lock, O_RDWR | O_CREAT, 0644);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX), 0);
	setenv("LIZA_WATCH_LOCK_TIMEOUT_MS", "50", 1);
	char *before = slurp(x.liza, "state.yaml");
	assert_int_equal(sim_team_tick(&x.team, now + 2, NULL, NULL), 1);
	char *after = slurp(x.liza, "state.yaml");
	assert_string_equal(before, after);
	unsetenv("LIZA_WATCH_LOCK_TIMEOUT_MS");
	flock(fd, LOCK_UN);
	close(fd);
	tick(&x, now + 4);   /* and the next tick works again */
	free(before);
	free(after);
	fx_close(&x);
}

/* A broken write (someone's half-finished edit) is not a crash: the tick
 * fails, the file stays as it was, the next good state is worked on. */
static void a_broken_state_is_left_alone(void **state)
{
	(void)state;
	fx x;
	fx_open(&x, 12);
	time_t now;
	lw_parse_time(T0, &now);
	tick(&x, now);
	char *good = slurp(x.liza, "state.yaml");
	char p[400];
	snprintf(p, sizeof p, "%s/state.yaml", x.liza);
	FILE *f = fopen(p, "w");
	fputs("tasks: [unclosed\n", f);
	fclose(f);
	assert_int_equal(sim_team_tick(&x.team, now + 2, NULL, NULL), 1);
	char *now_text = slurp(x.liza, "state.yaml");
	assert_string_equal(now_text, "tasks: [unclosed\n");
	f = fopen(p, "w");
	fputs(good, f);
	fclose(f);
	tick(&x, now + 4);
	free(good);
	free(now_text);
	fx_close(&x);
}

/* A log write that fails (the disk filled between the two writes) does
 * not undo the state write nor count as a failed tick: the action's line
 * says what did not follow. */
static void report_line(const char *line, void *ctx)
{
	snprintf(ctx, 600, "%s", line);
}

/* The log is appended to in place (O_APPEND), as the agents do: its write
 * is what fails. */
static int append_fails_for_log(int dirfd, const char *path, int flags, mode_t mode)
{
	size_t n = strlen(path);
	if ((flags & O_APPEND) && n >= 8 && strcmp(path + n - 8, "log.yaml") == 0) {
		errno = ENOSPC;
		return -1;
	}
	return openat(dirfd, path, flags, mode);
}

static void a_failed_log_write_is_reported_not_fatal(void **state)
{
	(void)state;
	fx x;
	fx_open(&x, 13);
	time_t now;
	lw_parse_time(T0, &now);
	tick(&x, now);
	char *log_before = slurp(x.liza, "log.yaml");
	struct store_ops ops = { .fsync = no_fsync, .open = append_fails_for_log };
	store_set_ops(&ops);
	char line[600] = "";
	bool noted = false;
	for (int i = 0; i < 30 && !noted; i++) {
		assert_int_equal(sim_team_tick(&x.team, now += 2, report_line, line), 0);
		noted = strstr(line, "(but: ") != NULL;
	}
	struct store_ops back = { .fsync = no_fsync };
	store_set_ops(&back);
	assert_true(noted);
	assert_non_null(strstr(line, "log.yaml"));
	char *log_after = slurp(x.liza, "log.yaml");
	assert_string_equal(log_before, log_after);   /* no entry, and no torn file */
	free(log_before);
	free(log_after);
	fx_close(&x);
}

int main(void)
{
	struct store_ops ops = { .fsync = no_fsync };
	store_set_ops(&ops);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(steps_keep_every_invariant),
		cmocka_unit_test(a_seed_replays_the_run),
		cmocka_unit_test(first_tick_rebases_to_now),
		cmocka_unit_test(no_rebase_near_the_examples_time),
		cmocka_unit_test(lives_with_the_operator),
		cmocka_unit_test(pause_and_abort_are_the_operators),
		cmocka_unit_test(the_teams_pause_is_lifted),
		cmocka_unit_test(a_held_lock_writes_nothing),
		cmocka_unit_test(a_broken_state_is_left_alone),
		cmocka_unit_test(a_failed_log_write_is_reported_not_fatal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
