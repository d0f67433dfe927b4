/* test_inputs.c — the record of what a run read (core/util/inputs.h) and the
 * fingerprint under it (core/util/hash.h): each kind of input holds until it
 * changes, and then exactly its line stops holding. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
#include "core/util/dirlist.h"
#include "core/util/fileio.h"
#include "core/util/hash.h"
#include "core/util/inputs.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/lw-inputs.XXXXXX");
	assert_non_null(mkdtemp(dir));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	lw_inputs_stop();
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	return 0;
}

static const char *at(const char *name)
{
	static char p[8][256];
	static int i;
	i = (i + 1) % 8;
	snprintf(p[i], sizeof p[i], "%s/%s", dir, name);
	return p[i];
}

static void put(const char *name, const char *text)
{
	FILE *f = fopen(at(name), "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* The record's lines, without "in " and newline, in a NULL-ended array. */
static char **record_lines(void)
{
	strbuf b;
	strbuf_init(&b);
	lw_inputs_write(&b);
	char **v = calloc(64, sizeof *v);
	size_t n = 0;
	for (char *line = b.buf ? strtok(b.buf, "\n") : NULL; line; line = strtok(NULL, "\n")) {
		assert_memory_equal(line, "in ", 3);
		assert_true(n < 63);
		v[n++] = strdup(line + 3);
	}
	strbuf_free(&b);
	return v;
}

static void free_lines(char **v)
{
	for (size_t i = 0; v[i]; i++)
		free(v[i]);
	free(v);
}

/* Which lines no longer hold, as a string of their indexes ("" = all hold). */
static const char *broken(char **v)
{
	static char out[64];
	out[0] = '\0';
	for (size_t i = 0; v[i]; i++)
		if (!lw_input_holds(v[i]))
			snprintf(out + strlen(out), sizeof out - strlen(out), "%zu", i);
	return out;
}

static void hash_tells_contents_apart(void **state)
{
	(void)state;
	char a[33], b[33];
	lw_hash_hex(lw_hash_bytes("tasks: []\n", 10), a);
	assert_string_equal(a, lw_hash_hex(lw_hash_bytes("tasks: []\n", 10), b));
	assert_string_not_equal(a, lw_hash_hex(lw_hash_bytes("tasks: [] ", 10), b));
	assert_string_not_equal(lw_hash_hex(lw_hash_bytes("ab", 2), a), lw_hash_hex(lw_hash_bytes("ab\0", 3), b));
	assert_string_not_equal(lw_hash_hex(lw_hash_bytes("", 0), a), lw_hash_hex(lw_hash_bytes("\0", 1), b));
	/* one bit anywhere in a long buffer */
	char big[4099];
	memset(big, 'x', sizeof big);
	lw_hash_hex(lw_hash_bytes(big, sizeof big), a);
	for (size_t i = 0; i < sizeof big; i += 511) {
		big[i] ^= 1;
		assert_string_not_equal(a, lw_hash_hex(lw_hash_bytes(big, sizeof big), b));
		big[i] ^= 1;
	}
	assert_int_equal(strlen(a), 32);
}

/* The fingerprint of bytes fed in pieces of any size equals the one of
 * the whole; a kept read of a file larger than one piece holds, and breaks
 * on one byte changed in its middle or one byte more at its end. */
