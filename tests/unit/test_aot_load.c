/* test_aot_load.c — the AoT state file: where the front matter is (and a
 * file caught half-written), the bundled examples with the alerts they
 * should raise, byte offsets that are the whole file's, the detail tree of
 * an atom, and every invalid_state rule of docs/systems/aot.md (a cycle named
 * atom by atom, duplicate ids, a missing dependency, …). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "systems/aot/aot.h"
#include "core/util/strbuf.h"
#include "tests/unit/helper_proj.h"

#define NOW "2026-04-09T00:20:00Z"
#define FILE_ ".claude/aot-loop-state.md"

static const aot_state *aot_of(tp *p)
{
	const lw_snapshot *s = tp_snap(p, "aot");
	assert_non_null(s);
	return s->sys;
}

static const lw_task *task(tp *p, const char *id)
{
	const lw_snapshot *s = tp_snap(p, "aot");
	for (size_t i = 0; i < s->ntasks; i++)
		if (strcmp(s->tasks[i].id, id) == 0)
			return &s->tasks[i];
	fail_msg("no task %s", id);
	return NULL;
}

/* A well-formed running state around the given atoms block. */
static void state(tp *p, const char *atoms, const char *extra)
{
	char buf[4096];
	snprintf(buf, sizeof buf,
	         "---\n"
	         "objective:\n  goal: g\n  base_case: {type: command, value: \"make test\"}\n"
	         "  background_intent: b\n  deliverables: d\n  definition_of_done: done\n"
	         "control:\n  status: running\n  iteration: 1\n  stall_count: 0\n"
	         "atoms:\n%s"
	         "%s"
	         "---\n\n# Original Prompt\n\nDo it.\n",
	         atoms, extra ? extra : "");
	tp_write(p, FILE_, buf);
}

static void front_matter_bounds(void **st)
{
	(void)st;
	size_t y, b;
	const char *ok = "---\na: 1\n---\nbody\n";
	assert_int_equal(aot_front_matter(ok, strlen(ok), &y, &b), AOT_FM_OK);
	assert_int_equal(y, 9);
	assert_string_equal(ok + b, "body\n");
	const char *crlf = "---\r\na: 1\r\n---  \r\nbody";
	assert_int_equal(aot_front_matter(crlf, strlen(crlf), &y, &b), AOT_FM_OK);
	assert_string_equal(crlf + b, "body");
	const char *bom = "\xEF\xBB\xBF---\na: 1\n---";
	assert_int_equal(aot_front_matter(bom, strlen(bom), &y, &b), AOT_FM_OK);
	assert_int_equal(b, strlen(bom));
	const char *dashes = "---\na: '----'\n----\nb: 2\n---\n";   /* "----" is not the marker */
	assert_int_equal(aot_front_matter(dashes, strlen(dashes), &y, &b), AOT_FM_OK);
	assert_int_equal(y, strlen(dashes) - 4);
	static const char *const open_missing[] = { "", "a: 1\n---\n", "----\na\n---\n", "--- x\n---\n", "---" };
	for (size_t i = 0; i < sizeof open_missing / sizeof *open_missing; i++)
		assert_int_equal(aot_front_matter(open_missing[i], strlen(open_missing[i]), &y, &b), AOT_FM_NO_OPEN);
	static const char *const unclosed[] = { "---\n", "---\na: 1\n", "---\na: 1\n--", "---\na: 1\n-- -\n" };
	for (size_t i = 0; i < sizeof unclosed / sizeof *unclosed; i++)
		assert_int_equal(aot_front_matter(unclosed[i], strlen(unclosed[i]), &y, &b), AOT_FM_NO_CLOSE);
}

/* The upstream template, as /align-goal leaves it before it is filled. */
static void template_example(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_copy_fixture(&p, "examples/aot/aot-loop-state.template.md", FILE_);
	assert_int_equal(tp_load(&p, NOW), 0);
	TP_EXPECT(&p, LW_INFO, "aot", "gate_not_ready", "control",
	          "missing goal, background_intent, deliverables, definition_of_done");
	assert_int_equal(tp_count(&p, "aot", NULL), 1);
	const lw_snapshot *s = tp_snap(&p, "aot");
	assert_string_equal(s->status_segment, "pending 0/20 stall 0/3");
	assert_string_equal(s->workflows[0].name, "aot-loop");
	assert_int_equal(task(&p, "A1")->lane, LANE_READY);
	tp_close(&p);
}

