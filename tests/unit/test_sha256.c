/* test_sha256.c — SHA-256 against the FIPS 180-4 examples and sha256sum. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "core/util/sha256.h"

static void fips_examples(void **state)
{
	(void)state;
	char h[65];
	assert_string_equal(lw_sha256_hex_of("", 0, h), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	assert_string_equal(lw_sha256_hex_of("abc", 3, h), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";   /* 448 bits: padding spills */
	assert_string_equal(lw_sha256_hex_of(two, strlen(two), h),
	                    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

/* A million 'a' fed in uneven pieces is the one-call digest. */
static void pieces_are_one_stream(void **state)
{
	(void)state;
	char chunk[997], h[65];
	memset(chunk, 'a', sizeof chunk);
	lw_sha256 s;
	lw_sha256_init(&s);
	size_t left = 1000000;
	for (size_t k = 1; left; k = k % 997 + 1) {
		size_t n = k < left ? k : left;
		lw_sha256_update(&s, chunk, n);
		left -= n;
	}
	assert_string_equal(lw_sha256_hex(&s, h), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fips_examples),
		cmocka_unit_test(pieces_are_one_stream),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
