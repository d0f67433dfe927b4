/* test_liza_log.c — log.yaml read incrementally (skipped when unchanged,
 * read from the old end when it only grew) must always give what a full
 * read gives. A randomized sequence of appends, rewrites by rename, in-place
 * rewrites, truncations and broken tails checks that after every step. */
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
#include "core/liza.h"
#include "core/timeparse.h"

static char dir[64], liza[96], logp[128], tmpp[128];

static void write_file(const char *path, const char *mode, const char *text)
{
	FILE *f = fopen(path, mode);
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static lw_snapshot *load(const liza_state *prev, int *rc)
{
	lw_snapshot *s = lw_snapshot_new();
	lw_error err;
	lw_error_clear(&err);
	*rc = liza_load(liza, prev, s, &err);
	return s;
}

static char *entry(unsigned n, bool quoted, bool bad_time)
{
	static char buf[256];
	if (bad_time)
		snprintf(buf, sizeof buf, "- timestamp: whenever\n  agent: a\n  action: x%u\n", n);
	else
		snprintf(buf, sizeof buf, "- timestamp: %s2026-01-%02uT%02u:%02u:00Z%s\n  agent: coder-%u\n  action: did_%u\n",
		         quoted ? "\"" : "", 1 + n % 28, n % 24, n % 60, quoted ? "\"" : "", n % 5, n);
	return buf;
}

static void incremental_equals_full_over_random_edits(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/lw-log.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(liza, sizeof liza, "%s/.liza", dir);
	mkdir(liza, 0755);
	char st[160];
	snprintf(st, sizeof st, "%s/state.yaml", liza);
	write_file(st, "w", "version: 1\ntasks: []\nagents: {}\n");
	snprintf(logp, sizeof logp, "%s/log.yaml", liza);
	snprintf(tmpp, sizeof tmpp, "%s/log.yaml.tmp", liza);
	write_file(logp, "w", "# the log\n");

	unsigned seed = 12345;
	int rc;
	lw_snapshot *prev = load(NULL, &rc);
	unsigned n = 0, steps = getenv("LW_LOG_STEPS") ? (unsigned)atoi(getenv("LW_LOG_STEPS")) : 400;
	for (unsigned step = 0; step < steps; step++) {
		unsigned op = (unsigned)rand_r(&seed) % 10;
		if (op < 5) {                       /* cat >> : one or more entries */
			for (unsigned k = 1 + (unsigned)rand_r(&seed) % 3; k; k--)
				write_file(logp, "a", entry(n++, rand_r(&seed) % 2, rand_r(&seed) % 40 == 0));
		} else if (op == 5) {               /* yq -i: rewritten whole, by rename */
			FILE *in = fopen(logp, "r"), *out = fopen(tmpp, "w");
			int c;
			while ((c = fgetc(in)) != EOF)
				fputc(c, out);
			fputs(entry(n++, true, false), out);
			fclose(in);
			fclose(out);
			rename(tmpp, logp);
		} else if (op == 6) {               /* truncated and rewritten in place, shorter */
			write_file(logp, "w", entry(n++, false, false));
		} else if (op == 7) {               /* an append without a final newline */
			char *e = entry(n++, true, false);
			e[strlen(e) - 1] = '\0';
			write_file(logp, "a", e);
		} else if (op == 8) {               /* an append that is not a list item */
			write_file(logp, "a", rand_r(&seed) % 2 ? "  trailing: text\n" : "# only a comment\n");
		} else {                            /* nothing changed */
		}
		int rc_inc, rc_full;
		lw_snapshot *inc = load(prev->sys, &rc_inc);
		lw_snapshot *full = load(NULL, &rc_full);
		assert_int_equal(rc_inc, rc_full);
		if (rc_full == 0) {
			const liza_state *a = inc->sys, *b = full->sys;
			if (a->log_entries != b->log_entries || a->log_newest != b->log_newest ||
			    inc->nproblems != full->nproblems)
				fail_msg("step %u (op %u): incremental %zu entries, newest %lld, %zu problems; "
				         "full %zu, %lld, %zu", step, op, a->log_entries, (long long)a->log_newest,
				         inc->nproblems, b->log_entries, (long long)b->log_newest, full->nproblems);
			lw_snapshot_free(prev);
			prev = inc;
		} else {
			lw_snapshot_free(inc);
			/* A broken log: start the next step from a good one again. */
			write_file(logp, "w", entry(n++, false, false));
		}
		lw_snapshot_free(full);
	}
	lw_snapshot_free(prev);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(incremental_equals_full_over_random_edits),
	};
	return cmocka_run_group_tests_name("liza_log", tests, NULL, NULL);
}
