/* test_alert_index.c — lookups by identity answer what a scan of the set
 * answers (lw_alerts_find): the first alert of an identity, none for an
 * identity the set lacks, strings that only join alike kept apart; and
 * lw_alerts_carry_since, built on it, keeps the first-seen times. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include "core/model/alert_index.h"

static void add(lw_alerts *a, const char *system, const char *code, const char *key, time_t since)
{
	lw_alert *x = lw_alerts_add(a, LW_WARN, system, code, key, since, "%s %s", code, key);
	x->key = arena_strdup(&a->mem, key);
}

static void same_answers_as_a_scan(void **state)
{
	(void)state;
	lw_alerts a;
	lw_alerts_init(&a);
	char key[32];
	for (int i = 0; i < 500; i++) {
		snprintf(key, sizeof key, "task-%d", i % 300);   /* 200 identities twice */
		add(&a, i % 3 ? "liza" : "rcs", i % 2 ? "blocked" : "stale", key, 1000 + i);
	}
	add(&a, "ab", "c", "k", 1);
	add(&a, "a", "bc", "k", 2);
	lw_alert_index ix;
	lw_alert_index_init(&ix, &a);
	for (size_t i = 0; i < a.n; i++) {
		const lw_alert *x = &a.v[i];
		assert_ptr_equal(lw_alert_index_find(&ix, x->system, x->code, x->key),
		                 lw_alerts_find(&a, x->system, x->code, x->key));
	}
	assert_int_equal(lw_alert_index_find(&ix, "a", "bc", "k")->since, 2);
	assert_int_equal(lw_alert_index_find(&ix, "ab", "c", "k")->since, 1);
	assert_null(lw_alert_index_find(&ix, "liza", "blocked", "task-300"));
	assert_null(lw_alert_index_find(&ix, "a", "b", "ck"));
	lw_alert_index_free(&ix);

	lw_alerts none;
	lw_alerts_init(&none);
	lw_alert_index_init(&ix, &none);
	assert_null(lw_alert_index_find(&ix, "liza", "blocked", "task-1"));
	lw_alert_index_free(&ix);
	lw_alerts_free(&none);
	lw_alerts_free(&a);
}

static void carry_since_keeps_the_first_seen_time(void **state)
{
	(void)state;
	lw_alerts prev, cur;
	lw_alerts_init(&prev);
	lw_alerts_init(&cur);
	add(&prev, "liza", "blocked", "task-1", 100);
	add(&prev, "liza", "blocked", "task-2", 500);
	add(&cur, "liza", "blocked", "task-1", 300);   /* older before: 100 */
	add(&cur, "liza", "blocked", "task-2", 400);   /* newer before: keeps 400 */
	add(&cur, "liza", "stale", "task-1", 300);     /* another code: new */
	lw_alerts_carry_since(&cur, &prev);
	assert_int_equal(cur.v[0].since, 100);
	assert_int_equal(cur.v[1].since, 400);
	assert_int_equal(cur.v[2].since, 300);
	lw_alerts_free(&prev);
	lw_alerts_free(&cur);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_answers_as_a_scan),
		cmocka_unit_test(carry_since_keeps_the_first_seen_time),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
