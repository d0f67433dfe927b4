/* test_foreman_tx.c — Foreman moves through the table engine: every allowed
 * move succeeds on a task that meets its guards and changes exactly phase,
 * updated and one new history entry; every pair outside the table is
 * denied with the file byte for byte as it was; each guard refuses on its
 * own; compare-and-swap and the lock. */
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
#include "systems/foreman/foreman.h"
#include "core/store/store.h"
#include "tests/unit/helper_fa.h"

#define TASK ".taskfactory/tasks/t-1/task.yaml"
#define NOW "2026-02-20T15:00:00Z"
#define STAMP "2026-02-20T15:00:00.000Z"

/* A task in phase, with criteria acceptance criteria, planningStatus
 * (NULL: missing) and a plan or not. Comments, quoting and an unknown key
 * are there to be kept. */
static void write_task(fa_run *r, const char *phase, const char *planning, int criteria, bool plan, bool history)
{
	char y[2048];
	int n = snprintf(y, sizeof y,
	                 "# kept: a comment\n"
	                 "id: T-1\n"
	                 "title: \"Retry: with backoff\"\n"
	                 "phase: %s\n"
	                 "created: 2026-02-20T14:00:00.000Z\n"
	                 "updated: 2026-02-20T14:00:00.000Z\n",
	                 phase);
	if (planning)
		n += snprintf(y + n, sizeof y - (size_t)n, "planningStatus: %s\n", planning);
	if (criteria)
		n += snprintf(y + n, sizeof y - (size_t)n, "acceptanceCriteria:\n  - retries 429 three times\n");
	else
		n += snprintf(y + n, sizeof y - (size_t)n, "acceptanceCriteria: []\n");
	if (plan)
		n += snprintf(y + n, sizeof y - (size_t)n, "plan:\n  goal: resilient client\n  steps:\n    - wrap fetch\n");
	n += snprintf(y + n, sizeof y - (size_t)n,
	              "blocked:\n  isBlocked: false\norder: 3\ncustomKey: kept  # unknown to us\n");
	if (history)
		snprintf(y + n, sizeof y - (size_t)n,
		         "history:\n  - from: backlog\n    to: ready\n    timestamp: 2026-02-20T14:01:00.000Z\n    actor: system\n");
	fa_write(r, TASK, y);
}

static const doc_node *last_history(const doc *d)
{
	const doc_node *h = doc_get(d->root, "history"), *last = NULL;
	for (const doc_node *i = doc_seq_first(h); i; i = i->next)
		last = i;
	return last;
}

static void expect_moved(fa_run *r, const char *old, const char *from, const char *to, const char *reason)
{
	char *now = fa_read(r, TASK);
	char *changed = fa_changed(old, now);
	char want[256];
	/* moveTaskToPhase's stamps: started on a move to executing; completed
	 * and leadTime (no started here, so no cycleTime) on one to complete. */
	bool done = strcmp(to, "complete") == 0, run = strcmp(to, "executing") == 0;
	snprintf(want, sizeof want,
	         "%shistory[1] history[1].actor history[1].from%s history[1].timestamp history[1].to %sphase %supdated",
	         done ? "completed " : "", reason ? " history[1].reason" : "", done ? "leadTime " : "",
	         run ? "started " : "");
	assert_string_equal(changed, want);
	assert_non_null(strstr(now, "# kept: a comment\n"));
	assert_non_null(strstr(now, "customKey: kept  # unknown to us\n"));
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, now, strlen(now), TASK, NULL, &err), 0);
	assert_string_equal(doc_str(doc_get(d.root, "phase")), to);
	assert_string_equal(doc_str(doc_get(d.root, "updated")), STAMP);
	const doc_node *h = last_history(&d);
	assert_string_equal(doc_str(doc_get(h, "from")), from);
	assert_string_equal(doc_str(doc_get(h, "to")), to);
	assert_string_equal(doc_str(doc_get(h, "timestamp")), STAMP);
	assert_string_equal(doc_str(doc_get(h, "actor")), "user");
	if (reason)
		assert_string_equal(doc_str(doc_get(h, "reason")), reason);
	doc_free(&d);
	free(changed);
	free(now);
}

static void expect_unchanged(fa_run *r, const char *old)
{
	char *now = fa_read(r, TASK);
	assert_string_equal(now, old);
	free(now);
}

