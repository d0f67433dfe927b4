/* test_lizago.c — today's Liza (the Go rewrite): telling the generations
 * apart per file, statuses resolved through the pipeline (embedded or the
 * project's own), lanes, its invariants and watch checks, and verdicts
 * written as its Go code writes them (quorum, counters, history). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "helper_liza.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_generation.h"
#include "systems/liza/liza_settings.h"
#include "systems/liza/go/lizago_check.h"
#include "systems/liza/go/lizago_rule.h"
#include "systems/liza/go/lizago_hygiene.h"
#include "systems/liza/go/lizago_tx.h"
#include "systems/liza/go/lizago_lifecycle.h"
#include "core/util/fileio.h"
#include "core/model/config.h"
#include "core/util/strbuf.h"
#include <time.h>
#include <unistd.h>

#define NOW "2026-11-25T10:00:00Z"

/* The reviewer's row: claiming t-1 (REVIEWING) or idle. */
#define REVIEWER_CLAIMS \
	"  code-reviewer-1: {role: code-reviewer, status: REVIEWING, current_task: t-1, provider: claude,\n" \
	"                    heartbeat: 2026-11-25T09:59:00Z, pid: 4242, lease_expires: 2026-11-25T10:30:00Z}\n"
#define REVIEWER_IDLE \
	"  code-reviewer-1: {role: code-reviewer, status: IDLE, provider: claude, heartbeat: 2026-11-25T09:59:00Z}\n"

/* One task of today's Liza in a state Liza's validator accepts; task is
 * YAML at column 4; reviewer is one of the rows above. */
static char *go_state_with(const char *task, const char *mode, const char *reviewer)
{
	static char buf[8192];
	snprintf(buf, sizeof buf,
	         "version: 1\n"
	         "pipeline_version: 1\n"
	         "goal: {id: g-1, description: d, spec_ref: s.md, status: IN_PROGRESS}\n"
	         "tasks:\n"
	         "  - id: t-1\n"
	         "    type: coding\n"
	         "    spec_ref: s.md\n"
	         "    done_when: done\n"
	         "    created: 2026-11-25T09:45:00Z\n"
	         "%s"
	         "agents:\n"
	         "  coder-1: {role: coder, status: IDLE, heartbeat: 2026-11-25T09:59:00Z}\n"
	         "%s"
	         "  code-reviewer-2: {role: code-reviewer, status: IDLE, provider: codex, heartbeat: 2026-11-25T09:59:00Z}\n"
	         "sprint: {id: s-1, goal_ref: g-1, status: IN_PROGRESS, scope: {planned: [t-1]},\n"
	         "         timeline: {started: 2026-11-25T08:00:00Z}}\n"
	         "circuit_breaker: {status: OK}\n"
	         "config: {max_review_cycles: 5, lease_duration: 1800, integration_branch: integration, mode: %s}\n",
	         task, reviewer, mode ? mode : "RUNNING");
	return buf;
}

static char *go_state(const char *task, const char *mode) { return go_state_with(task, mode, REVIEWER_CLAIMS); }

/* what Liza's submit writes: a task past its submission carries the event */
#define SUBMITTED "    handoff_events: [{timestamp: 2026-11-25T09:30:00Z, agent: coder-1, trigger: submission}]\n"

static const char *pipeline_q2 =
	"pipeline:\n"
	"  roles:\n"
	"    coder: {type: doer}\n"
	"    code-reviewer: {type: reviewer}\n"
	"  role-pairs:\n"
	"    coding-pair:\n"
	"      doer: coder\n"
	"      reviewer: code-reviewer\n"
	"      review-policy: {quorum: 2}\n"
	"      states: {initial: DRAFT_CODE, executing: IMPLEMENTING_CODE, submitted: CODE_TO_REVIEW,\n"
	"               reviewing: REVIEWING_CODE, approved: CODE_APPROVED, rejected: CODE_REJECTED,\n"
	"               partially-approved: CODE_PARTIALLY_APPROVED, reviewing-2: REVIEWING_CODE_2}\n";

#define REVIEWING \
	"    role_pair: coding-pair\n" \
	"    status: REVIEWING_CODE\n" \
	"    assigned_to: coder-1\n" \
	"    review_commit: abcdef0\n" \
	"    reviewing_by: code-reviewer-1\n" \
	"    review_lease_expires: 2026-11-25T10:30:00Z\n" \
	"    review_cycles_current: 1\n" \
	"    review_cycles_total: 1\n" \
	SUBMITTED \
	"    history: []\n"

static bool detect_text(const char *text)
{
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, text, strlen(text), "state.yaml", NULL, &err), 0);
	bool go = liza_detect(&d) == LIZA_GEN_GO;
	doc_free(&d);
	return go;
}

static void generations_are_told_apart_per_file(void **state)
{
	(void)state;
	assert_false(detect_text("version: 1\ntasks:\n  - {id: a, status: CLAIMED}\n  - {id: b, status: READY_FOR_REVIEW}\n"));
	assert_false(detect_text("version: 1\ntasks: []\nagents: {}\n"));
	assert_true(detect_text("version: 1\npipeline_version: 2\ntasks: []\n"));
	assert_true(detect_text("version: 1\ntasks:\n  - {id: a, role_pair: coding-pair, status: MERGED}\n"));
	assert_true(detect_text("version: 1\ntasks:\n  - {id: a, status: IMPLEMENTING_CODE}\n"));
	assert_true(detect_text("version: 1\nagent_health: {}\ntasks: []\n"));
	/* a status both generations share says nothing */
	assert_false(detect_text("version: 1\ntasks:\n  - {id: a, status: BLOCKED}\n"));
}

static void statuses_resolve_through_the_pipeline(void **state)
{
	(void)state;
	const lg_pipeline *p = &lg_embedded_pipeline;
	lg_status s = lizago_resolve(p, "REVIEWING_CODE_2");
	assert_int_equal(s.cat, LGC_REVIEWING2);
	assert_string_equal(s.pair->name, "coding-pair");
	assert_int_equal(lizago_resolve(p, "EPIC_PLAN_MAIN_PARTIALLY_APPROVED").cat, LGC_PARTIAL);
	assert_int_equal(lizago_resolve(p, "EPIC_PLAN_MAIN_PARTIALLY_APPROVED").pair->quorum, 2);
	assert_int_equal(lizago_resolve(p, "INTEGRATION_ANALYSIS_CLEAN").cat, LGC_CLEAN);
	assert_int_equal(lizago_resolve(p, "CODE_READY_FOR_REVIEW").cat, LGC_SUBMITTED);
	assert_int_equal(lizago_resolve(p, "MERGED").cat, LGC_MERGED);
	assert_int_equal(lizago_resolve(p, "CLAIMED").cat, LGC_UNKNOWN);
	assert_int_equal(lizago_resolve(p, NULL).cat, LGC_UNKNOWN);
	/* every declared status of every pair resolves to its own category */
	for (size_t i = 0; i < p->npairs; i++)
		for (int c = 0; c < LGC_PAIR_COUNT; c++)
			if (p->pairs[i].state[c]) {
				lg_status r = lizago_resolve(p, p->pairs[i].state[c]);
				assert_int_equal(r.cat, c);
				assert_ptr_equal(r.pair, &p->pairs[i]);
			}
}

