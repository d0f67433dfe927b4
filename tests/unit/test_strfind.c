/* test_strfind.c — what the strict POSIX build replaced: lw_memmem and
 * lw_strcasestr (core/util/strfind.h) answer as glibc's memmem and
 * strcasestr do, and lw_timegm (core/util/timeparse.h) as timegm, over
 * every case the callers meet and a sweep of dates. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <time.h>
#include "core/util/strfind.h"
#include "core/util/timeparse.h"

static void memmem_finds_what_it_should(void **state)
{
	(void)state;
	const char s[] = "a: 1\n---\nb: \\u00e9\0tail\n...";
	size_t n = sizeof s - 1;
	assert_ptr_equal(lw_memmem(s, n, "\n---", 4), s + 4);
	assert_ptr_equal(lw_memmem(s, n, "\\u", 2), strstr(s, "\\u"));
	assert_ptr_equal(lw_memmem(s, n, "tail", 4), s + 19);          /* past a NUL byte */
	assert_ptr_equal(lw_memmem(s, n, "\n...", 4), s + n - 4);      /* at the very end */
	assert_null(lw_memmem(s, n - 1, "\n...", 4));                  /* one byte short */
	assert_null(lw_memmem(s, n, "\n----", 5));
	assert_null(lw_memmem("ab", 2, "abc", 3));                     /* longer than the hay */
	assert_ptr_equal(lw_memmem(s, n, "", 0), s);
	assert_null(lw_memmem("", 0, "a", 1));
	const char r[] = "aaab";
	assert_ptr_equal(lw_memmem(r, 4, "aab", 3), r + 1);           /* a false start first */
}

static void strcasestr_ignores_ascii_case(void **state)
{
	(void)state;
	const char t[] = "Review the Greeting";
	assert_ptr_equal(lw_strcasestr(t, "greet"), t + 11);
	assert_ptr_equal(lw_strcasestr(t, "REVIEW"), t);
	assert_ptr_equal(lw_strcasestr(t, "ting"), t + 15);
	assert_ptr_equal(lw_strcasestr(t, ""), t);
	assert_null(lw_strcasestr(t, "greetings"));
	assert_null(lw_strcasestr("", "a"));
	const char u[] = "caf\xc3\xa9 AB";                              /* UTF-8 bytes compared as they are */
	assert_ptr_equal(lw_strcasestr(u, "\xc3\xa9 ab"), u + 3);
	assert_null(lw_strcasestr(u, "\xc3\x89"));
}

static void timegm_is_the_utc_epoch(void **state)
{
	(void)state;
	struct tm tm = { .tm_year = 126, .tm_mon = 0, .tm_mday = 20, .tm_hour = 10 };
	assert_int_equal(lw_timegm(&tm), 1768903200);                  /* 2026-01-20T10:00:00Z */
	struct tm epoch = { .tm_year = 70, .tm_mday = 1 };
	assert_int_equal(lw_timegm(&epoch), 0);
	struct tm before = { .tm_year = 69, .tm_mon = 11, .tm_mday = 31, .tm_hour = 23, .tm_min = 59, .tm_sec = 59 };
	assert_int_equal(lw_timegm(&before), -1);
	/* Feb 30 runs into March, as timegm: acp_runner_time refuses it by
	 * reading the day back. */
	struct tm feb30 = { .tm_year = 126, .tm_mon = 1, .tm_mday = 30 };
	struct tm mar2 = { .tm_year = 126, .tm_mon = 2, .tm_mday = 2 };
	assert_int_equal(lw_timegm(&feb30), lw_timegm(&mar2));
	/* Every day from 1900 to 2100 round-trips through gmtime_r. */
	for (time_t t = -2208988800LL; t < 4102444800LL; t += 86400 + 3661) {
		struct tm g;
		assert_non_null(gmtime_r(&t, &g));
		assert_int_equal(lw_timegm(&g), t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(memmem_finds_what_it_should),
		cmocka_unit_test(strcasestr_ignores_ascii_case),
		cmocka_unit_test(timegm_is_the_utc_epoch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
