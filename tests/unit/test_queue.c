/* test_queue.c — the queue of what waits for a human (core/model/queue.c):
 * each system's items as its adapter declares them (awaiting_operator
 * tasks, the alert codes it lists, its waits hook), one item per subject,
 * oldest first and unknown ages last, the other orders, and the stable
 * JSON fields of `queue --json`. Also the HTML escaper beside the escape
 * choke point (esc_html, esc_html_path). */
/* make valgrind: run under memcheck */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helper_proj.h"
#include "core/model/queue.h"
#include "core/util/escape.h"

static const char *NOW = "2026-02-20T15:00:00Z";

static void load_fixture(tp *p)
{
	static const char *const files[] = {
		"hud/foreman-acp/fsm_data/tasks/task-001.json", "fsm_data/tasks/task-001.json",
		"hud/foreman-acp/.taskfactory/tasks/demo-2/task.yaml", ".taskfactory/tasks/demo-2/task.yaml",
		"hud/foreman-acp/.taskfactory/tasks/demo-1/task.yaml", ".taskfactory/tasks/demo-1/task.yaml",
		"hud/foreman-acp/agent_workspaces/Agent-2/state.json", "agent_workspaces/Agent-2/state.json",
		"hud/foreman-acp/agent_workspaces/Agent-5/state.json", "agent_workspaces/Agent-5/state.json",
		"hud/basic/.liza/state.yaml", ".liza/state.yaml",
		"hud/basic/.liza/log.yaml", ".liza/log.yaml",
	};
	tp_open(p);
	for (size_t i = 0; i < sizeof files / sizeof *files; i += 2)
		tp_copy_fixture(p, files[i], files[i + 1]);
	assert_int_equal(tp_load(p, NOW), 0);
}

static const lw_wait *find(const lw_queue *q, const char *system, const char *subject)
{
	for (size_t i = 0; i < q->n; i++)
		if (strcmp(q->v[i].system, system) == 0 && strcmp(q->v[i].subject, subject) == 0)
			return &q->v[i];
	return NULL;
}

static void every_system_says_what_waits(void **state)
{
	(void)state;
	tp p;
	load_fixture(&p);
	lw_queue q;
	lw_queue_init(&q);
	lw_queue_add_project(&q, &p.proj, &p.al, "proj", 0);
	lw_queue_sort(&q, LW_QUEUE_AGE);
	/* Liza: the task in review; ACP: the agent awaiting approval (its alert
	 * and its task are one item); Foreman: the planning gate. */
	const lw_wait *r = find(&q, "liza", "review-1"), *a = find(&q, "acp", "Agent-2"), *g = find(&q, "foreman", "DEMO-1");
	assert_non_null(r);
	assert_non_null(a);
	assert_non_null(g);
	assert_string_equal(r->kind, "review");
	assert_string_equal(r->who, "coder-2");
	assert_non_null(r->task);
	assert_string_equal(a->kind, "approval");
	assert_string_equal(a->code, "awaiting_approval");
	assert_non_null(a->task);
	assert_string_equal(g->kind, "gate");
	assert_string_equal(r->project, "proj");
	size_t acp = 0;
	for (size_t i = 0; i < q.n; i++)
		acp += strcmp(q.v[i].system, "acp") == 0 && strcmp(q.v[i].subject, "Agent-2") == 0;
	assert_int_equal(acp, 1);
	/* Oldest first, unknown ages last. */
	for (size_t i = 1; i < q.n; i++) {
		time_t x = q.v[i - 1].since, y = q.v[i].since;
		assert_true(y == LW_NO_TIME || (x != LW_NO_TIME && x <= y));
	}
	assert_true(q.v[q.n - 1].since == LW_NO_TIME);
	/* By system: acp before foreman before liza. */
	lw_queue_sort(&q, LW_QUEUE_SYSTEM);
	for (size_t i = 1; i < q.n; i++)
		assert_true(strcmp(q.v[i - 1].system, q.v[i].system) <= 0);
	assert_int_equal(lw_queue_order_parse("kind"), LW_QUEUE_KIND);
	assert_int_equal(lw_queue_order_parse("nope"), -1);
	lw_queue_free(&q);
	tp_close(&p);
}