/* The report: a valid state of today's Liza raised "unknown task
 * status" CRITs and put every task in "blocked". */
static void a_valid_go_state_is_quiet_and_laned(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, go_state(REVIEWING, NULL), NOW), 0);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	assert_int_equal(th_load(&r, NOW), 0);
	if (th_count(&r, NULL))
		th_dump(&r);
	assert_int_equal(th_count(&r, NULL), 0);
	assert_ptr_equal(liza_gen_of(r.snap->sys), &lizago_generation);
	assert_int_equal(r.snap->ntasks, 1);
	assert_int_equal(r.snap->tasks[0].lane, LANE_REVIEW);
	assert_true(r.snap->tasks[0].awaiting_operator);
	assert_non_null(r.snap->tasks[0].tx);
	th_close(&r);
}

/* The generation is recorded in the loaded state, and every task moves by
 * its generation's table; the embedded pipeline's is built once, not on
 * every load (it was rebuilt per load before the two rooms), a project's
 * pipeline.yaml gets its own. */
static void the_snapshot_records_its_generation_and_table(void **state)
{
	(void)state;
	th_run r;
	char why[256];
	assert_int_equal(th_state(&r, go_state(REVIEWING, NULL), NOW), 0);
	const liza_generation *g = liza_gen_of(r.snap->sys);
	assert_ptr_equal(g, &lizago_generation);
	const tx_table *first = r.snap->tasks[0].tx;
	assert_ptr_equal(first, g->table(r.snap->sys));
	assert_non_null(tx_lookup(first, r.snap->tasks[0].status, "approve", why, sizeof why));
	assert_int_equal(th_load(&r, NOW), 0);
	assert_ptr_equal(r.snap->tasks[0].tx, first);   /* the same table, not a new one */
	th_write(&r, "pipeline.yaml", pipeline_q2);
	assert_int_equal(th_load(&r, NOW), 0);
	assert_ptr_not_equal(r.snap->tasks[0].tx, first);
	assert_non_null(tx_lookup(r.snap->tasks[0].tx, r.snap->tasks[0].status, "approve", why, sizeof why));
	th_close(&r);
	assert_int_equal(th_state(&r, th_yaml("  - id: t-1\n    status: UNCLAIMED\n    done_when: x\n    spec_ref: s\n", NULL,
	                                      NULL, NULL), NOW), 0);
	assert_ptr_equal(liza_gen_of(r.snap->sys), &liza_shell_generation);
	assert_ptr_equal(r.snap->tasks[0].tx, &liza_tx_table);
	th_close(&r);
}

/* Which generations read a setting, from its one declaration. */
#define READERS(name, kind, off, count, min, max, readers, doc, why) { name, readers, why },
static const struct { const char *name; unsigned readers; const char *why; } declared[] = { LIZA_SETTINGS(READERS) };
#undef READERS

/* Each generation declares the liza.* settings it reads, and what `config`
 * prints beside a row says the same: a row only the shell era reads says
 * so and says why Go ignores it; every row is read by at least one
 * generation; every config row is a declared one. */
static void each_generation_declares_its_settings(void **state)
{
	(void)state;
	assert_int_equal(lw_adapter_liza.nsettings, sizeof declared / sizeof *declared);
	for (size_t i = 0; i < lw_adapter_liza.nsettings; i++) {
		const lw_setting *row = &lw_adapter_liza.settings[i];
		assert_string_equal(row->name, declared[i].name);
		bool shell = declared[i].readers & liza_shell_generation.reads;
		bool go = declared[i].readers & lizago_generation.reads;
		bool says_shell_only = strstr(row->doc, "shell era only") != NULL;
		if (!shell || go == says_shell_only || go == (declared[i].why != NULL))
			fail_msg("%s: shell era %s it, today's Liza %s it, config says \"%s\"", row->name,
			         shell ? "reads" : "does not read", go ? "reads" : "does not read", row->doc);
	}
}

static void a_missing_pipeline_is_what_liza_validate_says(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, go_state(REVIEWING, NULL), NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "pipeline", "pipeline config not found");
	/* lanes still follow the embedded default */
	assert_int_equal(r.snap->tasks[0].lane, LANE_REVIEW);
	th_close(&r);
}

static void an_unknown_status_is_unknown_and_nothing_more(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	th_write(&r, "state.yaml",
	         go_state_with("    role_pair: coding-pair\n    status: CLAIMED\n    history: []\n", NULL, REVIEWER_IDLE));
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-1", "unknown task status 'CLAIMED'");
	assert_int_equal(th_count(&r, "invalid_state"), 1);
	assert_int_equal(r.snap->tasks[0].lane, LANE_BLOCKED);
	th_close(&r);
}