static void running_example(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_copy_fixture(&p, "examples/aot/example-running-state.md", FILE_);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_count(&p, "aot", NULL), 0);
	const lw_snapshot *s = tp_snap(&p, "aot");
	assert_int_equal(s->nproblems, 0);
	assert_string_equal(s->status_segment, "5/20 stall 0/3");
	assert_string_equal(s->workflows[0].name, "Implement authentication feature");
	assert_string_equal(s->workflows[0].phase, "running");
	assert_int_equal(s->workflows[0].iteration, 5);
	assert_int_equal(s->workflows[0].max, 20);
	/* A2 (deps resolved) is the one executable atom; A5 waits on A4. */
	assert_int_equal(task(&p, "A1")->lane, LANE_DONE);
	assert_int_equal(task(&p, "A2")->lane, LANE_READY);
	assert_int_equal(task(&p, "A4")->lane, LANE_ACTIVE);
	assert_int_equal(task(&p, "A5")->lane, LANE_BACKLOG);
	const aot_state *a = aot_of(&p);
	assert_int_equal(a->nexecutable, 1);
	assert_true(a->atoms[1].executable);
	char *line = tp_status(&p);
	TP_CONTAINS(line, "aot: 5/20 stall 0/3");
	free(line);
	tp_close(&p);
}

/* Parsed in place: spans and lines are the whole file's. */
static void offsets_are_the_whole_files(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_copy_fixture(&p, "examples/aot/example-running-state.md", FILE_);
	assert_int_equal(tp_load(&p, NOW), 0);
	char *text = tp_read(&p, FILE_);
	const aot_atom *a2 = &aot_of(&p)->atoms[1];
	const doc_node *status = doc_get(a2->node, "status");
	assert_int_equal(status->end - status->start, 7);
	assert_memory_equal(text + status->start, "pending", 7);
	/* Line 82 of the file holds A2's status. */
	assert_int_equal(status->line, 82);
	free(text);
	tp_close(&p);
}

/* Everything an operator needs is in the atom's detail tree. */
static void atom_detail(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_copy_fixture(&p, "examples/aot/example-running-state.md", FILE_);
	assert_int_equal(tp_load(&p, NOW), 0);
	const doc_node *d = task(&p, "A5")->node;
	assert_string_equal(doc_str(doc_get(d, "id")), "A5");
	TP_CONTAINS(doc_str(doc_get(d, "executable")), "no: waits on A4 (in_progress)");
	const doc_node *dag = doc_get(d, "dag");
	assert_int_equal(doc_len(dag), 5);
	bool saw = false;
	for (const doc_node *i = doc_seq_first(dag); i; i = i->next)
		saw |= strcmp(doc_str(i), "A2 pending EXECUTABLE <- A1") == 0;
	assert_true(saw);
	const doc_node *list = doc_get(d, "checklist");
	TP_CONTAINS(doc_str(doc_seq_first(list)), "Functional Requirements (all of:)");
	TP_CONTAINS(doc_str(doc_seq_first(list)->next), "Auth tests pass [command] npm test -- --grep auth  -- not run here");
	for (const char *k = "objective\0control\0or_groups\0decompositions\0bindings\0trail\0corrections\0"; *k;
	     k += strlen(k) + 1)
		assert_non_null(doc_get(d, k));
	assert_string_equal(doc_str(doc_get(doc_get(doc_get(d, "objective"), "constraints"), "max_stall_count")), "3");
	const doc_node *a1 = task(&p, "A1")->node;
	assert_string_equal(doc_str(doc_get(doc_get(a1, "binding"), "summary")), "Created User model");
	const doc_node *a4 = task(&p, "A4")->node;
	assert_string_equal(doc_str(doc_get(doc_get(a4, "or_group_state"), "selected")), "A4");
	tp_close(&p);
}

/* A file caught mid-write is "not ready": the load fails, the last good
 * model stays (what the HUD shows), and parse_error says why. */
