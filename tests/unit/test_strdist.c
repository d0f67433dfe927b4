/* test_strdist.c — lw_edit_distance (core/util/strdist.h), the one
 * did-you-mean distance of the CLI and the HUD's command line: each kind of
 * edit counts one, a swap of neighbours too, and the length cap holds. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdint.h>
#include <string.h>
#include "core/util/strdist.h"

static void each_edit_counts_one(void **state)
{
	(void)state;
	assert_int_equal(lw_edit_distance("", ""), 0);
	assert_int_equal(lw_edit_distance("status", "status"), 0);
	assert_int_equal(lw_edit_distance("", "abc"), 3);
	assert_int_equal(lw_edit_distance("abc", ""), 3);
	assert_int_equal(lw_edit_distance("statu", "status"), 1);     /* insertion */
	assert_int_equal(lw_edit_distance("statuss", "status"), 1);   /* deletion */
	assert_int_equal(lw_edit_distance("statis", "status"), 1);    /* substitution */
	assert_int_equal(lw_edit_distance("kitten", "sitting"), 3);
	assert_int_equal(lw_edit_distance("flaw", "lawn"), 2);
}

static void a_swap_of_neighbours_is_one(void **state)
{
	(void)state;
	assert_int_equal(lw_edit_distance("sotr", "sort"), 1);
	assert_int_equal(lw_edit_distance("stauts", "status"), 1);
	assert_int_equal(lw_edit_distance("ab", "ba"), 1);
	assert_int_equal(lw_edit_distance("abcd", "badc"), 2);
	/* Optimal string alignment: a swapped pair is not edited again. */
	assert_int_equal(lw_edit_distance("ca", "abc"), 3);
	/* Symmetric. */
	assert_int_equal(lw_edit_distance("metrcis", "metrics"), lw_edit_distance("metrics", "metrcis"));
}

static void long_words_are_never_near(void **state)
{
	(void)state;
	char a[LW_EDIT_DISTANCE_MAX_LEN + 2], b[LW_EDIT_DISTANCE_MAX_LEN + 2];
	memset(a, 'x', sizeof a - 1);
	a[sizeof a - 1] = '\0';
	memcpy(b, a, sizeof b);
	b[0] = 'y';
	/* At the cap the table still answers, one past it the words are far. */
	assert_int_equal(lw_edit_distance(a + 1, b + 1), 0);
	assert_int_equal(lw_edit_distance(a + 1, "x"), LW_EDIT_DISTANCE_MAX_LEN - 1);
	assert_true(lw_edit_distance(a, b) == SIZE_MAX);
	assert_true(lw_edit_distance("x", a) == SIZE_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_edit_counts_one),
		cmocka_unit_test(a_swap_of_neighbours_is_one),
		cmocka_unit_test(long_words_are_never_near),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