static void invariants_follow_the_category(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	/* reviewing-2 without reviewing_by: classified as reviewing */
	th_write(&r, "state.yaml", go_state("    role_pair: coding-pair\n    status: REVIEWING_CODE_2\n"
	                                    "    review_commit: abc\n    review_lease_expires: 2026-11-25T10:30:00Z\n"
	                                    "    history: []\n", NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-1", "without reviewing_by");
	th_close(&r);
}

static void watch_checks_keep_liza_severities(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	th_write(&r, "state.yaml", go_state_with("    role_pair: coding-pair\n    status: CODE_REJECTED\n"
	                                         "    rejection_reason: no\n    review_cycles_current: 5\n"
	                                         "    failed_by: [coder-1, coder-2]\n    attempt: 2\n" SUBMITTED
	                                         "    history: []\n", NULL, REVIEWER_IDLE));
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "review_loop", "t-1", "5 cycles");
	TH_EXPECT(&r, LW_CRIT, "hypothesis_exhaustion", "t-1", "rescope");
	TH_EXPECT(&r, LW_WARN, "final_attempt", "t-1", "attempt 2");
	TH_NONE(&r, "invalid_state", NULL);
	th_close(&r);
}

static char *read_state(th_run *r, size_t *len)
{
	char p[512], *buf;
	lw_error err;
	snprintf(p, sizeof p, "%s/state.yaml", r->liza);
	assert_int_equal(lw_read_file(p, 1u << 20, &buf, len, &err), LW_READ_OK);
	return buf;
}

static int verdict(th_run *r, const char *ev, const char *as, const char *reason, tx_result *res)
{
	tx_request rq = { .subject = "t-1", .event = ev, .as = as, .reason = reason, .now = th_time(NOW) };
	return liza_transition(r->liza, &rq, res);
}

static void approvals_count_toward_the_quorum(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	th_write(&r, "state.yaml", go_state(REVIEWING, NULL));
	tx_result res;
	assert_int_equal(verdict(&r, "approve", "code-reviewer-1", NULL, &res), TX_DONE);
	assert_non_null(strstr(res.message, "REVIEWING_CODE -> CODE_PARTIALLY_APPROVED"));
	assert_non_null(strstr(res.note, "1/2 approvals"));
	size_t len;
	char *s = read_state(&r, &len);
	assert_non_null(strstr(s, "status: CODE_PARTIALLY_APPROVED"));
	assert_non_null(strstr(s, "agent: code-reviewer-1\n        provider: claude\n"));
	assert_non_null(strstr(s, "event: approved"));
	assert_non_null(strstr(s, "reviewing_by: null"));
	/* the reviewer is released, its neighbours untouched */
	assert_non_null(strstr(s, "code-reviewer-1: {role: code-reviewer, status: IDLE, current_task: null"));
	assert_non_null(strstr(s, "code-reviewer-2: {role: code-reviewer, status: IDLE, provider: codex"));
	free(s);
	/* no verdict outside a reviewing status */
	assert_int_equal(verdict(&r, "approve", "code-reviewer-2", NULL, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "not in a reviewing state"));
	/* a second reviewer claims the second review; its approval meets the quorum */
	s = read_state(&r, &len);
	char *at = strstr(s, "status: CODE_PARTIALLY_APPROVED");
	char *fixed = malloc(len + 64);
	snprintf(fixed, len + 64, "%.*sstatus: REVIEWING_CODE_2%s", (int)(at - s), s,
	         at + strlen("status: CODE_PARTIALLY_APPROVED"));
	char *by = strstr(fixed, "reviewing_by: null");
	assert_non_null(by);
	char *claimed = malloc(strlen(fixed) + 64);
	snprintf(claimed, strlen(fixed) + 64, "%.*sreviewing_by: code-reviewer-2%s", (int)(by - fixed), fixed,
	         by + strlen("reviewing_by: null"));
	th_write(&r, "state.yaml", claimed);
	free(claimed);
	free(fixed);
	free(s);
	/* only the assigned reviewer gives a verdict (submitVerdict) */
	assert_int_equal(verdict(&r, "approve", "code-reviewer-1", NULL, &res), TX_ASK);
	assert_non_null(strstr(res.message, "only the assigned reviewer can submit a verdict"));
	assert_int_equal(verdict(&r, "approve", "code-reviewer-2", NULL, &res), TX_DONE);
	assert_non_null(strstr(res.message, "-> CODE_APPROVED"));
	assert_non_null(strstr(res.note, "2/2 approvals"));
	th_close(&r);
}

static void a_rejection_counts_and_clears_approvals(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	th_write(&r, "state.yaml", go_state(REVIEWING, NULL));
	tx_result res;
	assert_int_equal(verdict(&r, "reject", "code-reviewer-1", NULL, &res), TX_DENIED);
	assert_int_equal(verdict(&r, "reject", "code-reviewer-1", "tests fail", &res), TX_DONE);
	size_t len;
	char *s = read_state(&r, &len);
	assert_non_null(strstr(s, "status: CODE_REJECTED"));
	assert_non_null(strstr(s, "review_cycles_current: 2"));
	assert_non_null(strstr(s, "review_cycles_total: 2"));
	assert_non_null(strstr(s, "rejection_reason: tests fail"));
	assert_non_null(strstr(s, "event: rejected"));
	assert_non_null(strstr(s, "lease_expires: \"2026-11-25T10:30:00Z\""));
	/* clearAttemptState: the rejected submission's commit goes with it */
	assert_non_null(strstr(s, "review_commit: null"));
	free(s);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "invalid_state", NULL);
	th_close(&r);
}

static const char *pipeline_impact =
	"pipeline:\n"
	"  role-pairs:\n"
	"    coding-pair:\n"
	"      doer: coder\n"
	"      reviewer: code-reviewer\n"
	"      review-policy: {quorum: 1, significant-change: {quorum: 2}, architecture-impact: {quorum: 3}}\n"
	"      states: {initial: DRAFT_CODE, executing: IMPLEMENTING_CODE, submitted: CODE_TO_REVIEW,\n"
	"               reviewing: REVIEWING_CODE, approved: CODE_APPROVED, rejected: CODE_REJECTED,\n"
	"               partially-approved: CODE_PARTIALLY_APPROVED, reviewing-2: REVIEWING_CODE_2}\n";

#define REVIEWING_WITH(history) \
	"    role_pair: coding-pair\n" \
	"    status: REVIEWING_CODE\n" \
	"    assigned_to: coder-1\n" \
	"    review_commit: abcdef0\n" \
	"    reviewing_by: code-reviewer-1\n" \
	"    review_lease_expires: 2026-11-25T10:30:00Z\n" \
	SUBMITTED \
	"    history:\n" history

/* ops.ResolveEffectiveImpact + Resolver.EffectiveQuorum: the impact a
 * checkpoint or an approval recorded since the last rejection picks the
 * pair's override; the card shows the quorum it asks. */