/* Every row of the table, on a task that meets every guard. */
static void every_allowed_move(void **state)
{
	(void)state;
	for (size_t i = 0; i < fm_tx.n; i++) {
		const tx_row *row = &fm_tx.rows[i];
		fa_run r;
		fa_open(&r);
		write_task(&r, row->from, "completed", 1, true, true);
		char *old = fa_read(&r, TASK);
		fa_load(&r, NOW);
		tx_result res;
		assert_int_equal(fa_tx(&r, "foreman", "T-1", row->event, NULL, NOW, &res), TX_DONE);
		char want[128];
		snprintf(want, sizeof want, "foreman:T-1 %s -> %s", row->from, row->to);
		assert_string_equal(res.message, want);
		expect_moved(&r, old, row->from, row->to, NULL);
		/* and the board sees it after a reload */
		fa_load(&r, NOW);
		assert_string_equal(fa_task(&r, "foreman", "T-1")->status, row->to);
		free(old);
		fa_close(&r);
	}
}

/* Every (from, to) outside the table: denied, the file as it was. */
static void every_pair_outside_denied(void **state)
{
	(void)state;
	size_t denied = 0;
	for (int f = 0; f < FP_COUNT; f++)
		for (int t = 0; t < FP_COUNT; t++) {
			if (foreman_move((fm_phase)f, (fm_phase)t))
				continue;
			fa_run r;
			fa_open(&r);
			write_task(&r, foreman_phase_name((fm_phase)f), "completed", 1, true, true);
			char *old = fa_read(&r, TASK);
			fa_load(&r, NOW);
			tx_result res;
			assert_int_equal(fa_tx(&r, "foreman", "T-1", foreman_phase_name((fm_phase)t), NULL, NOW, &res), TX_DENIED);
			assert_non_null(strstr(res.message, "is not allowed from"));
			assert_non_null(strstr(res.message, "Nothing written"));
			expect_unchanged(&r, old);
			denied++;
			free(old);
			fa_close(&r);
		}
	assert_int_equal(denied, 9);
}

typedef struct guard_case {
	const char *from, *to, *planning;
	int criteria;
	bool plan;
	const char *rule;         /* the words the refusal must say */
} guard_case;

/* Each guard refuses on its own: the other guards' facts hold. */
static void each_guard_refuses(void **state)
{
	(void)state;
	static const guard_case cases[] = {
		/* -> ready needs a criterion, from every phase that may go there */
		{ "backlog", "ready", "completed", 0, true, "acceptance criteria before moving to ready" },
		{ "executing", "ready", "completed", 0, true, "acceptance criteria before moving to ready" },
		{ "complete", "ready", "completed", 0, true, "acceptance criteria before moving to ready" },
		/* the skip needs a criterion too (planning is not running here) */
		{ "backlog", "executing", "completed", 0, true, "acceptance criteria before moving directly to executing" },
		{ "backlog", "executing", NULL, 0, false, "acceptance criteria before moving directly to executing" },
		/* -> executing is blocked while planning runs and no plan exists */
		{ "backlog", "executing", "running", 1, false, "planning is still running" },
		{ "ready", "executing", "running", 1, false, "planning is still running" },
		{ "complete", "executing", "running", 1, false, "planning is still running" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const guard_case *c = &cases[i];
		fa_run r;
		fa_open(&r);
		write_task(&r, c->from, c->planning, c->criteria, c->plan, true);
		char *old = fa_read(&r, TASK);
		fa_load(&r, NOW);
		tx_result res;
		assert_int_equal(fa_tx(&r, "foreman", "T-1", c->to, NULL, NOW, &res), TX_DENIED);
		if (!strstr(res.message, c->rule))
			fail_msg("%s -> %s: \"%s\" does not name \"%s\"", c->from, c->to, res.message, c->rule);
		assert_non_null(strstr(res.message, "refused"));
		expect_unchanged(&r, old);
		free(old);
		fa_close(&r);
	}
}

/* The guards pass when their own fact holds, whatever else: running
 * planning with a plan may execute; no criteria may still go to backlog. */
static void guards_pass_on_their_fact(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	write_task(&r, "ready", "running", 1, true, true);
	char *old = fa_read(&r, TASK);
	fa_load(&r, NOW);
	tx_result res;
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "executing", NULL, NOW, &res), TX_DONE);
	expect_moved(&r, old, "ready", "executing", NULL);
	free(old);
	fa_close(&r);

	fa_open(&r);
	write_task(&r, "ready", NULL, 0, false, true);
	old = fa_read(&r, TASK);
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "backlog", "parked", NOW, &res), TX_DONE);
	expect_moved(&r, old, "ready", "backlog", "parked");
	free(old);
	fa_close(&r);
}