static void alerts_of_another_project_are_not_this_ones(void **state)
{
	(void)state;
	tp p;
	load_fixture(&p);
	for (size_t i = 0; i < p.al.n; i++)
		p.al.v[i].project = "other";
	lw_queue q;
	lw_queue_init(&q);
	lw_queue_add_project(&q, &p.proj, &p.al, "proj", 0);
	/* The ACP agent still waits (its task says so); nothing came from the
	 * other project's alerts. */
	for (size_t i = 0; i < q.n; i++)
		assert_null(q.v[i].code);
	assert_non_null(find(&q, "acp", "Agent-2"));
	lw_queue_free(&q);
	tp_close(&p);
}

static void json_has_the_stable_fields(void **state)
{
	(void)state;
	tp p;
	load_fixture(&p);
	lw_queue q;
	lw_queue_init(&q);
	lw_queue_add_project(&q, &p.proj, &p.al, "pr\"oj", 0);
	const lw_wait *r = find(&q, "liza", "review-1");
	assert_non_null(r);
	strbuf b;
	strbuf_init(&b);
	lw_queue_json(&b, r, r->since + 90);
	TP_CONTAINS(b.buf, "{\"project\": \"pr\\\"oj\", \"system\": \"liza\", \"subject\": \"review-1\", \"kind\": \"review\"",
	            "\"who\": \"coder-2\"", "\"waited\": 90", "\"task\": \"review-1\"", "\"added\": null",
	            "\"removed\": null", "\"files\": null}");
	strbuf_free(&b);
	lw_queue_free(&q);
	tp_close(&p);
}

static char out_buf[1024];

static const char *html(const char *s)
{
	strbuf b;
	strbuf_init(&b);
	esc_html(&b, s, strlen(s));
	snprintf(out_buf, sizeof out_buf, "%s", b.buf ? b.buf : "");
	strbuf_free(&b);
	return out_buf;
}

static const char *href(const char *s)
{
	strbuf b;
	strbuf_init(&b);
	bool ok = esc_html_path(&b, s);
	snprintf(out_buf, sizeof out_buf, "%s", ok ? (b.buf ? b.buf : "") : "REFUSED");
	strbuf_free(&b);
	return out_buf;
}

static void html_escapes_markup_and_controls(void **state)
{
	(void)state;
	assert_string_equal(html("<script>alert('x')</script>"), "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
	assert_string_equal(html("a\"b&c"), "a&quot;b&amp;c");
	assert_string_equal(html("<img src=x onerror=\"a()\">"), "&lt;img src=x onerror=&quot;a()&quot;&gt;");
	assert_string_equal(html("\x1b]0;t\a"), "^[]0;t^G");
	assert_string_equal(html("x\x7fy"), "x^?y");
	assert_string_equal(html("l1\nl2\tz"), "l1\nl2\tz");
	assert_string_equal(html("caf\xc3\xa9"), "caf\xc3\xa9");
	/* Bidi override, C1 (8-bit CSI), zero width, invalid UTF-8: U+FFFD. */
	assert_string_equal(html("a\xe2\x80\xae" "b"), "a\xef\xbf\xbd" "b");
	assert_string_equal(html("\xc2\x9b" "31m"), "\xef\xbf\xbd" "31m");
	assert_string_equal(html("\xe2\x80\x8b"), "\xef\xbf\xbd");
	assert_string_equal(html("\xff\xfe"), "\xef\xbf\xbd\xef\xbf\xbd");
}

static void html_links_stay_relative_and_inside(void **state)
{
	(void)state;
	assert_string_equal(href(".liza/tasks/a b.yaml"), ".liza/tasks/a%20b.yaml");
	assert_string_equal(href("specs/x\"y<z>.md"), "specs/x%22y%3Cz%3E.md");
	assert_string_equal(href("javascript:alert(1)"), "REFUSED");
	assert_string_equal(href("JaVaScRiPt:x"), "REFUSED");
	assert_string_equal(href("data:text/html,x"), "REFUSED");
	assert_string_equal(href("/etc/passwd"), "REFUSED");
	assert_string_equal(href("../up"), "REFUSED");
	assert_string_equal(href("a/../../b"), "REFUSED");
	assert_string_equal(href("a//b"), "REFUSED");
	assert_string_equal(href("./a"), "REFUSED");
	assert_string_equal(href("a\\b"), "REFUSED");
	assert_string_equal(href("a\nb"), "REFUSED");
	assert_string_equal(href("//evil.example/x"), "REFUSED");
	assert_string_equal(href(""), "REFUSED");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_system_says_what_waits),
		cmocka_unit_test(alerts_of_another_project_are_not_this_ones),
		cmocka_unit_test(json_has_the_stable_fields),
		cmocka_unit_test(html_escapes_markup_and_controls),
		cmocka_unit_test(html_links_stay_relative_and_inside),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