static void impact_overrides_the_quorum(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_impact);
	th_write(&r, "state.yaml", go_state(REVIEWING_WITH(
		"      - {time: 2026-11-25T09:20:00Z, event: pre_execution_checkpoint, agent: coder-1, impact: significant}\n"
		"      - {time: 2026-11-25T09:40:00Z, event: submitted_for_review, agent: coder-1}\n"), NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "invalid_state", NULL);
	const lg_task *t = lizago_find_task(r.snap->sys, "t-1");
	assert_int_equal(t->impact, LGI_SIGNIFICANT);
	assert_int_equal(t->quorum, 2);
	assert_string_equal(r.snap->tasks[0].badge, "q0/2");
	tx_result res;
	assert_int_equal(verdict(&r, "approve", "code-reviewer-1", NULL, &res), TX_DONE);
	assert_non_null(strstr(res.message, "-> CODE_PARTIALLY_APPROVED"));
	assert_non_null(strstr(res.note, "1/2 approvals (significant impact)"));
	/* the same history with a rejection after the checkpoint: base quorum */
	th_write(&r, "state.yaml", go_state(REVIEWING_WITH(
		"      - {time: 2026-11-25T09:20:00Z, event: pre_execution_checkpoint, agent: coder-1, impact: architecture}\n"
		"      - {time: 2026-11-25T09:30:00Z, event: rejected, agent: code-reviewer-1, reason: no}\n"
		"      - {time: 2026-11-25T09:40:00Z, event: approved, agent: code-reviewer-2, impact: bogus}\n"), NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	t = lizago_find_task(r.snap->sys, "t-1");
	assert_int_equal(t->impact, LGI_STANDARD);
	assert_int_equal(t->quorum, 1);
	assert_null(r.snap->tasks[0].badge);
	assert_int_equal(verdict(&r, "approve", "code-reviewer-1", NULL, &res), TX_DONE);
	assert_non_null(strstr(res.message, "-> CODE_APPROVED"));
	/* an override without a usable quorum is a pipeline that does not read */
	th_write(&r, "pipeline.yaml",
	         "pipeline:\n  role-pairs:\n    coding-pair:\n      doer: coder\n      reviewer: code-reviewer\n"
	         "      review-policy: {quorum: 1, significant-change: {provider-diversity: preferred}}\n"
	         "      states: {initial: A, executing: B, submitted: C, reviewing: D, approved: E, rejected: F}\n");
	arena a;
	arena_init(&a);
	lg_pipeline p;
	lw_error err;
	assert_int_equal(lizago_pipeline_load(r.liza, &a, &p, &err), -1);
	assert_non_null(strstr(err.msg, "significant-change needs an integer quorum"));
	arena_free(&a);
	th_close(&r);
}

/* models.TimeInStatus: a task waits since its newest status-changing
 * history event (a reviewer's claim put it in REVIEWING_CODE), not since a
 * later bookkeeping entry; with none, since it was created. */
static void waiting_since_is_when_it_entered_its_status(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	th_write(&r, "state.yaml", go_state(REVIEWING_WITH(
		"      - {time: 2026-11-25T09:30:00Z, event: submitted_for_review, agent: coder-1}\n"
		"      - {time: 2026-11-25T09:40:00Z, event: claimed, agent: code-reviewer-1}\n"
		"      - {time: 2026-11-25T09:50:00Z, event: review_commit_updated, agent: coder-1}\n"), NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	assert_true(r.snap->tasks[0].awaiting_operator);
	assert_int_equal(r.snap->tasks[0].waiting_since, th_time("2026-11-25T09:40:00Z"));
	th_write(&r, "state.yaml", go_state(REVIEWING_WITH("      []\n"), NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	assert_int_equal(r.snap->tasks[0].waiting_since, th_time("2026-11-25T09:45:00Z"));   /* created */
	/* a task nobody waits on has no waiting time */
	th_write(&r, "state.yaml", go_state("    role_pair: coding-pair\n    status: DRAFT_CODE\n"
	                                    "    history: [{time: 2026-11-25T09:10:00Z, event: created}]\n", NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	assert_false(r.snap->tasks[0].awaiting_operator);
	assert_int_equal(r.snap->tasks[0].waiting_since, LW_NO_TIME);
	th_close(&r);
}

/* submitVerdict at the limits: attempt 2 goes BLOCKED in the same write
 * (blockRejectedTask); attempt 1 stays rejected for Liza's rollover. */
static void a_rejection_at_the_limits_escalates(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	th_write(&r, "state.yaml", go_state(
		"    role_pair: coding-pair\n    status: REVIEWING_CODE\n    assigned_to: coder-1\n"
		"    review_commit: abcdef0\n    reviewing_by: code-reviewer-1\n"
		"    review_lease_expires: 2026-11-25T10:30:00Z\n    attempt: 2\n    iteration: 3\n"
		"    review_cycles_current: 4\n    review_cycles_total: 9\n    history: []\n", NULL));
	tx_result res;
	assert_int_equal(verdict(&r, "reject", "code-reviewer-1", "still wrong", &res), TX_DONE);
	assert_non_null(strstr(res.message, "REVIEWING_CODE -> BLOCKED"));
	size_t len;
	char *s = read_state(&r, &len);
	assert_non_null(strstr(s, "status: BLOCKED"));
	assert_non_null(strstr(s, "blocked_reason: \"review budget exhausted: max review cycles reached (5/5)\""));
	assert_non_null(strstr(s, "Should orchestrator rescope this task or clarify acceptance criteria"));
	assert_non_null(strstr(s, "assigned_to: null"));
	assert_non_null(strstr(s, "review_commit: null"));
	assert_non_null(strstr(s, "event: blocked"));
	assert_null(strstr(s, "lease_expires: \"2026"));
	free(s);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "invalid_state", NULL);
	/* attempt 1 at the iteration limit: a plain rejection, Liza rolls it over */
	th_write(&r, "state.yaml", go_state(
		"    role_pair: coding-pair\n    status: REVIEWING_CODE\n    assigned_to: coder-1\n"
		"    review_commit: abcdef0\n    reviewing_by: code-reviewer-1\n"
		"    review_lease_expires: 2026-11-25T10:30:00Z\n    attempt: 1\n    iteration: 10\n"
		"    review_cycles_current: 0\n    review_cycles_total: 0\n    history: []\n", NULL));
	assert_int_equal(verdict(&r, "reject", "code-reviewer-1", "still wrong", &res), TX_DONE);
	assert_non_null(strstr(res.message, "-> CODE_REJECTED"));
	assert_non_null(strstr(res.note, "max iterations reached without approval (10/10): Liza starts attempt 2"));
	assert_int_equal(th_load(&r, NOW), 0);
	char nb[256];
	assert_string_equal(lizago_next_step(r.snap->sys, lizago_find_task(r.snap->sys, "t-1"), nb, sizeof nb),
	                    "rejected at its limit: Liza starts attempt 2 at the doer's next claim");
	th_close(&r);
}

/* A clean global integration analysis (phase global, no output) is approved
 * only after Liza checks its source in git (verifyCleanIntegrationSource):
 * liza-watch refuses that approval, writes nothing, and the detail view's
 * next step under review names Liza's own submit-verdict. With output
 * (findings) the approval is written, with its global generation. */
#define GLOBAL_UNDER_REVIEW \
	"    role_pair: integration-pair\n    status: REVIEWING_INTEGRATION_ANALYSIS\n" \
	"    review_commit: abcdef0\n    reviewing_by: code-reviewer-1\n" \
	"    review_lease_expires: 2026-11-25T10:30:00Z\n    history: []\n" \
	"    integration_analysis: {key: \"global:1\", phase: global, generation: 1, source_commit: s1}\n"

static void a_clean_global_analysis_is_left_to_liza(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "state.yaml", go_state(GLOBAL_UNDER_REVIEW, NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	char nb[256];
	assert_non_null(strstr(lizago_next_step(r.snap->sys, lizago_find_task(r.snap->sys, "t-1"), nb, sizeof nb),
	                       "approve it with Liza's own submit-verdict"));
	size_t len0, len1;
	char *before = read_state(&r, &len0);
	tx_result res;
	assert_int_equal(verdict(&r, "approve", "code-reviewer-1", NULL, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "`liza submit-verdict`"));
	char *after = read_state(&r, &len1);
	assert_int_equal(len0, len1);
	assert_memory_equal(before, after, len0);
	free(before);
	free(after);
	/* findings: the ordinary approval, and the generation it adds */
	th_write(&r, "state.yaml", go_state(GLOBAL_UNDER_REVIEW "    output: [{finding: f}]\n", NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	assert_null(strstr(lizago_next_step(r.snap->sys, lizago_find_task(r.snap->sys, "t-1"), nb, sizeof nb),
	                   "submit-verdict"));
	assert_int_equal(verdict(&r, "approve", "code-reviewer-1", NULL, &res), TX_DONE);
	assert_non_null(strstr(res.message, "-> INTEGRATION_ANALYSIS_APPROVED"));
	after = read_state(&r, &len1);
	assert_non_null(strstr(after, "global_generations: [{generation: 1, analysis_task_id: t-1, analysis_key: \"global:1\", "
	                              "verdict: findings, source_commit: s1, report_commit: abcdef0}]"));
	free(after);
	th_close(&r);
}

/* submitVerdict's churn gate (RejectionRCAGateDue): the fourth durable
 * rejection no limit escalates blocks the task in the same write behind a
 * new rejection_rca record seeded on the rejected commit. */
/* code-reviewer-1 reviews t-1 of coder-1, attempt 1, iteration 2; the
 * counters and history follow */
#define UNDER_REVIEW_A1 \
	"    role_pair: coding-pair\n    status: REVIEWING_CODE\n    assigned_to: coder-1\n" \
	"    review_commit: abcdef0\n    reviewing_by: code-reviewer-1\n" \
	"    review_lease_expires: 2026-11-25T10:30:00Z\n    attempt: 1\n    iteration: 2\n"

#define TWO_REJECTIONS \
	"      - {time: 2026-11-25T09:10:00Z, event: rejected, agent: code-reviewer-1, reason: a}\n" \
	"      - {time: 2026-11-25T09:20:00Z, event: review_verdict_rejected, agent: code-reviewer-1}\n"

/* t-1 under review (UNDER_REVIEW_A1 and rest), rejected by its reviewer */
static int reject_under_review(th_run *r, const char *rest, tx_result *res)
{
	char task[2048];
	snprintf(task, sizeof task, "%s%s", UNDER_REVIEW_A1, rest);
	th_write(r, "state.yaml", go_state(task, NULL));
	return verdict(r, "reject", "code-reviewer-1", "still wrong", res);
}

/* a fresh project of the quorum-2 pipeline with this task */
static void open_q2(th_run *r, const char *task)
{
	th_open(r);
	th_write(r, "pipeline.yaml", pipeline_q2);
	th_write(r, "state.yaml", go_state(task, NULL));
}

static void the_fourth_rejection_opens_the_rca_gate(void **state)
{
	(void)state;
	th_run r;
	open_q2(&r,
		UNDER_REVIEW_A1
		"    review_cycles_current: 3\n    review_cycles_total: 3\n    history:\n"
		"      - {time: 2026-11-25T09:10:00Z, event: rejected, agent: code-reviewer-1, reason: a}\n"
		/* the earliest rejection, written with an offset Go keeps */
		"      - {time: 2026-11-25T09:05:00+01:00, event: review_verdict_rejected, agent: code-reviewer-1}\n"
		"      - {time: 2026-11-25T09:30:00Z, event: claimed, agent: coder-1}\n");
	tx_result res;
	assert_int_equal(verdict(&r, "reject", "code-reviewer-1", "still wrong", &res), TX_DONE);
	assert_non_null(strstr(res.message, "REVIEWING_CODE -> BLOCKED"));
	assert_non_null(strstr(res.note, "rejection-RCA gate: BLOCKED until the orchestrator records an RCA"));
	assert_non_null(strstr(res.note, "4 durable rejections, threshold 4"));
	assert_non_null(strstr(res.note, "liza record-rejection-rca t-1"));
	size_t len;
	char *s = read_state(&r, &len);
	assert_non_null(strstr(s, "status: BLOCKED"));
	assert_non_null(strstr(s, "rejection_rca: {schema_version: 1, threshold: 4, rejection_count: 4, "
	                          "gated_at: \"2026-11-25T10:00:00Z\", gating_commit: abcdef0}"));
	assert_non_null(strstr(s, "blocked_reason: \"rejection_rca_required: 4 durable rejections reached the "
	                          "high-churn threshold 4;"));
	assert_non_null(strstr(s, "Which cause dominated the rejections"));
	assert_non_null(strstr(s, "Which recovery path should resume the task"));
	assert_non_null(strstr(s, "blocked_class: rejection_rca_required, first_rejection_at: \"2026-11-25T09:05:00+01:00\", "
	                          "gated_at: \"2026-11-25T10:00:00Z\", rejection_count: 4, threshold: 4}"));
	assert_non_null(strstr(s, "assigned_to: null"));
	assert_non_null(strstr(s, "review_commit: null"));
	free(s);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "invalid_state", NULL);
	char nb[256];
	assert_non_null(strstr(lizago_next_step(r.snap->sys, lizago_find_task(r.snap->sys, "t-1"), nb, sizeof nb),
	                       "liza record-rejection-rca"));
	/* DurableRejectionCount reads review_cycles_total once it is positive:
	 * history alone does not gate while the counter says fewer */
	assert_int_equal(reject_under_review(&r, "    review_cycles_current: 0\n    review_cycles_total: 0\n    history:\n"
	                                     TWO_REJECTIONS
	                                     "      - {time: 2026-11-25T09:30:00Z, event: rejected, agent: code-reviewer-1, "
	                                     "reason: b}\n", &res), TX_DONE);
	assert_non_null(strstr(res.message, "-> CODE_REJECTED"));
	/* ...and the history when the counter is not positive (a rejection
	 * without a time is not counted) */
	assert_int_equal(reject_under_review(&r, "    review_cycles_current: 0\n    review_cycles_total: -1\n    history:\n"
	                                     TWO_REJECTIONS
	                                     "      - {event: rejected, agent: code-reviewer-1, reason: no time}\n"
	                                     "      - {time: 2026-11-25T09:30:00Z, event: rejected, agent: code-reviewer-1, "
	                                     "reason: b}\n", &res), TX_DONE);
	assert_non_null(strstr(res.message, "-> BLOCKED"));
	/* an open gate never re-fires; a closed one a threshold after its count */
	assert_int_equal(reject_under_review(&r, "    review_cycles_current: 0\n    review_cycles_total: 7\n    history: []\n"
	                                     "    rejection_rca: {threshold: 4, rejection_count: 4, gated_at: "
	                                     "2026-11-25T09:00:00Z, fingerprint: x,\n      disposition: {recovery_path: "
	                                     "rescope, restore_mode: none, actor: orchestrator-1,\n        decided_at: "
	                                     "2026-11-25T09:10:00Z}}\n", &res), TX_DONE);
	assert_non_null(strstr(res.message, "-> BLOCKED"));
	s = read_state(&r, &len);
	/* the new cycle's record replaces the closed one, disposition and all */
	assert_non_null(strstr(s, "rejection_rca: {schema_version: 1, threshold: 4, rejection_count: 8, "));
	assert_null(strstr(s, "recovery_path"));
	free(s);
	/* leftover blocked_questions: replaced, as Go assigns the list */
	assert_int_equal(reject_under_review(&r, "    review_cycles_current: 3\n    review_cycles_total: 3\n    history: []\n"
	                                     "    blocked_questions: [old question]\n", &res), TX_DONE);
	s = read_state(&r, &len);
	assert_non_null(strstr(s, "blocked_questions: [\"Which cause dominated the rejections: product_defect, "));
	assert_null(strstr(s, "old question"));
	free(s);
	th_close(&r);
}

/* CompleteLifecycleRequest runs in the verdict's write; where Liza itself
 * would refuse (a live preparation at this boundary, an actor id its
 * lifecycle rejects) or liza-watch cannot reproduce the digest (validation
 * prerequisites), the verdict is refused and the file untouched. */
static void lifecycle_refusals_leave_the_file(void **state)
{
	(void)state;
	th_run r;
	open_q2(&r, REVIEWING);
	/* the boundary Liza would expect, from the file as written */
	size_t len;
	char *s = read_state(&r, &len);
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, s, len, "state.yaml", NULL, &err), 0);
	const doc_node *task = doc_seq_first(doc_get(d.root, "tasks"));
	lg_boundary b;
	const char *why;
	assert_true(lizago_boundary_of(doc_deref(task), &b, &why));
	char id[65];
	lizago_transition_id(&b, id);
	doc_free(&d);
	free(s);
	char task_text[1024];
	snprintf(task_text, sizeof task_text, "%s    lifecycle: {revision: 0, completion_sequence: 0, preparation: "
	         "{operation: claim-task, actor: coder-1, boundary: \"%s\"}}\n", REVIEWING, id);
	char *before = go_state(task_text, NULL);
	th_write(&r, "state.yaml", before);
	tx_result res;
	assert_int_equal(verdict(&r, "approve", "code-reviewer-1", NULL, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "unresolved lifecycle preparation"));
	s = read_state(&r, &len);
	assert_string_equal(s, before);
	free(s);
	/* validation prerequisites enter the transition through a digest not reproduced */
	before = go_state(REVIEWING "    validation_prerequisites: [{id: db}]\n", NULL);
	th_write(&r, "state.yaml", before);
	assert_int_equal(verdict(&r, "reject", "code-reviewer-1", "no", &res), TX_DENIED);
	assert_non_null(strstr(res.message, "validation_prerequisites"));
	/* an actor id outside [A-Za-z0-9._:-] */
	th_write(&r, "state.yaml", go_state("    role_pair: coding-pair\n    status: REVIEWING_CODE\n"
	                                    "    assigned_to: coder-1\n    review_commit: abcdef0\n"
	                                    "    reviewing_by: code reviewer\n    history: []\n", NULL));
	assert_int_equal(verdict(&r, "approve", "code reviewer", NULL, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "not one Liza's lifecycle accepts"));
	th_close(&r);
}

static void pause_and_resume_are_system_modes(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	th_write(&r, "state.yaml", go_state(REVIEWING, NULL));
	tx_request rq = { .event = "resume", .as = "human", .now = th_time(NOW) };
	tx_result res;
	assert_int_equal(liza_transition(r.liza, &rq, &res), TX_DENIED);
	rq.event = "pause";
	assert_int_equal(liza_transition(r.liza, &rq, &res), TX_DONE);
	size_t len;
	char *s = read_state(&r, &len);
	assert_non_null(strstr(s, "mode: PAUSED"));
	assert_non_null(strstr(s, "mode_changed_by: human"));
	free(s);
	/* no PAUSE marker file: today's Liza keeps its mode in state.yaml */
	char p[512];
	struct stat sb;
	snprintf(p, sizeof p, "%s/PAUSE", r.liza);
	assert_int_not_equal(stat(p, &sb), 0);
	rq.event = "resume";
	assert_int_equal(liza_transition(r.liza, &rq, &res), TX_DONE);
	th_close(&r);
}

/* Shell-era files still go the shell-era way. */
static void a_shell_era_file_stays_shell_era(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, th_yaml("  - id: t-1\n    status: UNCLAIMED\n    done_when: x\n    spec_ref: s\n", NULL,
	                                      NULL, NULL), NOW), 0);
	assert_ptr_equal(liza_gen_of(r.snap->sys), &liza_shell_generation);
	TH_NONE(&r, "invalid_state", NULL);
	th_close(&r);
}

/* A heartbeat published beside the state (a liveness record) counts, as
 * Liza's reads fold it in; a record no newer than the row does not. */
static void liveness_records_refresh_leases(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	char *s = go_state("    role_pair: coding-pair\n    status: CODE_TO_REVIEW\n    review_commit: abc\n"
	                   "    history: []\n", NULL);
	/* coder-1 holds t-1 with a lease long gone in the row */
	char *text = malloc(strlen(s) + 256);
	char *at = strstr(s, "  coder-1: {role: coder, status: IDLE,");
	sprintf(text, "%.*s  coder-1: {role: coder, status: WAITING, current_task: t-1, generation: g1, liveness_seq: 3,\n"
	        "            lease_expires: 2026-11-25T09:00:00Z,%s", (int)(at - s), s,
	        at + strlen("  coder-1: {role: coder, status: IDLE,"));
	th_write(&r, "state.yaml", text);
	free(text);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_WARN, "lease_expired", "coder-1", "t-1");
	static const char *const rec =
		"{\"agent_id\":\"coder-1\",\"generation\":\"g1\",\"seq\":%d,"
		"\"heartbeat\":\"2026-11-25T09:59:50Z\",\"lease_expires\":\"2026-11-25T10:29:50Z\"}";
	char buf[256];
	snprintf(buf, sizeof buf, rec, 3);
	th_write(&r, "state.yaml.liveness-0123456789abcdef", buf);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_WARN, "lease_expired", "coder-1", "t-1");   /* seq 3 is already folded */
	snprintf(buf, sizeof buf, rec, 4);
	th_write(&r, "state.yaml.liveness-0123456789abcdef", buf);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "lease_expired", NULL);
	th_close(&r);
}

/* Lookups go through a sorted index: ten thousand tasks, every one planned
 * in the sprint and each the parent of the next and depending on the one
 * before (a chain as deep as the tasks: cycle search and resolution stay
 * linear and off the C stack), load and check at once. */
static void ten_thousand_chained_tasks_load_whole(void **state)
{
	(void)state;
	enum { N = 10000 };
	strbuf b;
	strbuf_init(&b);
	strbuf_adds(&b, "version: 1\npipeline_version: 1\ngoal: {id: g-1, status: IN_PROGRESS}\ntasks:\n");
	for (int i = 0; i < N; i++)
		strbuf_printf(&b, "  - {id: t-%d, type: coding, role_pair: coding-pair, status: DRAFT_CODE, spec_ref: s, "
		              "done_when: d%s%d%s%d]}\n", i, i ? ", parent_task: t-" : ", x: ", i ? i - 1 : 0,
		              i ? ", depends_on: [t-" : ", y: [", i ? i - 1 : 0);
	strbuf_adds(&b, "agents: {coder-1: {role: coder, status: IDLE}, code-reviewer-1: {role: code-reviewer, status: IDLE}}\n"
	                "sprint: {id: s-1, goal_ref: g-1, timeline: {started: 2026-11-25T08:00:00Z}, status: IN_PROGRESS,\n"
	                "         scope: {planned: [");
	for (int i = 0; i < N; i++)
		strbuf_printf(&b, "%st-%d", i ? ", " : "", i);
	strbuf_adds(&b, "]}}\nconfig: {integration_branch: integration}\n");
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	th_write(&r, "state.yaml", b.buf);
	strbuf_free(&b);
	/* Whether this stays linear is `make bench`'s "status liza-go 10000"
	 * figure (against ten times 1,000, same run): a time bound here would
	 * be a timed unit test, flaky on a busy machine. This checks that a
	 * chain of 10,000 loads whole and raises no false invalid_state. */
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "invalid_state", NULL);
	assert_int_equal(r.snap->ntasks, N);
	th_close(&r);
}

/* The pattern analysis groups anomalies by detail values Go's decoder reads
 * as strings: numbers, booleans and null are not, quoted text always is. */
static void detail_values_are_strings_as_go_reads_them(void **state)
{
	(void)state;
	const char *text = "a: ECONNRESET\nb: 12\nc: true\nd: '12'\ne: ~\nf: 1.5\ng: \"\"\nh: 0.0\ni: -3\nj: no\n"
	                   "k: 12 apples\nl: .hidden\nm: [x]\n";
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, text, strlen(text), "details.yaml", NULL, &err), 0);
	const doc_node *m = doc_deref(d.root);
	const char *yes[] = { "a", "d", "g", "k", "l" }, *no[] = { "b", "c", "e", "f", "h", "i", "j", "m", "absent" };
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
		assert_true(lizago_check_is_string(doc_get(m, yes[i])));
	for (size_t i = 0; i < sizeof no / sizeof *no; i++)
		assert_false(lizago_check_is_string(doc_get(m, no[i])));
	doc_free(&d);
}

