/* test_liza_invariants.c — the rules of liza-validate.sh: a valid state with
 * every status raises none; each rule broken on its own raises exactly one
 * invalid_state alert that names the rule and file:line:col. */
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
#include "tests/unit/helper_liza.h"
#include "core/util/inputs.h"
#include "core/util/strbuf.h"

#define NOW "2026-01-20T10:20:00Z"

/* Every status, every optional structure, all rules kept. */
static const char VALID[] =
	"version: 1\n"
	"goal: {id: g-1, description: d, status: IN_PROGRESS}\n"
	"tasks:\n"
	"  - {id: dr, status: DRAFT, spec_ref: s.md}\n"
	"  - {id: un, status: UNCLAIMED, spec_ref: s.md, done_when: d}\n"
	"  - {id: cl, status: CLAIMED, assigned_to: coder-1, worktree: .worktrees/cl, base_commit: b1,"
	" lease_expires: '2026-01-20T11:00:00Z', depends_on: [me], spec_ref: s.md, done_when: d}\n"
	"  - {id: fx, status: CLAIMED, assigned_to: coder-2, worktree: .worktrees/fx, integration_fix: true,"
	" lease_expires: '2026-01-20T11:00:00Z', spec_ref: s.md, done_when: d,"
	" history: [{time: '2026-01-20T09:00:00Z', event: integration_failed, agent: coder-2}]}\n"
	"  - {id: rv, status: READY_FOR_REVIEW, assigned_to: coder-3, review_commit: c1, spec_ref: s.md, done_when: d}\n"
	"  - {id: rj, status: REJECTED, assigned_to: coder-4, rejection_reason: r, spec_ref: s.md, done_when: d}\n"
	"  - {id: ap, status: APPROVED, assigned_to: coder-5, merge_commit: m1, spec_ref: s.md, done_when: d}\n"
	"  - {id: me, status: MERGED, assigned_to: coder-1, worktree: null, spec_ref: s.md, done_when: d}\n"
	"  - {id: bl, status: BLOCKED, blocked_reason: r, blocked_questions: [q], spec_ref: s.md, done_when: d}\n"
	"  - {id: ab, status: ABANDONED}\n"
	"  - {id: su, status: SUPERSEDED, superseded_by: [un], rescope_reason: split}\n"
	"  - {id: if, status: INTEGRATION_FAILED, spec_ref: s.md, done_when: d, failed_by: [coder-1]}\n"
	"agents:\n"
	"  coder-1: {role: coder, status: WORKING, current_task: cl, lease_expires: '2026-01-20T11:00:00Z'}\n"
	"  coder-2: {role: coder, status: WORKING, task: fx, lease_expires: '2026-01-20T11:00:00Z'}\n"
	"  coder-4: {role: coder, status: WORKING, current_task: rj, lease_expires: '2026-01-20T11:00:00Z'}\n"
	"  planner-1: {role: planner, status: IDLE}\n"
	"handoff:\n"
	"  un: {agent: coder-9, summary: half done, next_action: finish}\n"
	"discovered:\n"
	"  - {id: disc-1, urgency: immediate, converted_to_task: un}\n"
	"  - {id: disc-2, urgency: deferred}\n"
	"  - {id: disc-3}\n"
	"sprint: {id: s-1, goal_ref: g-1, status: IN_PROGRESS, timeline: {started: '2026-01-20T09:00:00Z'},"
	" scope: {planned: [un, cl], stretch: [bl]}}\n"
	"anomalies:\n"
	"  - {type: trade_off, details: {what: a, why: b, debt_created: c}}\n"
	"  - {type: spec_gap}\n"
	"circuit_breaker: {status: OK}\n"
	"config: {max_coder_iterations: 10}\n";

/* VALID with `find` (present exactly once) replaced; a static buffer. */
static const char *with(const char *find, const char *repl)
{
	static char buf[8192];
	const char *at = strstr(VALID, find);
	if (!at || strstr(at + 1, find)) {
		print_error("fixture text \"%s\" must occur exactly once\n", find);
		fail();
	}
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - VALID), VALID, repl, at + strlen(find));
	return buf;
}

static const char *with2(const char *f1, const char *r1, const char *f2, const char *r2)
{
	static char buf[8192];
	snprintf(buf, sizeof buf, "%s", with(f1, r1));
	char *at = strstr(buf, f2);
	assert_non_null(at);
	char tail[8192];
	snprintf(tail, sizeof tail, "%s", at + strlen(f2));
	snprintf(at, sizeof buf - (size_t)(at - buf), "%s%s", r2, tail);
	return buf;
}

static unsigned line_of(const char *text, const char *what)
{
	const char *at = strstr(text, what);
	assert_non_null(at);
	unsigned line = 1;
	for (const char *p = text; p < at; p++)
		line += *p == '\n';
	return line;
}

