/* board_keys.c — what a key costs the HUD on a large board, without the
 * drawing: the board's filter narrowing as it is typed, and the table
 * sorted by each column, each next to a floor measured in the same run.
 *
 *   board_keys [-n RUNS] [-v] DIR TEXT
 *
 * loads the project in DIR as the HUD does, then times (medians over RUNS,
 * in the thread's CPU time, CLOCK_THREAD_CPUTIME_ID: the work is all in
 * process, and a busy machine's waits are not the HUD's cost):
 *   filter   TEXT typed one key at a time, through hud_refilter (what each
 *            key of `/` on the board calls): key_ms is the median key,
 *            first_ms the first (a pass over every task), last_ms the
 *            last (over the before_last rows the key before left shown),
 *            all_ms the whole TEXT;
 *   scan     the floor of one key: glibc's strcasestr over the same fields
 *            (id, title, status, assignee, system) of every task, keeping
 *            the matches in an array;
 *   sort     for each table column, what `:sort COL` does (sort_set: the
 *            rows rebuilt, keyed and merge-sorted), against qsort(3) of the
 *            same rows by the same field (a plain comparison of the values,
 *            no keys, not stable);
 * (-v: each key's median and each column's, to stderr) and prints one
 * line of key=value pairs:
 *   runs=N tasks=N shown=N before_last=N key_ms=… first_ms=… last_ms=…
 *   all_ms=… scan_ms=…
 *   sort_ms=… (the slowest column's median) sort_col=NAME qsort_ms=… (that
 *   column's) sort_ratio_max=… (the largest ratio over the columns) */
#include "core/model/adapter.h"
#include "core/model/fleet.h"
#include "tui/hud.h"
#include "tui/sort.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "bench/bench_time.h"

/* The thread's CPU time: what a key costs the HUD, whatever else the
 * machine runs (figure and floor on the same clock). */
static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, bench_cmp_ms);
	return v[n / 2];
}

static bool scan_has(const lw_task *t, const char *f)
{
	const char *fields[] = { t->id, t->title, t->status, t->assignee, t->system };
	for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
		if (fields[i] && strcasestr(fields[i], f))
			return true;
	return false;
}

/* The floor of a sort by col: the same rows, the field compared as is. */
static int qcol;
static int qcmp(const void *pa, const void *pb)
{
	const lw_task *a = *(const lw_task *const *)pa, *b = *(const lw_task *const *)pb;
	long long x = 0, y = 0;
	const char *s = NULL, *u = NULL;
	switch (qcol) {
	case 1: case 2: s = a->system; u = b->system; break;
	case 3: s = a->id; u = b->id; break;
	case 4: s = a->status; u = b->status; break;
	case 5: x = a->status_since; y = b->status_since; break;
	case 6: x = a->lane; y = b->lane; break;
	case 7: s = a->assignee; u = b->assignee; break;
	case 8: x = a->iteration; y = b->iteration; break;
	case 9: x = a->review_cycles; y = b->review_cycles; break;
	default: s = a->title; u = b->title; break;
	}
	if (x != y)
		return x < y ? -1 : 1;
	return strcmp(s ? s : "", u ? u : "");
}

