/* test_liza_log.c — reloads that reuse work (log.yaml skipped when unchanged
 * or read from its old end when it only grew; an unchanged state.yaml shared
 * with the previous snapshot) must always give what a full load gives. A
 * randomized sequence of appends, rewrites by rename, in-place rewrites,
 * truncations, broken tails, state edits and marker files checks that after
 * every step, down to the text of every alert. */
/* make valgrind: run under memcheck */
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
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_check.h"
#include "systems/liza/shell/liza_tx.h"
#include "cli/report.h"
#include "core/util/timeparse.h"
#include "core/model/activity.h"
#include "systems/liza/shell/liza_records.h"

static char dir[64], liza[96], logp[128], tmpp[128], st[160];

static void write_file(const char *path, const char *mode, const char *text)
{
	FILE *f = fopen(path, mode);
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static lw_snapshot *load(lw_snapshot *prev, int *rc)
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

/* Every alert as text, sorted: what `check` would print. */
static void alerts_text(lw_snapshot *s, strbuf *out)
{
	lw_alerts al;
	lw_alerts_init(&al);
	lw_check_ctx c = { .next_deadline = LW_NO_TIME, .out = &al };
	lw_parse_time("2026-01-20T10:20:00Z", &c.now);
	liza_check(s->sys, s, &c);
	lw_alerts_sort(&al);
	for (size_t i = 0; i < al.n; i++)
		report_alert_line(out, &al.v[i]);
	strbuf_printf(out, "deadline %lld\n", (long long)c.next_deadline);
	lw_alerts_free(&al);
}

static const char *const statuses[] = { "UNCLAIMED", "CLAIMED", "READY_FOR_REVIEW", "BLOCKED", "MERGED" };

static void write_state(const char *path, unsigned seed)
{
	char tmp[200];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	fprintf(f, "version: 1\ngoal: {id: g, status: IN_PROGRESS}\ntasks:\n");
	for (unsigned t = 0; t < 4; t++)
		fprintf(f, "  - id: t%u\n    status: %s\n    iteration: %u\n    created: \"2026-01-20T09:00:00Z\"\n",
		        t, statuses[(seed + t) % 5], (seed * 7 + t) % 12);
	fprintf(f, "agents: {}\nconfig: {max_coder_iterations: 10}\n");
	fclose(f);
	rename(tmp, path);
}

/* A fresh project: state.yaml (seed 1) and the log's path, not yet written. */
static void make_project(void)
{
	snprintf(dir, sizeof dir, "/tmp/lw-log.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(liza, sizeof liza, "%s/.liza", dir);
	mkdir(liza, 0755);
	snprintf(st, sizeof st, "%s/state.yaml", liza);
	write_state(st, 1);
	snprintf(logp, sizeof logp, "%s/log.yaml", liza);
}

static void incremental_equals_full_over_random_edits(void **state)
{
	(void)state;
	make_project();
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
		} else if (op == 8 && rand_r(&seed) % 3 == 0) { /* one task edited in place: the patch path */
			FILE *in = fopen(st, "r");
			char text[8192];
			size_t tl = fread(text, 1, sizeof text - 1, in);
			fclose(in);
			text[tl] = '\0';
			char *it = strstr(text, "iteration: ");
			for (unsigned k = (unsigned)rand_r(&seed) % 4; it && k; k--)
				it = strstr(it + 1, "iteration: ");
			if (it) {
				char *v = it + strlen("iteration: ");
				*v = (char)('0' + (unsigned)rand_r(&seed) % 10);
				char tmp[200];
				snprintf(tmp, sizeof tmp, "%s.tmp", st);
				write_file(tmp, "w", text);
				rename(tmp, st);
			}
		} else if (op == 8 && rand_r(&seed) % 2) { /* state.yaml rewritten, or a marker flips */
			unsigned what = (unsigned)rand_r(&seed) % 3;
			char mk[160];
			if (what == 0)
				write_state(st, (unsigned)rand_r(&seed));
			snprintf(mk, sizeof mk, "%s/%s", liza, what == 1 ? "PAUSE" : "CHECKPOINT");
			if (what && access(mk, F_OK) == 0)
				unlink(mk);
			else if (what)
				write_file(mk, "w", rand_r(&seed) % 2 ? "2026-01-20T08:00:00Z\n" : "not a time\n");
		} else if (op == 8) {               /* an append that is not a list item */
			write_file(logp, "a", rand_r(&seed) % 2 ? "  trailing: text\n" : "# only a comment\n");
		} else {                            /* nothing changed */
		}
		if (getenv("LW_LOG_TRACE"))
			fprintf(stderr, "step %u op %u\n", step, op);
		int rc_inc, rc_full;
		lw_snapshot *inc = load(prev, &rc_inc);
		lw_snapshot *full = load(NULL, &rc_full);
		assert_int_equal(rc_inc, rc_full);
		/* A snapshot stands at most on the one that parsed state.yaml: a
		 * longer chain keeps every earlier snapshot alive. */
		assert_true(!inc->base || !inc->base->base);
		if (rc_full == 0) {
			const liza_state *a = inc->sys, *b = full->sys;
			if (a->log_entries != b->log_entries || a->log_newest != b->log_newest ||
			    inc->nproblems != full->nproblems)
				fail_msg("step %u (op %u): incremental %zu entries, newest %lld, %zu problems; "
				         "full %zu, %lld, %zu", step, op, a->log_entries, (long long)a->log_newest,
				         inc->nproblems, b->log_entries, (long long)b->log_newest, full->nproblems);
			strbuf ta, tb;
			strbuf_init(&ta);
			strbuf_init(&tb);
			alerts_text(inc, &ta);
			alerts_text(full, &tb);
			if (strcmp(ta.buf, tb.buf) != 0)
				fail_msg("step %u (op %u): alerts differ\n--- incremental ---\n%s--- full ---\n%s", step, op,
				         ta.buf, tb.buf);
			strbuf_free(&ta);
			strbuf_free(&tb);
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

/* Found by the soak: with state.yaml unchanged, every log append kept the
 * previous snapshot alive through a chain of bases (~16 KB each in the HUD). */
static void log_only_reloads_do_not_chain(void **state)
{
	(void)state;
	make_project();
	write_file(logp, "w", "# the log\n");
	int rc;
	lw_snapshot *owner = load(NULL, &rc), *prev = owner;
	assert_int_equal(rc, 0);
	owner->refs++;   /* ours, to look at it after the chain moved on */
	for (unsigned i = 0; i < 50; i++) {
		write_file(logp, "a", entry(i, false, false));
		lw_snapshot *s = load(prev, &rc);
		assert_int_equal(rc, 0);
		assert_ptr_equal(s->base, owner);
		lw_snapshot_free(prev);
		prev = s;
	}
	assert_int_equal(owner->refs, 2);   /* ours and the last snapshot's: no chain */
	lw_snapshot_free(prev);
	lw_snapshot_free(owner);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* The newest log entries as records (the activity feed, `events`), from
 * the one streaming pass: each entry's task, agent, "action: detail" and
 * timestamp, whatever else it holds or lacks; fields cut to their slot and
 * at a NUL, a bad timestamp no time; the oldest beyond the limit dropped;
 * an appended tail gives what a full load gives. */
static void log_records_are_the_newest_entries(void **state)
{
	(void)state;
	make_project();
	write_file(logp, "w", "# the log\n");
	size_t limit = lw_records_limit();
	for (unsigned i = 0; i < limit + 5; i++)
		write_file(logp, "a", entry(i, i % 2, false));
	char longer[300], line[600];
	memset(longer, 'd', 200);
	longer[200] = '\0';
	snprintf(line, sizeof line,
	         "- {agent: ann, note: x, timestamp: \"2026-02-01T10:00:00Z\", task: t1, action: approve, detail: %s}\n"
	         "- just a line\n"
	         "- timestamp: soon\n  task: \"t\\0x\"\n  detail: only this\n"
	         "- [action, detail]\n",
	         longer);
	write_file(logp, "a", line);
	int rc;
	lw_snapshot *s = load(NULL, &rc);
	assert_int_equal(rc, 0);
	assert_int_equal(s->nrecords, limit);
	const lw_record *r = &s->records[limit - 4];
	assert_string_equal(r->kind, "log");
	assert_string_equal(r->subject, "t1");
	assert_string_equal(r->actor, "ann");
	time_t want;
	lw_parse_time("2026-02-01T10:00:00Z", &want);
	assert_int_equal(r->time, want);
	assert_int_equal(strncmp(r->text, "approve: ddd", 12), 0);
	assert_int_equal(strlen(r->text), strlen("approve: ") + LIZA_REC_FIELD - 1);
	r = &s->records[limit - 3];   /* a scalar entry: a record with nothing in it */
	assert_null(r->subject);
	assert_null(r->actor);
	assert_null(r->text);
	assert_int_equal(r->time, LW_NO_TIME);
	r = &s->records[limit - 2];
	assert_string_equal(r->subject, "t");
	assert_string_equal(r->text, "only this");
	assert_int_equal(r->time, LW_NO_TIME);
	assert_null(s->records[limit - 1].text);
	/* The first record kept is the entry limit - 4 from the end of the generated ones. */
	char who[32];
	snprintf(who, sizeof who, "coder-%u", 9u % 5);
	assert_string_equal(s->records[0].actor, who);
	assert_string_equal(s->records[0].text, "did_9");

	/* An appended tail: the same records as a full load. */
	write_file(logp, "a", entry(999, false, false));
	lw_snapshot *inc = load(s, &rc), *full = load(NULL, &rc);
	assert_int_equal(inc->nrecords, full->nrecords);
	for (size_t i = 0; i < full->nrecords; i++) {
		assert_int_equal(inc->records[i].time, full->records[i].time);
		const char *a[3] = { inc->records[i].subject, inc->records[i].actor, inc->records[i].text };
		const char *b[3] = { full->records[i].subject, full->records[i].actor, full->records[i].text };
		for (int k = 0; k < 3; k++)
			if (a[k] || b[k])
				assert_string_equal(a[k] ? a[k] : "(null)", b[k] ? b[k] : "(null)");
	}
	assert_string_equal(full->records[full->nrecords - 1].text, "did_999");
	lw_snapshot_free(inc);
	lw_snapshot_free(full);
	lw_snapshot_free(s);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(incremental_equals_full_over_random_edits),
		cmocka_unit_test(log_only_reloads_do_not_chain),
		cmocka_unit_test(log_records_are_the_newest_entries),
	};
	return cmocka_run_group_tests_name("liza_log", tests, NULL, NULL);
}
