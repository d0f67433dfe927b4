/* test_arena.c — the bump allocator (arena.h): its inline paths hand out
 * 8-aligned, zeroed (arena_alloc) or raw blocks and unaligned strings from
 * the newest chunk, and start a chunk when one does not fit, right up to
 * the last byte of a chunk. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/doc/arena.h"

static void blocks_are_aligned_after_strings(void **state)
{
	(void)state;
	arena a;
	arena_init(&a);
	size_t want_total = 0;
	for (int i = 0; i < 5000; i++) {
		size_t n = (size_t)(i * 7 % 23);
		char src[32];
		memset(src, 'a' + i % 26, sizeof src);
		char *s = arena_strndup(&a, src, n);
		want_total += n + 1;
		assert_int_equal(strlen(s), n);
		assert_memory_equal(s, src, n);
		uint64_t *p = arena_alloc_raw(&a, 24);
		want_total += 24;
		assert_int_equal((uintptr_t)p % 8, 0);
		p[0] = p[1] = p[2] = UINT64_MAX;   /* the whole block is ours (ASan would see an overrun) */
		unsigned char *z = arena_alloc(&a, 13);
		want_total += 16;
		assert_int_equal((uintptr_t)z % 8, 0);
		for (int k = 0; k < 13; k++)
			assert_int_equal(z[k], 0);
	}
	/* A string that starts a chunk is counted rounded up to 8, as a block. */
	assert_true(a.used_total >= want_total && a.used_total < want_total + 64);
	arena_free(&a);
	assert_null(a.head);
	assert_int_equal(a.used_total, 0);
}

/* Strings that fill a chunk to its last byte, then one byte over; and a
 * block bigger than any chunk. */
static void chunk_edges_and_big_blocks(void **state)
{
	(void)state;
	arena a;
	arena_init(&a);
	(void)arena_alloc_raw(&a, 8);
	size_t left = (size_t)(a.end - a.cur);
	char *big = malloc(left + 1);
	memset(big, 'x', left + 1);
	char *s = arena_strndup(&a, big, left - 1);   /* exactly fills it: n + 1 == left */
	assert_int_equal(a.cur, a.end);
	assert_int_equal(strlen(s), left - 1);
	char *t = arena_strndup(&a, "y", 1);          /* a new chunk */
	assert_string_equal(t, "y");
	assert_int_equal(strlen(s), left - 1);       /* the first chunk is untouched */
	void *huge = arena_alloc(&a, 20u * 1024u * 1024u);
	memset(huge, 1, 20u * 1024u * 1024u);
	char *after = arena_strdup(&a, "after");
	assert_string_equal(after, "after");
	assert_null(arena_strdup(&a, NULL));
	assert_string_equal(arena_printf(&a, "%s-%d", "n", 7), "n-7");
	free(big);
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(blocks_are_aligned_after_strings),
		cmocka_unit_test(chunk_edges_and_big_blocks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
