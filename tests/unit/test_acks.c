/* test_acks.c — acknowledgements live in the user's state folder, survive
 * a reopen, name their alert by project, system, code and key (a key with
 * tabs and line breaks cannot forge a line), and end when the alert clears. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/model/acks.h"

static char dir[] = "/tmp/lw-acks-XXXXXX";

static lw_alert *add(lw_alerts *a, const char *code, const char *subject)
{
	return lw_alerts_add(a, LW_CRIT, "liza", code, subject, 100, "%s", code);
}

static void survive_and_end(void **st)
{
	(void)st;
	assert_non_null(mkdtemp(dir));
	setenv("XDG_STATE_HOME", dir, 1);
	lw_acks k;
	lw_acks_open(&k);
	lw_alerts al;
	lw_alerts_init(&al);
	add(&al, "blocked", "t-1");
	add(&al, "stale", "evil\tkey\nliza\tx\ty\tz\t1\t");
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(lw_acks_add(&k, "/p", &al.v[0], "looking into it", 200, &err), 0);
	assert_int_equal(lw_acks_add(&k, "/p", &al.v[1], "", 200, &err), 0);
	lw_acks_free(&k);

	lw_acks_open(&k);   /* a restart */
	assert_int_equal(k.n, 2);
	assert_true(lw_acks_has(&k, "/p", &al.v[0]));
	assert_true(lw_acks_has(&k, "/p", &al.v[1]));
	assert_false(lw_acks_has(&k, "/q", &al.v[0]));   /* another project's alike alert */
	assert_string_equal(k.v[0].reason, "looking into it");
	assert_int_equal(lw_acks_mark(&k, "/p", &al), 2);
	assert_true(al.v[0].acked);

	/* t-1's alert cleared: its acknowledgement ends, the other stays. */
	lw_alerts now;
	lw_alerts_init(&now);
	add(&now, "stale", "evil\tkey\nliza\tx\ty\tz\t1\t");
	assert_int_equal(lw_acks_prune(&k, "/p", &now), 1);
	assert_int_equal(lw_acks_prune(&k, "/p", &now), 0);   /* nothing more to end: nothing written */
	lw_acks_free(&k);
	lw_acks_open(&k);
	assert_int_equal(k.n, 1);
	assert_false(lw_acks_has(&k, "/p", &al.v[0]));
	lw_acks_free(&k);
	lw_alerts_free(&al);
	lw_alerts_free(&now);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	unsetenv("XDG_STATE_HOME");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(survive_and_end),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