static void hash_in_pieces_equals_the_whole(void **state)
{
	(void)state;
	static char big[100003];
	for (size_t i = 0; i < sizeof big; i++)
		big[i] = (char)(i * 2654435761u >> 13);
	char whole[33], part[33];
	for (size_t n = 0; n < 70; n++) {
		lw_hash_hex(lw_hash_bytes(big, n), whole);
		for (size_t cut = 0; cut <= n; cut++) {
			lw_hash_stream h;
			lw_hash_stream_init(&h, n);
			lw_hash_stream_feed(&h, big, cut);
			lw_hash_stream_feed(&h, big + cut, n - cut);
			assert_string_equal(whole, lw_hash_hex(lw_hash_stream_end(&h), part));
		}
	}
	/* An empty file's bytes may be NULL: the same fingerprint as "" and no
	 * memcpy from NULL (UBSan stopped `projects` on it in a clean clone). */
	lw_hash_hex(lw_hash_bytes(big, 0), whole);
	assert_string_equal(whole, lw_hash_hex(lw_hash_bytes(NULL, 0), part));
	{
		lw_hash_stream e;
		lw_hash_stream_init(&e, 5);
		lw_hash_stream_feed(&e, big, 3);
		lw_hash_stream_feed(&e, NULL, 0);
		lw_hash_stream_feed(&e, big + 3, 2);
		lw_hash_hex(lw_hash_bytes(big, 5), whole);
		assert_string_equal(whole, lw_hash_hex(lw_hash_stream_end(&e), part));
	}
	lw_hash_hex(lw_hash_bytes(big, sizeof big), whole);
	lw_hash_stream h;
	lw_hash_stream_init(&h, sizeof big);
	for (size_t at = 0, step = 1; at < sizeof big; at += step, step = step * 3 % 17 + 1)
		lw_hash_stream_feed(&h, big + at, at + step <= sizeof big ? step : sizeof big - at);
	assert_string_equal(whole, lw_hash_hex(lw_hash_stream_end(&h), part));

	FILE *f = fopen(at("big.yaml"), "w");
	assert_non_null(f);
	assert_int_equal(fwrite(big, 1, sizeof big, f), sizeof big);
	fclose(f);
	lw_inputs_start();
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(lw_read_file(at("big.yaml"), 1 << 20, &buf, &len, &err), LW_READ_OK);
	free(buf);
	char **v = record_lines();
	assert_string_equal(broken(v), "");
	big[50000] ^= 1;
	f = fopen(at("big.yaml"), "w");
	fwrite(big, 1, sizeof big, f);
	fclose(f);
	assert_string_equal(broken(v), "0");
	big[50000] ^= 1;
	f = fopen(at("big.yaml"), "w");
	fwrite(big, 1, sizeof big, f);
	fputc('\n', f);
	fclose(f);
	assert_string_equal(broken(v), "0");
	f = fopen(at("big.yaml"), "w");
	fwrite(big, 1, sizeof big, f);
	fclose(f);
	assert_string_equal(broken(v), "");
	free_lines(v);
	lw_inputs_stop();
}

static void encoding_round_trips(void **state)
{
	(void)state;
	const char *s = "a b%c\nd\x7f\tcaf\xC3\xA9";
	strbuf b;
	strbuf_init(&b);
	lw_input_encode(&b, s, strlen(s));
	assert_null(strpbrk(b.buf, " \n\t"));
	assert_int_equal(lw_input_decode(b.buf), 0);
	assert_string_equal(b.buf, s);
	strbuf_free(&b);
	char bad1[] = "x%zz", bad2[] = "x%0", nul[] = "x%00y";
	assert_int_equal(lw_input_decode(bad1), -1);
	assert_int_equal(lw_input_decode(bad2), -1);
	assert_int_equal(lw_input_decode(nul), -1);
}

