/* test_snapshot_file.c — one file of a multi-file source: a file that turns
 * to garbage, vanishes behind a dangling link or cannot be read raises a
 * problem naming it, and its last good version stands in (stale) for as
 * many loads as it stays bad, without the older snapshots kept alive. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core/model/snapshot_file.h"
#include "core/model/check_emit.h"
#include "core/util/fileio.h"

static char dir[64], path[128];

static void put(const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/lw-test-sf.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/task.yaml", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd);
}

/* Load path into a fresh snapshot standing on prev. */
static lw_snapshot *load(lw_snapshot *prev, const doc_node **root, bool *stale)
{
	lw_snapshot *s = lw_snapshot_new();
	s->prev = prev;
	*root = lw_snapshot_file(s, path, "T-1", "task.yaml must be a mapping", stale);
	s->prev = NULL;
	return s;
}

static const char *rule_of(const lw_snapshot *s) { return s->nproblems ? s->problems[0].rule : NULL; }

static void garbage_keeps_the_last_good_version(void **state)
{
	(void)state;
	const doc_node *root;
	bool stale;
	put("id: T-1\ntitle: first\n");
	lw_snapshot *s1 = load(NULL, &root, &stale);
	assert_non_null(root);
	assert_false(stale);
	assert_int_equal(s1->nproblems, 0);

	put("id: T-1\ntitle: [half");            /* caught mid-write */
	lw_snapshot *s2 = load(s1, &root, &stale);
	assert_non_null(root);
	assert_true(stale);
	assert_string_equal(doc_str(doc_get(root, "title")), "first");
	assert_string_equal(rule_of(s2), "parse_error");
	lw_snapshot_free(s1);                     /* the kept version is s2's own */

	put("- a list\n- not a task\n");          /* parses, wrong shape */
	lw_snapshot *s3 = load(s2, &root, &stale);
	assert_true(stale);
	assert_string_equal(doc_str(doc_get(root, "title")), "first");
	assert_string_equal(rule_of(s3), "parse_error");
	lw_snapshot_free(s2);

	lw_snapshot *s4 = load(s3, &root, &stale);   /* still bad: still kept */
	assert_true(stale);
	assert_string_equal(doc_str(doc_get(root, "title")), "first");
	lw_snapshot_free(s3);

	put("id: T-1\ntitle: second\n");          /* good again: live */
	lw_snapshot *s5 = load(s4, &root, &stale);
	assert_false(stale);
	assert_string_equal(doc_str(doc_get(root, "title")), "second");
	assert_int_equal(s5->nproblems, 0);
	lw_snapshot_free(s4);
	lw_snapshot_free(s5);
}

static void dangling_and_unreadable_are_named(void **state)
{
	(void)state;
	const doc_node *root;
	bool stale;
	put("id: T-1\ntitle: first\n");
	lw_snapshot *s1 = load(NULL, &root, &stale);

	unlink(path);
	assert_int_equal(symlink("/nonexistent/task.yaml", path), 0);
	lw_snapshot *s2 = load(s1, &root, &stale);
	assert_true(stale);
	assert_string_equal(rule_of(s2), "dangling_link");
	assert_non_null(strstr(s2->problems[0].message, "-> /nonexistent/task.yaml"));
	assert_non_null(strstr(s2->problems[0].message, path));

	unlink(path);
	assert_int_equal(mkdir(path, 0755), 0);   /* not a regular file: unreadable, even as root */
	lw_snapshot *s3 = load(s2, &root, &stale);
	assert_true(stale);
	assert_string_equal(rule_of(s3), "unreadable");
	assert_non_null(strstr(s3->problems[0].message, path));
	rmdir(path);

	lw_snapshot *s4 = load(s3, &root, &stale);   /* simply gone: no problem, no item */
	assert_null(root);
	assert_int_equal(s4->nproblems, 0);
	lw_snapshot_free(s1);
	lw_snapshot_free(s2);
	lw_snapshot_free(s3);
	lw_snapshot_free(s4);
}

/* lw_read_file names why a file did not read, so every system raises the
 * same code: a FIFO (returned at once, never waited on) and a folder are
 * unreadable, a link to nothing is dangling_link, not "missing", and
 * permission denied is unreadable, not a parse_error. Root reads a chmod
 * 000 file anyway: that case runs in a child that drops to nobody. */
static void read_errors_carry_their_code(void **state)
{
	(void)state;
	char *buf;
	size_t len;
	lw_error err;
	assert_int_equal(mkfifo(path, 0644), 0);
	lw_error_clear(&err);
	assert_int_equal(lw_read_file(path, 1 << 20, &buf, &len, &err), LW_READ_ERROR);
	assert_string_equal(err.code, "unreadable");
	assert_non_null(strstr(err.msg, "a FIFO"));
	unlink(path);

	assert_int_equal(symlink("gone.yaml", path), 0);
	lw_error_clear(&err);
	assert_int_equal(lw_read_file(path, 1 << 20, &buf, &len, &err), LW_READ_ERROR);
	assert_string_equal(err.code, "dangling_link");
	assert_non_null(strstr(err.msg, "-> gone.yaml"));
	unlink(path);

	lw_error_clear(&err);
	assert_int_equal(lw_read_file(path, 1 << 20, &buf, &len, &err), LW_READ_MISSING);
	lw_error_set(&err, path, 1, 1, "a parse error");
	assert_null(err.code);   /* set anew: no code left from before */

	put("id: T-1\n");
	assert_int_equal(chmod(path, 0), 0);
	assert_int_equal(chmod(dir, 0755), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(2);
		lw_error_clear(&err);
		int rc = lw_read_file(path, 1 << 20, &buf, &len, &err);
		_exit(rc == LW_READ_ERROR && err.code && strcmp(err.code, "unreadable") == 0 ? 0 : 1);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

static void problem_codes_and_limits(void **state)
{
	(void)state;
	lw_level level;
	lw_problem p = { .rule = "unreadable" };
	assert_string_equal(lw_problem_code(&p, &level), "unreadable");
	assert_int_equal(level, LW_CRIT);
	p.rule = "dangling_link";
	assert_string_equal(lw_problem_code(&p, &level), "dangling_link");
	assert_int_equal(level, LW_WARN);
	p.rule = "bad_limit";
	assert_string_equal(lw_problem_code(&p, &level), "bad_limit");
	p.rule = "unknown_schema";
	assert_string_equal(lw_problem_code(&p, &level), "unknown_schema");
	p.rule = "types";
	assert_null(lw_problem_code(&p, &level));

	lw_snapshot *s = lw_snapshot_new();
	assert_true(lw_limit_check(s, "config", "state.yaml", NULL, "max_review_cycles", 1));
	assert_int_equal(s->nproblems, 0);
	assert_false(lw_limit_check(s, "config", "state.yaml", NULL, "max_review_cycles", 0));
	assert_false(lw_limit_check(s, "config", "state.yaml", NULL, "max_review_cycles", -1));
	assert_int_equal(s->nproblems, 2);
	assert_string_equal(s->problems[0].rule, "bad_limit");
	assert_non_null(strstr(s->problems[1].message, "max_review_cycles: -1 is no limit"));
	lw_snapshot_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(garbage_keeps_the_last_good_version, setup, teardown),
		cmocka_unit_test_setup_teardown(dangling_and_unreadable_are_named, setup, teardown),
		cmocka_unit_test_setup_teardown(read_errors_carry_their_code, setup, teardown),
		cmocka_unit_test(problem_codes_and_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
