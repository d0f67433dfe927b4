/* test_userdirs.c — the user's folders from HOME and XDG_* (a relative
 * value ignored and said once, as the XDG spec says), and programs found in
 * PATH's absolute folders only, never inside the project. */
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
#include "core/util/progpath.h"
#include "core/util/userdirs.h"

static void relative_ignored(void **st)
{
	(void)st;
	char d[4096];
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("XDG_CACHE_HOME");
	unsetenv("XDG_RUNTIME_DIR");
	setenv("HOME", ".", 1);
	setenv("XDG_STATE_HOME", "rel/state", 1);
	assert_false(lw_user_state_dir(d, sizeof d));
	assert_string_equal(d, "");
	assert_false(lw_user_config_dir(d, sizeof d));
	assert_null(lw_user_home());
	const char *why = lw_user_dirs_complaint();
	assert_non_null(why);
	assert_non_null(strstr(why, "HOME (\".\")"));
	assert_non_null(strstr(why, "XDG_STATE_HOME (\"rel/state\")"));
	assert_non_null(strstr(why, "are relative: ignored"));
	assert_null(lw_user_dirs_complaint());   /* once */

	setenv("HOME", "/h", 1);   /* XDG_STATE_HOME still relative: HOME's */
	assert_true(lw_user_state_dir(d, sizeof d));
	assert_string_equal(d, "/h/.local/state/liza-watch");
	assert_true(lw_user_config_dir(d, sizeof d));
	assert_string_equal(d, "/h/.config/liza-watch");
	assert_true(lw_user_cache_dir(d, sizeof d));
	assert_string_equal(d, "/h/.cache/liza-watch");
	setenv("XDG_STATE_HOME", "/s", 1);
	setenv("XDG_RUNTIME_DIR", "/r", 1);
	assert_true(lw_user_state_dir(d, sizeof d));
	assert_string_equal(d, "/s/liza-watch");
	assert_true(lw_user_cache_dir(d, sizeof d));
	assert_string_equal(d, "/r/liza-watch");
	assert_string_equal(lw_user_home(), "/h");
	unsetenv("XDG_STATE_HOME");
	unsetenv("XDG_RUNTIME_DIR");
}

static void tool(const char *path)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("#!/bin/sh\n", f);
	fclose(f);
	assert_int_equal(chmod(path, 0755), 0);
}

static void program_not_from_project(void **st)
{
	(void)st;
	char dir[] = "/tmp/lw-progpath-XXXXXX", p[4096], out[4096], why[600];
	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof p, "%s/proj", dir);
	assert_int_equal(mkdir(p, 0700), 0);
	snprintf(p, sizeof p, "%s/proj/bin", dir);
	assert_int_equal(mkdir(p, 0700), 0);
	snprintf(p, sizeof p, "%s/proj/bin/tool", dir);
	tool(p);
	snprintf(p, sizeof p, "%s/ops", dir);
	assert_int_equal(mkdir(p, 0700), 0);
	snprintf(p, sizeof p, "%s/ops/tool", dir);
	tool(p);
	char root[4096], path[8192];
	snprintf(root, sizeof root, "%s/proj", dir);
	snprintf(path, sizeof path, ".::bin:%s/proj/bin:%s/ops", dir, dir);
	setenv("PATH", path, 1);
	assert_true(lw_progpath_find("tool", root, out, sizeof out, why, sizeof why));
	assert_string_equal(out, p);   /* ops/tool: the project's bin/tool passed over */
	assert_true(lw_progpath_find("tool", NULL, out, sizeof out, why, sizeof why));
	assert_non_null(strstr(out, "/proj/bin/tool"));
	snprintf(path, sizeof path, ".:%s/proj/bin", dir);
	setenv("PATH", path, 1);
	assert_false(lw_progpath_find("tool", root, out, sizeof out, why, sizeof why));
	assert_non_null(strstr(why, "inside the project"));
	assert_int_equal(chdir(root), 0);   /* ./bin/tool from here: relative, never */
	assert_false(lw_progpath_find("bin/tool", NULL, out, sizeof out, why, sizeof why));
	assert_non_null(strstr(why, "relative path"));
	setenv("PATH", ".", 1);
	assert_false(lw_progpath_find("tool", NULL, out, sizeof out, why, sizeof why));
	assert_true(lw_progpath_find(p, root, out, sizeof out, why, sizeof why));   /* absolute, outside */
	assert_int_equal(chdir("/"), 0);
	setenv("PATH", "/usr/bin:/bin", 1);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(relative_ignored),
		cmocka_unit_test(program_not_from_project),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