static void each_input_holds_until_it_changes(void **state)
{
	(void)state;
	put("state.yaml", "tasks: []\n");
	put("PAUSE", "");
	put("log.jsonl", "{\"a\":1}\n{\"b\":2}\n");
	mkdir(at("tasks"), 0700);
	put("tasks/one", "1");
	setenv("LW_TEST_INPUT", "v 1", 1);

	lw_inputs_start();
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(lw_read_file(at("state.yaml"), 1 << 20, &buf, &len, &err), LW_READ_OK);   /* 0 */
	free(buf);
	assert_int_equal(lw_read_file(at("CHECKPOINT"), 1 << 20, &buf, &len, &err), LW_READ_MISSING); /* 1 */
	struct stat st;
	assert_true(lw_exists(at("PAUSE"), &st));                                         /* 2 */
	assert_true(lw_is_dir(at("tasks")));                                              /* 3 */
	lw_dirlist l;
	assert_int_equal(lw_dirlist_read(&l, at("tasks")), 0);                            /* 4 */
	lw_dirlist_free(&l);
	assert_string_equal(lw_getenv("LW_TEST_INPUT"), "v 1");                           /* 5 */
	assert_null(lw_getenv("LW_TEST_INPUT_UNSET"));                                    /* 6 */
	bool partial;
	assert_int_equal(lw_read_tail(at("log.jsonl"), 8, &buf, &len, &partial), 0);     /* 7 */
	assert_true(partial);
	free(buf);
	assert_false(lw_inputs_tainted());
	char **v = record_lines();
	assert_non_null(v[7]);
	assert_null(v[8]);
	assert_string_equal(broken(v), "");

	put("state.yaml", "tasks: [] ");            /* same size, other bytes */
	assert_string_equal(broken(v), "0");
	put("state.yaml", "tasks: []\n");
	put("CHECKPOINT", "");
	assert_string_equal(broken(v), "1");
	unlink(at("CHECKPOINT"));
	struct timeval tv[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	assert_int_equal(utimes(at("PAUSE"), tv), 0);   /* the marker's time is read */
	assert_string_equal(broken(v), "2");
	unlink(at("PAUSE"));
	assert_string_equal(broken(v), "2");
	put("PAUSE", "");
	put("tasks/two", "2");                       /* a new entry: the listing */
	assert_string_equal(broken(v), "24");       /* (and PAUSE's new mtime) */
	unlink(at("tasks/two"));
	setenv("LW_TEST_INPUT", "v 2", 1);
	setenv("LW_TEST_INPUT_UNSET", "", 1);
	assert_string_equal(broken(v), "256");
	setenv("LW_TEST_INPUT", "v 1", 1);
	unsetenv("LW_TEST_INPUT_UNSET");
	put("log.jsonl", "{\"a\":9}\n{\"b\":2}\n");  /* before the tail: unseen */
	assert_string_equal(broken(v), "2");
	put("log.jsonl", "{\"a\":1}\n{\"b\":3}\n");
	assert_string_equal(broken(v), "27");
	free_lines(v);
	lw_inputs_stop();
}

static void off_records_nothing_and_errors_taint(void **state)
{
	(void)state;
	put("a", "x");
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(lw_read_file(at("a"), 100, &buf, &len, &err), LW_READ_OK);
	free(buf);
	lw_inputs_start();
	char **v = record_lines();
	assert_null(v[0]);
	free_lines(v);
	/* a folder read as a file: an error, which no record vouches for */
	assert_int_equal(lw_read_file(dir, 100, &buf, &len, &err), LW_READ_ERROR);
	assert_true(lw_inputs_tainted());
	v = record_lines();
	assert_null(v[0]);
	free_lines(v);
	lw_inputs_stop();
	assert_false(lw_inputs_tainted());
	assert_false(lw_inputs_active());
}

static void malformed_lines_never_hold(void **state)
{
	(void)state;
	put("a", "x");
	const char *lines[] = { "", "read", "read x", "frob /tmp ok", "read /tmp%zz missing", "tail:x /tmp none",
		                "env HOME", "stat.q /tmp t40000" };
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
		assert_false(lw_input_holds(lines[i]));
	char line[300];
	snprintf(line, sizeof line, "read %s missing", at("a"));
	assert_false(lw_input_holds(line));
	snprintf(line, sizeof line, "read %s missing", at("nothing-here"));
	assert_true(lw_input_holds(line));
}

/* A number from the environment: only a whole number in range counts, and
 * the read is recorded like any other getenv. */
static void env_numbers_in_range_only(void **state)
{
	(void)state;
	const char *name = "LW_TEST_INPUTS_NUMBER";
	unsetenv(name);
	assert_int_equal(lw_getenv_long(name, 1, 100, 7), 7);
	const char *refused[] = { "", "0", "101", "12x", "-3", "ten" };
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
		setenv(name, refused[i], 1);
		assert_int_equal(lw_getenv_long(name, 1, 100, 7), 7);
	}
	setenv(name, "100", 1);
	assert_int_equal(lw_getenv_long(name, 1, 100, 7), 100);
	lw_inputs_start();
	assert_int_equal(lw_getenv_long(name, 1, 100, 7), 100);
	strbuf rec;
	strbuf_init(&rec);
	lw_inputs_write(&rec);
	assert_non_null(strstr(rec.buf ? rec.buf : "", name));
	strbuf_free(&rec);
	lw_inputs_stop();
	unsetenv(name);
}

