/* test_project.c — a project is resolved once, at open, to one canonical
 * root (core/model/project.c, core/model/fleet.h): a relative name, a
 * symlinked path, a trailing slash, "." and "..", and a ~ no shell
 * expanded all give the same p->dir, the folder every state file, temp,
 * lock and commit record is named from. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/model/adapter.h"
#include "core/model/fleet.h"

static char tmp[64], real[PATH_MAX], cwd0[PATH_MAX];

static int setup(void **state)
{
	(void)state;
	snprintf(tmp, sizeof tmp, "/tmp/lw-project.XXXXXX");
	assert_non_null(mkdtemp(tmp));
	assert_non_null(realpath(tmp, real));   /* /tmp may itself be a link */
	assert_non_null(getcwd(cwd0, sizeof cwd0));
	char p[PATH_MAX];
	snprintf(p, sizeof p, "%s/proj", tmp);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof p, "%s/proj/.liza", tmp);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof p, "%s/proj/.liza/state.yaml", tmp);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fputs("tasks: []\n", f);
	fclose(f);
	char target[PATH_MAX];
	snprintf(target, sizeof target, "%s/proj", tmp);
	snprintf(p, sizeof p, "%s/link", tmp);
	assert_int_equal(symlink(target, p), 0);
	snprintf(p, sizeof p, "%s/home", tmp);
	assert_int_equal(symlink(".", p), 0);   /* $HOME below: tmp itself, through a link */
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(chdir(cwd0), 0);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	assert_int_equal(system(cmd), 0);
	return 0;
}

/* p->dir of the project opened as name (relative names from tmp). */
static const char *opened(const char *name)
{
	static lw_project p;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(chdir(tmp), 0);
	int rc = lw_project_open(&p, name, &err);
	assert_int_equal(chdir(cwd0), 0);
	assert_int_equal(rc, 0);
	assert_int_equal(p.n, 1);   /* and the system found under it */
	static char dir[LW_PATH_MAX];
	snprintf(dir, sizeof dir, "%s", p.dir);
	lw_project_close(&p);
	return dir;
}

static void every_name_opens_one_root(void **state)
{
	(void)state;
	char want[PATH_MAX + 32], abs[PATH_MAX];
	snprintf(want, sizeof want, "%s/proj", real);
	assert_string_equal(opened("proj"), want);
	assert_string_equal(opened("proj/"), want);
	assert_string_equal(opened("./proj//"), want);
	assert_string_equal(opened("proj/.liza/.."), want);
	assert_string_equal(opened("link"), want);
	assert_string_equal(opened("link/"), want);
	snprintf(abs, sizeof abs, "%s/link", tmp);
	assert_string_equal(opened(abs), want);
	snprintf(abs, sizeof abs, "%s/proj", tmp);
	assert_string_equal(opened(abs), want);
	/* no -C: the current folder */
	assert_int_equal(chdir(want), 0);
	lw_project p;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(lw_project_open(&p, ".", &err), 0);
	assert_int_equal(chdir(cwd0), 0);
	assert_string_equal(p.dir, want);
	/* every source's root is built from it */
	assert_memory_equal(p.src[0].root, want, strlen(want));
	lw_project_close(&p);
}

static void resolve_expands_tilde_and_links(void **state)
{
	(void)state;
	char want[PATH_MAX + 32], out[LW_PATH_MAX], home[PATH_MAX];
	snprintf(want, sizeof want, "%s/proj", real);
	snprintf(home, sizeof home, "%s/home", tmp);
	char *saved = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
	setenv("HOME", home, 1);
	assert_true(lw_fleet_resolve("~/proj", out, sizeof out));
	assert_string_equal(out, want);
	assert_true(lw_fleet_resolve("~/link/", out, sizeof out));
	assert_string_equal(out, want);
	assert_true(lw_fleet_resolve("~", out, sizeof out));
	assert_string_equal(out, real);
	/* ~ inside a name is a character like any other */
	assert_int_equal(chdir(tmp), 0);
	assert_false(lw_fleet_resolve("proj/~", out, sizeof out));
	assert_string_equal(out, "proj/~");
	/* what cannot be resolved is kept, expanded, for the open to name */
	assert_false(lw_fleet_resolve("~/nowhere", out, sizeof out));
	snprintf(want, sizeof want, "%s/nowhere", home);
	assert_string_equal(out, want);
	assert_int_equal(chdir(cwd0), 0);
	if (saved) {
		setenv("HOME", saved, 1);
		free(saved);
	} else {
		unsetenv("HOME");
	}
}

static void a_name_that_is_no_folder_fails(void **state)
{
	(void)state;
	lw_project p;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(chdir(tmp), 0);
	assert_int_equal(lw_project_open(&p, "nowhere", &err), -1);
	lw_error_clear(&err);
	assert_int_equal(lw_project_open(&p, "proj/.liza/state.yaml", &err), -1);
	assert_int_equal(chdir(cwd0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(every_name_opens_one_root, setup, teardown),
		cmocka_unit_test_setup_teardown(resolve_expands_tilde_and_links, setup, teardown),
		cmocka_unit_test_setup_teardown(a_name_that_is_no_folder_fails, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