int main(int argc, char **argv)
{
	int runs = 20, c;
	bool verbose = false;
	while ((c = getopt(argc, argv, "n:v")) != -1)
		if (c == 'n')
			runs = atoi(optarg);
		else if (c == 'v')
			verbose = true;
	if (argc - optind != 2 || runs < 1 || runs > 1000) {
		fputs("usage: board_keys [-n RUNS] [-v] DIR TEXT\n", stderr);
		return 2;
	}
	const char *text = argv[optind + 1];
	size_t tl = strlen(text);
	if (!tl || tl >= 128) {
		fputs("board_keys: TEXT is 1 to 127 bytes\n", stderr);
		return 2;
	}
	lw_member mem;
	memset(&mem, 0, sizeof mem);
	lw_error err;
	lw_error_clear(&err);
	if (lw_project_open(&mem.proj, argv[optind], &err) < 0 || mem.proj.n == 0) {
		fprintf(stderr, "board_keys: no state in %s\n", argv[optind]);
		return 1;
	}
	lw_project_load_all(&mem.proj);
	lw_fleet fleet = { .v = &mem, .n = 1 };
	static hud h;   /* the HUD's model, no terminal */
	h.fleet = &fleet;
	h.only = -1;
	hud_rebuild(&h);
	size_t tasks = h.nitems;
	const lw_task **all = malloc((tasks + 1) * sizeof *all), **keep = malloc((tasks + 1) * sizeof *keep);
	for (size_t i = 0; i < tasks; i++)
		all[i] = h.items[i].task;

	double *key = calloc((size_t)runs * tl, sizeof *key), *first = calloc((size_t)runs, sizeof *first),
	       *last = calloc((size_t)runs, sizeof *last),
	       *whole = calloc((size_t)runs, sizeof *whole), *scan = calloc((size_t)runs, sizeof *scan);
	size_t shown = 0, before_last = 0, kept = 0;
	char typed[128];
	for (int r = 0; r < runs; r++) {
		hud_refilter(&h, "");
		double t0 = cpu_ms();
		for (size_t k = 0; k < tl; k++) {
			memcpy(typed, text, k + 1);
			typed[k + 1] = '\0';
			if (k + 1 == tl)
				before_last = h.nitems;
			double t = cpu_ms();
			hud_refilter(&h, typed);
			key[(size_t)r * tl + k] = cpu_ms() - t;
		}
		whole[r] = cpu_ms() - t0;
		first[r] = key[(size_t)r * tl];
		last[r] = key[(size_t)r * tl + tl - 1];
		shown = h.nitems;
		/* The floor: one pass over every task for the first key. */
		typed[0] = text[0];
		typed[1] = '\0';
		double t = cpu_ms();
		kept = 0;
		for (size_t i = 0; i < tasks; i++)
			if (scan_has(all[i], typed))
				keep[kept++] = all[i];
		scan[r] = cpu_ms() - t;
	}
	for (size_t k = 0; verbose && k < tl; k++) {   /* -v: each key's median, to stderr */
		double *one = calloc((size_t)runs, sizeof *one);
		for (int r = 0; r < runs; r++)
			one[r] = key[(size_t)r * tl + k];
		fprintf(stderr, "key %zu '%.*s': %.4f ms\n", k + 1, (int)k + 1, text, median(one, runs));
		free(one);
	}
	hud_refilter(&h, "");

	/* Sort: every table column, what :sort does, against qsort(3). */
	h.table_view = true;
	double worst = 0, worst_ms = 0, worst_q = 0;
	const char *worst_col = "";
	double *sm = calloc((size_t)runs, sizeof *sm), *qm = calloc((size_t)runs, sizeof *qm);
	for (int col = 1; col < (int)sort_ncols(SORT_TABLE); col++) {
		for (int r = 0; r < runs; r++) {
			double t = cpu_ms();
			sort_set(&h, SORT_TABLE, col, r % 2);
			sm[r] = cpu_ms() - t;
			memcpy(keep, all, tasks * sizeof *all);
			qcol = col;
			t = cpu_ms();
			qsort(keep, tasks, sizeof *keep, qcmp);
			qm[r] = cpu_ms() - t;
		}
		double s = median(sm, runs), q = median(qm, runs);
		if (verbose)
			fprintf(stderr, "sort %s: %.4f ms, qsort %.4f ms\n", sort_col_name(SORT_TABLE, col), s, q);
		if (q > 0 && s / q > worst) {
			worst = s / q;
			worst_ms = s;
			worst_q = q;
			worst_col = sort_col_name(SORT_TABLE, col);
		}
	}
	printf("runs=%d tasks=%zu shown=%zu before_last=%zu key_ms=%.4f first_ms=%.4f last_ms=%.4f all_ms=%.4f scan_ms=%.4f "
	       "sort_ms=%.4f sort_col=%s qsort_ms=%.4f sort_ratio_max=%.3f\n",
	       runs, tasks, shown, before_last, median(key, runs * (int)tl), median(first, runs), median(last, runs),
	       median(whole, runs), median(scan, runs), worst_ms, worst_col, worst_q, worst);
	(void)kept;
	return 0;
}