static void half_written_keeps_the_last_good(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_copy_fixture(&p, "examples/aot/example-running-state.md", FILE_);
	assert_int_equal(tp_load(&p, NOW), 0);
	char *full = tp_read(&p, FILE_);
	char *cut = strstr(full, "\n---\n");
	cut[1] = '\0';   /* front matter without its closing line */
	tp_write(&p, FILE_, full);
	assert_int_equal(tp_load(&p, NOW), 1);
	const lw_source *src = tp_source(&p, "aot");
	assert_true(src->failed);
	assert_non_null(src->good);
	assert_int_equal(((const aot_state *)src->good->sys)->natoms, 5);
	TP_EXPECT(&p, LW_CRIT, "aot", "parse_error", NULL, "not ready: the front matter has no closing '---' line yet");
	/* No front matter at all; a YAML error, at the whole file's line. */
	tp_write(&p, FILE_, "# just markdown\n");
	assert_int_equal(tp_load(&p, NOW), 1);
	TP_EXPECT(&p, LW_CRIT, "aot", "parse_error", NULL, "no front matter");
	tp_write(&p, FILE_, "---\nobjective:\n  goal: [unclosed\ncontrol: {}\n---\nbody\n");
	assert_int_equal(tp_load(&p, NOW), 1);
	const lw_alert *a = tp_find(&p, "aot", "parse_error", NULL);
	assert_non_null(a);
	assert_non_null(strstr(a->message, "aot-loop-state.md:"));
	assert_int_equal(src->error.line >= 3, true);
	tp_write(&p, FILE_, "---\n- a list\n---\n");
	assert_int_equal(tp_load(&p, NOW), 1);
	TP_EXPECT(&p, LW_CRIT, "aot", "parse_error", NULL, "must be a mapping");
	/* Back to whole: loads again. */
	tp_copy_fixture(&p, "examples/aot/example-running-state.md", FILE_);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_false(src->failed);
	free(full);
	tp_close(&p);
}

static void cycles_are_named(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	state(&p,
	      "  - {id: A1, status: resolved, depends_on: []}\n"
	      "  - {id: A2, status: pending, depends_on: [A1, A4]}\n"
	      "  - {id: A3, status: pending, depends_on: [A2]}\n"
	      "  - {id: A4, status: pending, depends_on: [A3]}\n"
	      "  - {id: A5, status: pending, depends_on: [A5]}\n"
	      "  - {id: A6, status: pending, depends_on: [A2]}\n",
	      NULL);
	assert_int_equal(tp_load(&p, NOW), 0);
	TP_EXPECT(&p, LW_CRIT, "aot", "invalid_state", "A2", "dependency cycle: A2 -> A4 -> A3 -> A2");
	TP_EXPECT(&p, LW_CRIT, "aot", "invalid_state", "A5", "dependency cycle: A5 -> A5");
	assert_int_equal(tp_count(&p, "aot", "invalid_state"), 2);   /* each cycle once */
	/* Nothing in a cycle is executable; the loop is deadlocked. */
	assert_int_equal(aot_of(&p)->nexecutable, 0);
	TP_EXPECT(&p, LW_WARN, "aot", "no_executable_atoms", "atoms", "5 atoms pending (A2, A3, A4, A5, A6)");
	tp_close(&p);
}