/* Dependencies: every edge on a cycle is one violation, an edge into a
 * cycle is none; a dependency satisfied through superseded_by is met. */
static void dependency_cycles_are_edges_of_one_component(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	th_write(&r, "state.yaml",
	         go_state_with("    role_pair: coding-pair\n    status: DRAFT_CODE\n    depends_on: [t-2]\n    history: []\n"
	                       "  - {id: t-2, type: coding, role_pair: coding-pair, status: DRAFT_CODE, spec_ref: s, done_when: d,\n"
	                       "     depends_on: [t-1, t-3]}\n"
	                       "  - {id: t-3, type: coding, role_pair: coding-pair, status: DRAFT_CODE, spec_ref: s, done_when: d,\n"
	                       "     depends_on: [t-3]}\n"
	                       "  - {id: t-4, type: coding, role_pair: coding-pair, status: DRAFT_CODE, spec_ref: s, done_when: d,\n"
	                       "     depends_on: [t-1]}\n",
	                       NULL, REVIEWER_IDLE));
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-1", "edge t-1 -> t-2");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-2", "edge t-2 -> t-1");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-3", "edge t-3 -> t-3");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-3", "referencing itself");
	TH_NONE(&r, "invalid_state", "t-4");
	/* t-1->t-2, t-2->t-1, t-3->t-3 on cycles; t-2->t-3 and t-4->t-1 are not; plus t-3's self reference */
	assert_int_equal(th_count(&r, "invalid_state"), 4);
	th_close(&r);
}