static void valid_state_raises_nothing(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, VALID, NOW), 0);
	if (th_count(&r, "invalid_state"))
		th_dump(&r);
	assert_int_equal(th_count(&r, "invalid_state"), 0);
	/* the only alerts are for the BLOCKED and INTEGRATION_FAILED tasks themselves */
	TH_EXPECT(&r, LW_WARN, "blocked", "bl", NULL);
	TH_EXPECT(&r, LW_CRIT, "integration_failed", "if", NULL);
	assert_int_equal(th_count(&r, NULL), 2);
	th_close(&r);
}

typedef struct rule_case {
	const char *rule, *find, *repl, *subject, *fragment;
} rule_case;

static const rule_case cases[] = {
	{ "required_keys", "config: {max_coder_iterations: 10}\n", "", "state.yaml", "top-level key: config" },
	{ "required_keys", "version: 1\n", "version: null\n", "state.yaml", "version" },
	{ "status_known", "{id: un, status: UNCLAIMED,", "{id: un, status: WAITING,", "un", "\"WAITING\"" },
	{ "status_known", "{id: un, status: UNCLAIMED,", "{id: un,", "un", "no status" },
	{ "draft_unassigned", "{id: dr, status: DRAFT,", "{id: dr, status: DRAFT, assigned_to: coder-9,", "dr",
	  "coder-9" },
	{ "claimed_fields", "worktree: .worktrees/cl, ", "", "cl", "CLAIMED task has no worktree" },
	{ "claimed_fields", "base_commit: b1,", "", "cl", "no base_commit" },
	{ "claimed_fields", "assigned_to: coder-1, worktree: .worktrees/cl", "worktree: .worktrees/cl", "cl",
	  "no assigned_to" },
	{ "claimed_fields", "lease_expires: '2026-01-20T11:00:00Z', depends_on", "depends_on", "cl",
	  "no lease_expires" },
	{ "review_fields", "review_commit: c1, ", "", "rv", "no review_commit" },
	{ "merged_worktree", "worktree: null", "worktree: .worktrees/me", "me", "still has a worktree" },
	{ "blocked_fields", "blocked_questions: [q], ", "", "bl", "no blocked_questions" },
	{ "blocked_fields", "blocked_reason: r, ", "blocked_reason: null, ", "bl", "no blocked_reason" },
	{ "rejected_fields", "rejection_reason: r, ", "", "rj", "no rejection_reason" },
	{ "superseded_fields", ", rescope_reason: split", "", "su", "no rescope_reason" },
	{ "superseded_fields", "superseded_by: [un], ", "", "su", "no superseded_by" },
	{ "one_active_task", "assigned_to: coder-3", "assigned_to: coder-1", "coder-1",
	  "coder-1 is assigned_to 2 active tasks: cl (CLAIMED), rv (READY_FOR_REVIEW)" },
	{ "unique_ids", "{id: ab,", "{id: un,", "un", "task id un is used 2 times" },
	{ "depends_exist", "depends_on: [me]", "depends_on: [me, ghost]", "cl", "unknown task: ghost" },
	{ "claimed_deps_merged", "depends_on: [me]", "depends_on: [me, un]", "cl", "un (UNCLAIMED)" },
	{ "no_cycles", "{id: un, status: UNCLAIMED,", "{id: un, depends_on: [un], status: UNCLAIMED,", "un",
	  "un → un" },
	{ "working_fields", "current_task: cl, ", "", "coder-1", "WORKING agent has no current_task" },
	{ "working_fields", "task: fx, lease_expires: '2026-01-20T11:00:00Z'", "task: fx", "coder-2",
	  "no lease_expires" },
	{ "failed_by_unique", "failed_by: [coder-1]", "failed_by: [coder-1, coder-2, coder-1]", "if",
	  "lists coder-1 more than once" },
	{ "finalized_fields", "{id: un, status: UNCLAIMED, spec_ref: s.md, done_when: d}",
	  "{id: un, status: UNCLAIMED, spec_ref: s.md}", "un", "UNCLAIMED task has no done_when" },
	{ "finalized_fields", "{id: ap, status: APPROVED, assigned_to: coder-5, merge_commit: m1, spec_ref: s.md,",
	  "{id: ap, status: APPROVED, assigned_to: coder-5, merge_commit: m1,", "ap", "no spec_ref" },
	{ "handoff_fields", ", next_action: finish", "", "un", "handoff entry has no next_action" },
	{ "discovery_urgency", "urgency: deferred", "urgency: soon", "disc-2", "\"soon\"" },
	{ "sprint_status", "goal_ref: g-1, status: IN_PROGRESS", "goal_ref: g-1, status: RUNNING", "s-1",
	  "\"RUNNING\"" },
	{ "sprint_goal_ref", "goal_ref: g-1", "goal_ref: g-2", "s-1", "g-2 does not match goal.id g-1" },
	{ "sprint_scope", "stretch: [bl]", "stretch: [bl, nope]", "s-1", "unknown task: nope" },
	/* liza-validate.sh's rules beyond a task's own fields (liza_validity.c) */
	{ "integration_fix_history", "event: integration_failed", "event: claimed", "fx",
	  "no integration_failed event in history" },
	{ "anomaly_type", "{type: spec_gap}", "{type: flaky}", "anomalies[1]", "unknown anomaly type 'flaky'" },
	{ "anomaly_type", "{type: spec_gap}", "{kind: spec_gap}", "anomalies[1]", "unknown anomaly type 'null'" },
	{ "anomaly_details", "why: b, ", "", "anomalies[0]", "trade_off anomaly missing required details (why)" },
	{ "anomaly_details", "{type: spec_gap}", "{type: retry_loop, details: {count: 3}}", "anomalies[1]",
	  "retry_loop anomaly missing required details (error_pattern)" },
	{ "anomaly_details", "{type: spec_gap}", "{type: system_ambiguity}", "anomalies[1]",
	  "(protocol_section, question)" },
	{ "sprint_timeline", "timeline: {started: '2026-01-20T09:00:00Z'},", "", "s-1",
	  "sprint.timeline.started is required" },
};