static void invalid_states(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	state(&p,
	      "  - {id: A1, status: resolved}\n"
	      "  - {id: A1, status: pending}\n"
	      "  - {id: A2, status: pending, depends_on: [A9]}\n"
	      "  - {id: A3, status: done}\n"
	      "  - {id: A4, status: pending, or_group: nope}\n"
	      "  - {status: pending}\n",
	      "or_groups: {}\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	TP_EXPECT(&p, LW_CRIT, "aot", "invalid_state", "A1", "duplicate atom id A1 (atoms[0] and atoms[1])");
	/* validate_state.py warns on an undefined dependency and never checks
	 * statuses, OR groups or ids' presence: WARN, not CRIT. */
	TP_EXPECT(&p, LW_WARN, "aot", "state_warning", "A2", "A2 depends on A9, which is not an atom");
	TP_EXPECT(&p, LW_WARN, "aot", "state_warning", "A3", "unknown atom status 'done'");
	TP_EXPECT(&p, LW_WARN, "aot", "state_warning", "A4", "names OR group 'nope', which or_groups does not define");
	TP_EXPECT(&p, LW_WARN, "aot", "state_warning", "atoms", "atoms[5] has no id");
	assert_int_equal(task(&p, "A3")->lane, LANE_BLOCKED);
	/* Positions: the missing dependency at its depends_on, in file lines. */
	TP_EXPECT(&p, LW_WARN, "aot", "state_warning", "A2", "aot-loop-state.md:15:43:");
	tp_close(&p);

	tp_open(&p);
	tp_write(&p, FILE_, "---\nobjective: {goal: g}\natoms: []\ncontrol:\n  status: sleeping\n---\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	TP_EXPECT(&p, LW_CRIT, "aot", "invalid_state", "atoms", "no atoms");
	TP_EXPECT(&p, LW_WARN, "aot", "state_warning", "control", "unknown control status 'sleeping'");
	/* validate_state.py: goal and base_case missing are errors, the control
	 * counters missing are warnings. */
	TP_EXPECT(&p, LW_CRIT, "aot", "invalid_state", "objective", "objective.base_case is missing");
	TP_EXPECT(&p, LW_WARN, "aot", "state_warning", "control", "control.iteration is missing");
	tp_write(&p, FILE_, "---\nbindings: {}\n---\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	TP_EXPECT(&p, LW_CRIT, "aot", "invalid_state", "objective", "required section 'objective' is missing");
	TP_EXPECT(&p, LW_CRIT, "aot", "invalid_state", "control", "required section 'control' is missing");
	TP_EXPECT(&p, LW_CRIT, "aot", "invalid_state", "atoms", "required section 'atoms' is missing");
	tp_write(&p, FILE_, "---\n---\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_count(&p, "aot", "invalid_state"), 3);
	assert_int_equal(tp_count(&p, "aot", "state_warning"), 0);
	tp_close(&p);
}

/* An OR group's unselected or failed alternative is not work to do now. */
static void or_group_choices(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	state(&p,
	      "  - {id: A1, status: resolved}\n"
	      "  - {id: jwt, status: pending, depends_on: [A1], or_group: token}\n"
	      "  - {id: session, status: pending, depends_on: [A1], or_group: token}\n"
	      "  - {id: paseto, status: pending, depends_on: [A1], or_group: token}\n",
	      "or_groups:\n  token:\n    choices: [jwt, session, paseto]\n    selected: session\n    failed: [jwt]\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(task(&p, "session")->lane, LANE_READY);
	assert_int_equal(task(&p, "jwt")->lane, LANE_BACKLOG);
	assert_int_equal(task(&p, "paseto")->lane, LANE_BACKLOG);
	TP_CONTAINS(doc_str(doc_get(task(&p, "paseto")->node, "executable")), "its OR group did not select");
	assert_int_equal(tp_count(&p, "aot", NULL), 0);
	tp_close(&p);
}

/* A 20,000-atom chain: iterative, so no stack overflow, and fast. */
static void long_chain(void **st)
{
	(void)st;
	enum { N = 20000 };
	strbuf b;
	strbuf_init(&b);
	strbuf_adds(&b, "---\nobjective: {goal: g}\ncontrol: {status: running}\natoms:\n");
	for (int i = 0; i < N; i++)
		strbuf_printf(&b, "  - {id: A%d, status: %s, depends_on: [%s%d]}\n", i, i ? "pending" : "resolved",
		              i ? "A" : "A", i ? i - 1 : N - 1);
	strbuf_adds(&b, "---\n");
	tp p;
	tp_open(&p);
	tp_write(&p, FILE_, b.buf);
	assert_int_equal(tp_load(&p, NOW), 0);
	/* A0 depends on the last atom: one cycle through all of them. */
	const lw_alert *a = tp_find(&p, "aot", "invalid_state", NULL);
	assert_non_null(a);
	TP_CONTAINS(a->message, "dependency cycle: A0 -> A19999 -> A19998");
	strbuf_free(&b);
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(front_matter_bounds),
		cmocka_unit_test(template_example),
		cmocka_unit_test(running_example),
		cmocka_unit_test(offsets_are_the_whole_files),
		cmocka_unit_test(atom_detail),
		cmocka_unit_test(half_written_keeps_the_last_good),
		cmocka_unit_test(cycles_are_named),
		cmocka_unit_test(invalid_states),
		cmocka_unit_test(or_group_choices),
		cmocka_unit_test(long_chain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