/* The watcher raises the circuit breaker from the anomalies alone, before
 * the state says TRIGGERED; once a trigger is cleared, older anomalies are
 * acknowledged. */
static void patterns_raise_the_breaker_until_acknowledged(void **state)
{
	(void)state;
	const char *anomalies =
		"anomalies:\n"
		"  - {timestamp: 2026-11-25T09:10:00Z, type: retry_loop, details: {count: 2, error_pattern: ECONNRESET}}\n"
		"  - {timestamp: 2026-11-25T09:20:00Z, type: retry_loop, details: {count: 2, error_pattern: ECONNRESET}}\n"
		"  - {timestamp: 2026-11-25T09:30:00Z, type: retry_loop, details: {count: 2, error_pattern: 7}}\n";
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	const char *base = go_state_with("    role_pair: coding-pair\n    status: DRAFT_CODE\n    history: []\n", NULL,
	                                 REVIEWER_IDLE);
	strbuf b;
	strbuf_init(&b);
	strbuf_adds(&b, base);
	strbuf_adds(&b, anomalies);
	th_write(&r, "state.yaml", b.buf);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "circuit_breaker", "circuit_breaker", "pattern=retry_cluster severity=ARCHITECTURE_FLAW");
	TH_NONE(&r, "invalid_state", NULL);
	/* a trigger cleared at 09:25 leaves one retry_loop after it: nothing */
	const char *ok = "circuit_breaker: {status: OK}";
	char *cb = strstr(b.buf, ok);
	assert_non_null(cb);
	strbuf t;
	strbuf_init(&t);
	strbuf_add(&t, b.buf, (size_t)(cb - b.buf));
	strbuf_adds(&t, "circuit_breaker: {status: OK, history: [{timestamp: 2026-11-25T09:25:00Z, result: TRIGGERED}]}");
	strbuf_adds(&t, cb + strlen(ok));
	th_write(&r, "state.yaml", t.buf);
	strbuf_free(&b);
	strbuf_free(&t);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "circuit_breaker", NULL);
	th_close(&r);
}