static void unknown_event_and_task(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	write_task(&r, "backlog", NULL, 1, false, true);
	char *old = fa_read(&r, TASK);
	fa_load(&r, NOW);
	tx_result res;
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "approve", NULL, NOW, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "has no transition 'approve'"));
	assert_non_null(strstr(res.message, "ready"));
	expect_unchanged(&r, old);
	const lw_source *s = fa_source(&r, "foreman");
	tx_request rq = { .subject = "NOPE-1", .event = "ready", .as = "t", .now = fa_time(NOW) };
	assert_int_equal(lw_transition(r.proj.dir, s, &rq, &res), TX_USAGE);
	assert_non_null(strstr(res.message, "no task 'NOPE-1'"));
	free(old);
	fa_close(&r);
}

/* The harness fires transitions as users do, through lw_transition: a task
 * file linked to a file outside the project is read and checked (and said
 * to be outside, link_outside), but never written. Fired at the adapter
 * itself, as the harness once did, the outside file was replaced. */
static void linked_outside_is_not_written(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	write_task(&r, "backlog", NULL, 1, false, true);
	char out[300], task[600], away[320];
	snprintf(out, sizeof out, "%s-outside", r.dir);
	assert_int_equal(mkdir(out, 0755), 0);
	snprintf(task, sizeof task, "%s/%s", r.dir, TASK);
	snprintf(away, sizeof away, "%s/task.yaml", out);
	assert_int_equal(rename(task, away), 0);
	assert_int_equal(symlink(away, task), 0);
	char *old = fa_read(&r, TASK);
	fa_load(&r, NOW);
	FA_EXPECT(&r, LW_INFO, "link_outside", TASK, "outside the project: read, but liza-watch will not write it");
	tx_result res;
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "ready", NULL, NOW, &res), TX_IO);
	assert_non_null(strstr(res.message, "outside the project"));
	char *now = fa_read(&r, TASK);
	assert_string_equal(now, old);
	free(now);
	free(old);
	assert_int_equal(unlink(away), 0);
	assert_int_equal(rmdir(out), 0);   /* nothing else was left there: no temp, no lock */
	fa_close(&r);
}

/* The task moved after the operator looked: denied, nothing written. */
static void compare_and_swap(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	write_task(&r, "backlog", NULL, 1, false, true);
	fa_load(&r, NOW);   /* the operator sees backlog */
	write_task(&r, "ready", NULL, 1, false, true);
	char *old = fa_read(&r, TASK);
	tx_result res;
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "archived", NULL, NOW, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "is now in ready, not backlog"));
	expect_unchanged(&r, old);
	free(old);
	fa_close(&r);
}

/* No history key yet: the move starts one. */
static void history_created(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	write_task(&r, "backlog", NULL, 1, false, false);
	char *old = fa_read(&r, TASK);
	fa_load(&r, NOW);
	tx_result res;
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "ready", NULL, NOW, &res), TX_DONE);
	char *now = fa_read(&r, TASK);
	char *changed = fa_changed(old, now);
	assert_string_equal(changed, "history history[0] history[0].actor history[0].from history[0].timestamp "
	                             "history[0].to phase updated");
	free(changed);
	free(now);
	free(old);
	fa_close(&r);
}

/* The upstream example itself: executing -> complete keeps every other byte. */
static void bundled_example_move(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	fa_copy_fixture(&r, "examples/foreman/example-task.yaml", ".taskfactory/tasks/demo-3/task.yaml");
	char *old = fa_read(&r, ".taskfactory/tasks/demo-3/task.yaml");
	fa_load(&r, NOW);
	tx_result res;
	assert_int_equal(fa_tx(&r, "foreman", "DEMO-3", "complete", NULL, NOW, &res), TX_DONE);
	char *now = fa_read(&r, ".taskfactory/tasks/demo-3/task.yaml");
	char *changed = fa_changed(old, now);
	assert_string_equal(changed, "completed cycleTime history[2] history[2].actor history[2].from "
	                             "history[2].timestamp history[2].to leadTime phase updated");
	/* The bytes before the edits are the same (comments included). */
	assert_memory_equal(old, now, (size_t)(strstr(old, "phase:") - old));
	free(changed);
	free(now);
	free(old);
	fa_close(&r);
}

/* Foreman's tools take no lock, so neither do we: no lock file is left in
 * the tasks folder. A task.yaml.lock that a peer made (our simulator,
 * another liza-watch) is joined: held, the move waits and times out,
 * nothing written; released, the move lands. */
/* canMoveToPhase waives the criteria guards when planning was skipped or
 * completed with neither plan nor criteria; a missing phase is backlog. */