/* The rules that look at the disk beside .liza: a CLAIMED task's worktree
 * folder and every spec_ref's file (unless SKIP_SPEC_FILE_CHECK=true). */
static void worktrees_and_spec_files_on_disk(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	r.bare = true;
	th_write(&r, "state.yaml", VALID);
	char p[512];
	snprintf(p, sizeof p, "%s/s.md", r.dir);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fclose(f);
	snprintf(p, sizeof p, "%s/.worktrees", r.dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof p, "%s/.worktrees/cl", r.dir);
	assert_int_equal(mkdir(p, 0755), 0);
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "fx", "worktree=.worktrees/fx but that directory does not exist");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "fx", "(rule: worktree_exists)");
	assert_int_equal(th_count(&r, "invalid_state"), 1);
	snprintf(p, sizeof p, "%s/.worktrees/fx", r.dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof p, "%s/s.md", r.dir);
	assert_int_equal(unlink(p), 0);
	th_recheck(&r, NOW);
	assert_int_equal(th_load(&r, NOW), 0);
	/* every task naming s.md, DRAFT included (the script checks them all) */
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "dr", "spec_ref file not found: s.md");
	assert_int_equal(th_count(&r, "invalid_state"), 10);
	setenv("SKIP_SPEC_FILE_CHECK", "true", 1);
	assert_int_equal(th_load(&r, NOW), 0);
	unsetenv("SKIP_SPEC_FILE_CHECK");
	assert_int_equal(th_count(&r, "invalid_state"), 0);
	th_close(&r);
}

/* Ten tasks naming one spec file cost one stat of it, not ten (the record
 * of what the run looked at holds every stat the checks make), and every
 * task still gets its own alert when the file is missing. */
static void each_spec_file_stat_once(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	r.bare = true;
	th_write(&r, "state.yaml", with("{id: dr, status: DRAFT, spec_ref: s.md}",
	                                "{id: dr, status: DRAFT, spec_ref: 's.md#anchor'}"));
	lw_inputs_start();
	assert_int_equal(th_load(&r, NOW), 0);
	strbuf rec;
	strbuf_init(&rec);
	lw_inputs_write(&rec);
	lw_inputs_stop();
	size_t stats = 0;
	for (const char *p = rec.buf ? rec.buf : ""; (p = strstr(p, "/s.md")) != NULL; p++)
		stats++;
	strbuf_free(&rec);
	assert_int_equal(stats, 1);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "dr", "spec_ref file not found: s.md");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "if", "spec_ref file not found: s.md");
	assert_int_equal(th_count(&r, "invalid_state"), 12);   /* 10 spec_file + 2 worktree_exists */
	th_close(&r);
}

static void each_rule_broken_on_its_own(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const rule_case *c = &cases[i];
		th_run r;
		assert_int_equal(th_state(&r, with(c->find, c->repl), NOW), 0);
		char rule[64];
		snprintf(rule, sizeof rule, "(rule: %s)", c->rule);
		if (th_count(&r, "invalid_state") != 1)
			fprintf(stderr, "case %zu (%s): want exactly one invalid_state\n", i, c->rule);
		TH_EXPECT(&r, LW_CRIT, "invalid_state", c->subject, rule);
		TH_EXPECT(&r, LW_CRIT, "invalid_state", c->subject, c->fragment);
		TH_EXPECT(&r, LW_CRIT, "invalid_state", c->subject, "state.yaml:");
		assert_int_equal(th_count(&r, "invalid_state"), 1);
		th_close(&r);
	}
}