/* What a name resolves to is an input: a link pointed elsewhere breaks it. */
static void a_resolved_name_holds_until_the_link_moves(void **state)
{
	(void)state;
	assert_int_equal(mkdir(at("a"), 0755), 0);
	assert_int_equal(mkdir(at("b"), 0755), 0);
	assert_int_equal(symlink("a", at("link")), 0);
	lw_inputs_start();
	char out[LW_PATH_MAX];
	assert_int_equal(lw_realpath(at("link"), out, sizeof out), 0);
	assert_int_equal(lw_realpath(at("gone"), out, sizeof out), -1);
	char **v = record_lines();
	assert_non_null(v[0]);
	assert_non_null(v[1]);
	assert_null(v[2]);
	assert_memory_equal(v[0], "real ", 5);
	assert_string_equal(broken(v), "");
	assert_int_equal(unlink(at("link")), 0);
	assert_int_equal(symlink("b", at("link")), 0);
	assert_string_equal(broken(v), "0");
	assert_int_equal(mkdir(at("gone"), 0755), 0);
	assert_string_equal(broken(v), "01");
	free_lines(v);
}

/* An input looked at twice with the same answer is one line (the check
 * looks once); a different answer the second time is a line of its own,
 * so the record still holds for neither state alone. */
static void an_input_seen_alike_twice_is_one_line(void **state)
{
	(void)state;
	put("state.yaml", "tasks: []\n");
	lw_inputs_start();
	struct stat st;
	for (int i = 0; i < 3; i++) {
		assert_true(lw_exists(at("state.yaml"), &st));
		assert_null(lw_getenv("LW_TEST_INPUT_UNSET"));
	}
	assert_false(lw_exists(at("PAUSE"), &st));
	put("PAUSE", "");
	assert_true(lw_exists(at("PAUSE"), &st));   /* created during the run */
	assert_true(lw_exists(at("state.yaml"), &st));
	char **v = record_lines();
	assert_non_null(v[3]);
	assert_null(v[4]);
	assert_string_equal(broken(v), "2");         /* PAUSE is there now: the first look fails */
	unlink(at("PAUSE"));
	assert_string_equal(broken(v), "3");
	free_lines(v);
	lw_inputs_stop();
}

/* The canonical name a recorded realpath() gave, resolved again, adds no
 * line (the first one proves it); any other name resolved does. */
static void a_canonical_name_resolved_again_is_implied(void **state)
{
	(void)state;
	assert_int_equal(mkdir(at("a"), 0755), 0);
	assert_int_equal(mkdir(at("a/b"), 0755), 0);
	assert_int_equal(symlink("a", at("link")), 0);
	lw_inputs_start();
	char out[LW_PATH_MAX], real[LW_PATH_MAX];
	assert_int_equal(lw_realpath(at("link"), real, sizeof real), 0);
	assert_int_equal(lw_realpath(real, out, sizeof out), 0);          /* implied */
	char sub[LW_PATH_MAX + 4];
	snprintf(sub, sizeof sub, "%s/b", real);
	assert_int_equal(lw_realpath(sub, out, sizeof out), 0);           /* a line of its own */
	char **v = record_lines();
	assert_non_null(v[1]);
	assert_null(v[2]);
	assert_string_equal(broken(v), "");
	assert_int_equal(unlink(at("link")), 0);
	assert_string_equal(broken(v), "0");
	free_lines(v);
	lw_inputs_stop();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hash_tells_contents_apart),
		cmocka_unit_test_setup_teardown(hash_in_pieces_equals_the_whole, setup, teardown),
		cmocka_unit_test(encoding_round_trips),
		cmocka_unit_test_setup_teardown(each_input_holds_until_it_changes, setup, teardown),
		cmocka_unit_test_setup_teardown(off_records_nothing_and_errors_taint, setup, teardown),
		cmocka_unit_test_setup_teardown(malformed_lines_never_hold, setup, teardown),
		cmocka_unit_test(env_numbers_in_range_only),
		cmocka_unit_test_setup_teardown(a_resolved_name_holds_until_the_link_moves, setup, teardown),
		cmocka_unit_test_setup_teardown(an_input_seen_alike_twice_is_one_line, setup, teardown),
		cmocka_unit_test_setup_teardown(a_canonical_name_resolved_again_is_implied, setup, teardown),
	};
	return cmocka_run_group_tests_name("inputs", tests, NULL, NULL);
}