static void exemptions_let_it_through(void **state)
{
	(void)state;
	static const char *const tasks[] = {
		"id: T-1\nphase: backlog\nplanningSkipped: true\nacceptanceCriteria: []\n",
		"id: T-1\nphase: backlog\nplanningStatus: completed\n",
		"id: T-1\nplanningSkipped: true\n",
	};
	for (size_t i = 0; i < sizeof tasks / sizeof *tasks; i++)
		for (int to = 0; to < 2; to++) {
			fa_run r;
			fa_open(&r);
			fa_write(&r, TASK, tasks[i]);
			fa_load(&r, NOW);
			tx_result res;
			assert_int_equal(fa_tx(&r, "foreman", "T-1", to ? "executing" : "ready", NULL, NOW, &res), TX_DONE);
			fa_close(&r);
		}
	/* planningSkipped: yes is a string to the yaml package: no waiver. */
	fa_run r;
	fa_open(&r);
	fa_write(&r, TASK, "id: T-1\nphase: backlog\nplanningSkipped: yes\n");
	fa_load(&r, NOW);
	tx_result res;
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "ready", NULL, NOW, &res), TX_DENIED);
	fa_close(&r);
}

/* moveTaskToPhase's stamps: started kept once set, rework clears the
 * execution stamps, completion measures cycle and lead time. */
static void lifecycle_stamps(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	fa_write(&r, TASK, "id: T-1\nphase: ready\nacceptanceCriteria: [x]\ncreated: 2026-02-20T14:00:00.000Z\n"
	                   "started: 2026-02-20T14:30:00.000Z\n");
	fa_load(&r, NOW);
	tx_result res;
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "executing", NULL, NOW, &res), TX_DONE);
	char *t = fa_read(&r, TASK);
	assert_non_null(strstr(t, "started: 2026-02-20T14:30:00.000Z"));
	free(t);
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "complete", NULL, NOW, &res), TX_DONE);
	t = fa_read(&r, TASK);
	assert_non_null(strstr(t, "completed: \"" STAMP "\""));
	assert_non_null(strstr(t, "cycleTime: 1800"));
	assert_non_null(strstr(t, "leadTime: 3600"));
	free(t);
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "ready", NULL, NOW, &res), TX_DONE);
	t = fa_read(&r, TASK);
	assert_null(strstr(t, "cycleTime: 1800"));
	assert_null(strstr(t, "started: 2026"));
	free(t);
	fa_close(&r);
}

static void lock_held(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	write_task(&r, "backlog", NULL, 1, false, true);
	fa_load(&r, NOW);
	char lp[512];
	snprintf(lp, sizeof lp, "%s/%s.lock", r.dir, TASK);
	tx_result res;
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "ready", NULL, NOW, &res), TX_DONE);
	assert_int_equal(access(lp, F_OK), -1);   /* no lock file left behind */
	int fd = open(lp, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX), 0);
	setenv("LIZA_WATCH_LOCK_TIMEOUT_MS", "100", 1);
	fa_load(&r, NOW);
	char *old = fa_read(&r, TASK);
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "backlog", NULL, NOW, &res), TX_IO);
	assert_non_null(strstr(res.message, "timed out"));
	assert_non_null(strstr(res.message, "nothing written"));
	expect_unchanged(&r, old);
	free(old);
	close(fd);
	assert_int_equal(fa_tx(&r, "foreman", "T-1", "backlog", NULL, NOW, &res), TX_DONE);
	unsetenv("LIZA_WATCH_LOCK_TIMEOUT_MS");
	fa_close(&r);
}

static ssize_t write_enospc(int fd, const void *buf, size_t n)
{
	(void)fd; (void)buf; (void)n;
	errno = ENOSPC;
	return -1;
}

/* The disk is full: the move fails with the cause, the file stays as it was. */
static void write_fails(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	write_task(&r, "backlog", NULL, 1, false, true);
	char *old = fa_read(&r, TASK);
	fa_load(&r, NOW);
	struct store_ops ops = { .write = write_enospc };
	store_set_ops(&ops);
	tx_result res;
	tx_rc rc = fa_tx(&r, "foreman", "T-1", "ready", NULL, NOW, &res);
	store_set_ops(NULL);
	assert_int_equal(rc, TX_IO);
	assert_non_null(strstr(res.message, "nothing written"));
	expect_unchanged(&r, old);
	free(old);
	fa_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_allowed_move),
		cmocka_unit_test(every_pair_outside_denied),
		cmocka_unit_test(each_guard_refuses),
		cmocka_unit_test(guards_pass_on_their_fact),
		cmocka_unit_test(unknown_event_and_task),
		cmocka_unit_test(compare_and_swap),
		cmocka_unit_test(history_created),
		cmocka_unit_test(bundled_example_move),
		cmocka_unit_test(exemptions_let_it_through),
		cmocka_unit_test(lifecycle_stamps),
		cmocka_unit_test(lock_held),
		cmocka_unit_test(write_fails),
		cmocka_unit_test(linked_outside_is_not_written),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
