/* test_sim_tree.c — the demo's sandbox: the examples are copied with their
 * modes (plus the owner's write bit), links stay links and are never
 * followed, an existing target is refused, and removal leaves nothing. */
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
#include "sim/sim.h"

static void put(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(path, mode), 0);
}

static mode_t mode_of(const char *path)
{
	struct stat st;
	assert_int_equal(lstat(path, &st), 0);
	return st.st_mode;
}

static void copies_modes_and_links(void **state)
{
	(void)state;
	char base[] = "/tmp/lw-tree-XXXXXX", p[512], q[600];
	assert_non_null(mkdtemp(base));
	snprintf(p, sizeof p, "%s/src", base);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof p, "%s/src/.liza", base);
	assert_int_equal(mkdir(p, 0750), 0);
	snprintf(p, sizeof p, "%s/src/.liza/state.yaml", base);
	put(p, "version: 1\n", 0640);
	snprintf(p, sizeof p, "%s/src/run.sh", base);
	put(p, "#!/bin/sh\n", 0755);
	snprintf(p, sizeof p, "%s/src/readonly", base);
	put(p, "ro\n", 0444);
	snprintf(p, sizeof p, "%s/src/link", base);
	assert_int_equal(symlink("/etc/passwd", p), 0);   /* copied as a link, never read */

	char src[64], dst[64];
	snprintf(src, sizeof src, "%s/src", base);
	snprintf(dst, sizeof dst, "%s/dst", base);
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(sim_tree_copy(src, dst, &err), 0);
	snprintf(q, sizeof q, "%s/.liza", dst);
	assert_int_equal(mode_of(q) & 07777, 0750);
	snprintf(q, sizeof q, "%s/.liza/state.yaml", dst);
	assert_int_equal(mode_of(q) & 07777, 0640);
	snprintf(q, sizeof q, "%s/run.sh", dst);
	assert_int_equal(mode_of(q) & 07777, 0755);
	snprintf(q, sizeof q, "%s/readonly", dst);
	assert_int_equal(mode_of(q) & 07777, 0644);   /* the team must be able to write its copy */
	snprintf(q, sizeof q, "%s/link", dst);
	assert_true(S_ISLNK(mode_of(q)));
	char target[64] = "";
	assert_int_equal(readlink(q, target, sizeof target - 1), 11);
	assert_string_equal(target, "/etc/passwd");
	snprintf(q, sizeof q, "%s/.liza/state.yaml", dst);
	FILE *f = fopen(q, "r");
	char line[32] = "";
	assert_non_null(fgets(line, sizeof line, f));
	fclose(f);
	assert_string_equal(line, "version: 1\n");

	/* an existing target is refused, not merged into */
	assert_int_equal(sim_tree_copy(src, dst, &err), -1);
	/* a missing source is an error with its path */
	snprintf(q, sizeof q, "%s/nope", base);
	lw_error_clear(&err);
	assert_int_equal(sim_tree_copy(q, dst, &err), -1);
	assert_true(err.set);

	assert_int_equal(sim_tree_remove(base, &err), 0);
	assert_int_equal(access(base, F_OK), -1);
	assert_int_equal(access("/etc/passwd", F_OK), 0);   /* the link's target survives */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(copies_modes_and_links),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