/* statehygiene.IsTranscriptPayload: spaces (Unicode ones too) and case do not
 * hide a transcript; the words alone, outside that shape, are no transcript. */
static void transcripts_are_found_through_spacing_and_case(void **state)
{
	(void)state;
	assert_true(lizago_hygiene_transcript("{\"type\":\"item.completed\",\"item\":{}}"));
	assert_true(lizago_hygiene_transcript("{ \"TYPE\" :\t\"Item.Completed\" }"));
	assert_true(lizago_hygiene_transcript("{\"type\":\xc2\xa0\"command_execution\",\n \"aggregated_output\": \"x\"}"));
	assert_true(lizago_hygiene_transcript("item.completed then command_execution with aggregated_output"));
	assert_true(lizago_hygiene_transcript("log: {\\\"type\\\":\\\"item.completed\\\"}"));
	assert_false(lizago_hygiene_transcript("failed to record rollout items: thread abc not found"));
	assert_false(lizago_hygiene_transcript("{\"type\":\"command_execution\",\"exit_code\":0}"));
	assert_false(lizago_hygiene_transcript("item.completed"));
	assert_false(lizago_hygiene_transcript(""));
}

/* watch.go's process checks, on the agents' host only (LIZA_WATCH_PROBE_PIDS=1):
 * this test's own pid is alive; one above the kernel's pid_max is certainly
 * dead. Without the switch a pid says nothing. */
