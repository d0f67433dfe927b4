/* test_grow.c — lw_grow (core/util/grow.h): an array keeps its elements as
 * it grows, doubles only when full, and starts at the size asked for. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include "core/util/grow.h"

static void grows_only_when_full_and_keeps_elements(void **state)
{
	(void)state;
	int *v = NULL;
	size_t n = 0, cap = 0;
	for (int i = 0; i < 100; i++) {
		size_t before = cap;
		v = lw_grow(v, &cap, n, sizeof *v, 4);
		if (n < before)
			assert_int_equal(cap, before);          /* room left: untouched */
		else
			assert_int_equal(cap, before ? before * 2 : 4);
		v[n++] = i;
	}
	for (int i = 0; i < 100; i++)
		assert_int_equal(v[i], i);
	assert_int_equal(cap, 128);
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(grows_only_when_full_and_keeps_elements),
	};
	return cmocka_run_group_tests_name("grow", tests, NULL, NULL);
}