static void location_is_the_tasks_line_and_column(void **state)
{
	(void)state;
	th_run r;
	const char *text = with("worktree: .worktrees/cl, ", "");
	assert_int_equal(th_state(&r, text, NOW), 0);
	char want[96];
	snprintf(want, sizeof want, "state.yaml:%u:5: CLAIMED task has no worktree (rule: claimed_fields)",
	         line_of(text, "{id: cl,"));
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "cl", want);
	th_close(&r);

	/* a wrong value points at the value itself */
	text = with("worktree: null", "worktree: .worktrees/me");
	assert_int_equal(th_state(&r, text, NOW), 0);
	const char *line = strstr(text, "{id: me,");
	unsigned col = (unsigned)(strstr(line, ".worktrees/me") - (line - 4)) + 1;
	snprintf(want, sizeof want, "state.yaml:%u:%u: MERGED", line_of(text, "{id: me,"), col);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "me", want);
	th_close(&r);
}

static void two_rules_on_one_task_are_two_alerts(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, with2("worktree: .worktrees/cl, ", "", "depends_on: [me]", "depends_on: [ghost]"),
	                          NOW), 0);
	assert_int_equal(th_count(&r, "invalid_state"), 2);
	const lw_alert *a = lw_alerts_find(&r.al, "liza", "invalid_state", "cl#claimed_fields");
	const lw_alert *b = lw_alerts_find(&r.al, "liza", "invalid_state", "cl#depends_exist");
	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(a->subject, "cl");
	assert_string_equal(b->subject, "cl");
	th_close(&r);
}

static void every_broken_rule_is_reported_not_just_the_first(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r,
		"version: 1\ngoal: {id: g}\nagents: {}\nsprint: {goal_ref: other, status: LATE}\n"
		"tasks:\n"
		"  - {id: a, status: MERGED, worktree: w}\n"
		"  - {id: b, status: REJECTED, spec_ref: s, done_when: d}\n"
		"  - {id: b, status: FOO}\n", NOW), 0);
	/* config missing; a: merged_worktree + finalized_fields; b: rejected_fields;
	 * duplicate b; FOO unknown (+ finalized_fields on it); sprint status and goal_ref */
	const char *rules[] = { "required_keys", "merged_worktree", "rejected_fields", "unique_ids",
	                        "status_known", "sprint_status", "sprint_goal_ref" };
	for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
		bool found = false;
		for (size_t k = 0; k < r.al.n; k++)
			found |= strstr(r.al.v[k].key, rules[i]) != NULL;
		if (!found) {
			fprintf(stderr, "rule %s not reported\n", rules[i]);
			th_dump(&r);
		}
		assert_true(found);
	}
	/* one identity per alert, even with the id used twice */
	for (size_t i = 0; i < r.al.n; i++)
		for (size_t k = i + 1; k < r.al.n; k++)
			assert_false(strcmp(r.al.v[i].code, r.al.v[k].code) == 0 && strcmp(r.al.v[i].key, r.al.v[k].key) == 0);
	th_close(&r);
}

static void dependency_cycles_name_their_tasks(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: a, status: UNCLAIMED, depends_on: [b], spec_ref: s, done_when: d}\n"
		"  - {id: b, status: UNCLAIMED, depends_on: [c], spec_ref: s, done_when: d}\n"
		"  - {id: c, status: UNCLAIMED, depends_on: [a, d], spec_ref: s, done_when: d}\n"
		"  - {id: d, status: UNCLAIMED, spec_ref: s, done_when: d}\n"
		"  - {id: e, status: UNCLAIMED, depends_on: [d, a], spec_ref: s, done_when: d}\n"
		"  - {id: x, status: UNCLAIMED, depends_on: [x], spec_ref: s, done_when: d}\n",
		NULL, NULL, NULL), NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "a", "dependency cycle of 3 tasks: a → b → c → a (rule: no_cycles)");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "x", "dependency cycle of 1 task: x → x");
	assert_int_equal(th_count(&r, "invalid_state"), 2);   /* d and e are not in a cycle */
	th_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(valid_state_raises_nothing),
		cmocka_unit_test(each_rule_broken_on_its_own),
		cmocka_unit_test(worktrees_and_spec_files_on_disk),
		cmocka_unit_test(each_spec_file_stat_once),
		cmocka_unit_test(location_is_the_tasks_line_and_column),
		cmocka_unit_test(two_rules_on_one_task_are_two_alerts),
		cmocka_unit_test(every_broken_rule_is_reported_not_just_the_first),
		cmocka_unit_test(dependency_cycles_name_their_tasks),
	};
	return cmocka_run_group_tests_name("liza_invariants", tests, NULL, NULL);
}