static void dead_agent_processes_on_this_host(void **state)
{
	(void)state;
	long long pid_max = 4194304;
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	if (f) {
		if (fscanf(f, "%lld", &pid_max) != 1)
			pid_max = 4194304;
		fclose(f);
	}
	char rows[1024];
	/* the reviewer under review and an idle coder with a live lease */
	snprintf(rows, sizeof rows,
	         "  code-reviewer-1: {role: code-reviewer, status: REVIEWING, current_task: t-1, provider: claude,\n"
	         "                    heartbeat: 2026-11-25T09:59:00Z, pid: %lld, lease_expires: 2026-11-25T10:30:00Z}\n"
	         "  coder-2: {role: coder, status: IDLE, provider: claude, heartbeat: 2026-11-25T09:59:00Z,\n"
	         "            pid: %lld, lease_expires: 2026-11-25T10:30:00Z}\n",
	         pid_max + 1, pid_max + 7);
	th_run r;
	setenv("LIZA_WATCH_PROBE_PIDS", "1", 1);
	assert_int_equal(th_state(&r, go_state_with(REVIEWING, NULL, rows), NOW), 0);
	th_write(&r, "pipeline.yaml", pipeline_q2);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "dead_agent_process", "t-1", "reviewer code-reviewer-1 but no live process");
	TH_EXPECT(&r, LW_CRIT, "registered_agent_process", "coder-2", "active lease but no live process");
	/* alive: this process */
	snprintf(rows, sizeof rows,
	         "  code-reviewer-1: {role: code-reviewer, status: REVIEWING, current_task: t-1, provider: claude,\n"
	         "                    heartbeat: 2026-11-25T09:59:00Z, pid: %lld, lease_expires: 2026-11-25T10:30:00Z}\n"
	         "  coder-2: {role: coder, status: IDLE, provider: claude, heartbeat: 2026-11-25T09:59:00Z,\n"
	         "            pid: 1, lease_expires: 2026-11-25T10:30:00Z}\n",
	         (long long)getpid());
	th_write(&r, "state.yaml", go_state_with(REVIEWING, NULL, rows));
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "dead_agent_process", NULL);
	TH_NONE(&r, "registered_agent_process", NULL);   /* pid 1 exists: EPERM or not, alive */
	/* the switch off: a dead pid raises nothing */
	snprintf(rows, sizeof rows,
	         "  code-reviewer-1: {role: code-reviewer, status: REVIEWING, current_task: t-1, provider: claude,\n"
	         "                    heartbeat: 2026-11-25T09:59:00Z, pid: %lld, lease_expires: 2026-11-25T10:30:00Z}\n",
	         pid_max + 1);
	unsetenv("LIZA_WATCH_PROBE_PIDS");
	th_write(&r, "state.yaml", go_state_with(REVIEWING, NULL, rows));
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "dead_agent_process", NULL);
	th_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(generations_are_told_apart_per_file),
		cmocka_unit_test(statuses_resolve_through_the_pipeline),
		cmocka_unit_test(a_valid_go_state_is_quiet_and_laned),
		cmocka_unit_test(the_snapshot_records_its_generation_and_table),
		cmocka_unit_test(each_generation_declares_its_settings),
		cmocka_unit_test(a_missing_pipeline_is_what_liza_validate_says),
		cmocka_unit_test(an_unknown_status_is_unknown_and_nothing_more),
		cmocka_unit_test(invariants_follow_the_category),
		cmocka_unit_test(watch_checks_keep_liza_severities),
		cmocka_unit_test(approvals_count_toward_the_quorum),
		cmocka_unit_test(a_rejection_counts_and_clears_approvals),
		cmocka_unit_test(impact_overrides_the_quorum),
		cmocka_unit_test(waiting_since_is_when_it_entered_its_status),
		cmocka_unit_test(a_rejection_at_the_limits_escalates),
		cmocka_unit_test(the_fourth_rejection_opens_the_rca_gate),
		cmocka_unit_test(lifecycle_refusals_leave_the_file),
		cmocka_unit_test(pause_and_resume_are_system_modes),
		cmocka_unit_test(a_shell_era_file_stays_shell_era),
		cmocka_unit_test(ten_thousand_chained_tasks_load_whole),
		cmocka_unit_test(detail_values_are_strings_as_go_reads_them),
		cmocka_unit_test(dependency_cycles_are_edges_of_one_component),
		cmocka_unit_test(patterns_raise_the_breaker_until_acknowledged),
		cmocka_unit_test(liveness_records_refresh_leases),
		cmocka_unit_test(transcripts_are_found_through_spacing_and_case),
		cmocka_unit_test(dead_agent_processes_on_this_host),
		cmocka_unit_test(a_clean_global_analysis_is_left_to_liza),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
