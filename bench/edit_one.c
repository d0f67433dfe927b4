/* edit_one.c — the reload after one task changed in a large state.yaml, the
 * case the watcher meets most: an agent edits its own task, by rename.
 *
 *   edit_one [-n ITERS] [-o patched|full|parse] LIZA_DIR NOW
 *
 * LIZA_DIR is copied to a temporary folder, with the spec files and
 * worktree folders beside it that the checks stat (gen_liza makes them);
 * the copy's state.yaml is loaded
 * once (the previous snapshot), then one task in the middle is edited (an
 * `iteration:` value changes) and written back by rename. Each iteration
 * times, in rotating order:
 *   patched   liza_load with the previous snapshot (one task re-parsed, an
 *             unchanged log.yaml skipped) + liza_check — what the HUD does;
 *   full      liza_load with no previous snapshot + liza_check;
 *   parse     the bare libyaml event loop over the edited state.yaml.
 * Prints: iters=N patched_ms=… full_ms=… parse_ms=… patched=1|0 (whether the
 * partial re-parse was taken rather than a fallback). -o times one of the
 * three alone (the others print 0), for a profiler. */
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_check.h"
#include "systems/liza/shell/liza_tx.h"
#include "core/doc/doc_posmap.h"
#include "core/util/fileio.h"
#include "core/util/memtune.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>
#include "bench/bench_time.h"

static void die(const char *what)
{
	fprintf(stderr, "edit_one: %s\n", what);
	exit(1);
}

static void bare_parse(const char *buf, size_t len)
{
	yaml_parser_t p;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	for (;;) {
		yaml_event_t e;
		if (!yaml_parser_parse(&p, &e))
			break;
		int end = e.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&e);
		if (end)
			break;
	}
	yaml_parser_delete(&p);
}

static double load_once(const char *dir, lw_snapshot *prev, time_t now, bool *patched)
{
	double t0 = bench_now_ms();
	lw_snapshot *s = lw_snapshot_new();
	lw_error err;
	lw_error_clear(&err);
	if (liza_load(dir, prev, s, &err) < 0)
		die(err.msg);
	lw_alerts al;
	lw_alerts_init(&al);
	lw_check_ctx c = { .now = now, .next_deadline = LW_NO_TIME, .out = &al };
	liza_check(s->sys, s, &c);
	lw_alerts_free(&al);
	double t = bench_now_ms() - t0;
	if (patched) {
		const liza_state *a = s->sys;
		*patched = a->state_doc && a->state_doc->posmap;   /* only doc_reparse_item sets a map */
	}
	lw_snapshot_free(s);
	return t;
}

int main(int argc, char **argv)
{
	lw_memory_tune();   /* as liza-watch does: measure what users run */
	long iters = 20;
	int c, only = -1;
	while ((c = getopt(argc, argv, "n:o:")) != -1)
		if (c == 'n')
			iters = atol(optarg);
		else if (c == 'o')
			only = strcmp(optarg, "patched") == 0 ? 0 : strcmp(optarg, "full") == 0 ? 1
			     : strcmp(optarg, "parse") == 0 ? 2 : -2;
	if (argc - optind != 2 || iters < 1 || iters > 1000 || only == -2)
		die("usage: edit_one [-n ITERS] [-o patched|full|parse] LIZA_DIR NOW");
	time_t now;
	if (lw_parse_time(argv[optind + 1], &now) < 0)
		die("NOW must be ISO 8601");
	char tmp[] = "/tmp/lw-edit-one.XXXXXX", cmd[8400], liza[128], state[160], next[200];
	if (!mkdtemp(tmp))
		die("mkdtemp");
	snprintf(cmd, sizeof cmd, "cp -r '%s' '%s/.liza'", argv[optind], tmp);
	if (system(cmd) != 0)
		die("cannot copy the state");
	for (int k = 0; k < 2; k++) {
		const char *side = k ? ".worktrees" : "specs";
		snprintf(cmd, sizeof cmd, "test ! -d '%s/../%s' || cp -r '%s/../%s' '%s/'", argv[optind], side,
		         argv[optind], side, tmp);
		if (system(cmd) != 0)
			die("cannot copy the project's folders");
	}
	snprintf(liza, sizeof liza, "%s/.liza", tmp);
	snprintf(state, sizeof state, "%s/state.yaml", liza);
	snprintf(next, sizeof next, "%s/state.yaml.next", liza);

	lw_snapshot *prev = lw_snapshot_new();
	lw_error err;
	if (liza_load(liza, NULL, prev, &err) < 0)
		die(err.msg);
	char *buf;
	size_t len;
	if (lw_read_file(state, 1u << 28, &buf, &len, &err) != LW_READ_OK)
		die("cannot read state.yaml");
	/* One task in the middle: its iteration value becomes another digit. */
	char *it = strstr(buf + len / 2, "iteration: ");
	if (!it)
		die("no iteration: in the second half of state.yaml");
	char *v = it + strlen("iteration: ");
	*v = *v == '7' ? '3' : '7';
	FILE *f = fopen(next, "w");
	if (!f || fwrite(buf, 1, len, f) != len || fclose(f) != 0)
		die("cannot write");
	if (rename(next, state) != 0)
		die("rename");

	bool patched = false;
	load_once(liza, prev, now, &patched);   /* warm-up, and whether the patch was taken */
	double *t[3];
	for (int k = 0; k < 3; k++)
		t[k] = calloc((size_t)iters, sizeof **t);
	for (long i = 0; i < iters; i++) {
		for (int k = 0; k < 3; k++) {
			int m = (int)((k + i) % 3);
			if (only >= 0 && m != only)
				continue;
			if (m == 0)
				t[0][i] = load_once(liza, prev, now, NULL);
			else if (m == 1)
				t[1][i] = load_once(liza, NULL, now, NULL);
			else {
				double t0 = bench_now_ms();
				bare_parse(buf, len);
				t[2][i] = bench_now_ms() - t0;
			}
		}
	}
	for (int k = 0; k < 3; k++)
		qsort(t[k], (size_t)iters, sizeof **t, bench_cmp_ms);
	printf("iters=%ld patched_ms=%.4f full_ms=%.4f parse_ms=%.4f patched=%d\n", iters, t[0][iters / 2],
	       t[1][iters / 2], t[2][iters / 2], patched);
	lw_snapshot_free(prev);
	free(buf);
	for (int k = 0; k < 3; k++)
		free(t[k]);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	return system(cmd) == 0 ? 0 : 1;
}
