/* review_load.c — what the HUD does when `v` opens the review of a task,
 * without the drawing: load the project, build the review, start git and
 * read its diff into the view's lines through the same non-blocking pump
 * (only the rows on screen are drawn, a few dozen whatever the diff's size).
 *
 *   review_load [-n RUNS] DIR TASK
 *
 * prints one line of key=value pairs (times in ms, medians over RUNS):
 *   runs=N first_ms=… all_ms=… lines=… files=…
 * first_ms: until the first screenful (45 rows) of the diff is in; all_ms:
 * until git is done and every line is in. */
#include "core/model/adapter.h"
#include "core/review/review.h"
#include "core/review/review_git.h"
#include "core/review/review_stat.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench/bench_time.h"

typedef struct sink {
	lw_rlines l;
	lw_diffstat st;
	size_t files;
	double t0, first;
} sink;

static void on_line(lw_rkind kind, const char *line, size_t len, void *ctx)
{
	sink *s = ctx;
	s->files += kind == RK_FILE;
	lw_diffstat_line(&s->st, kind, line, len);
	lw_rlines_add(&s->l, kind, line, len);
	if (s->first < 0 && s->l.n == 45)
		s->first = bench_now_ms() - s->t0;
}

int main(int argc, char **argv)
{
	int runs = 20, c;
	while ((c = getopt(argc, argv, "n:")) != -1)
		if (c == 'n')
			runs = atoi(optarg);
	if (argc - optind != 2 || runs < 1 || runs > 1000) {
		fputs("usage: review_load [-n RUNS] DIR TASK\n", stderr);
		return 2;
	}
	double *first = calloc((size_t)runs, sizeof *first), *all = calloc((size_t)runs, sizeof *all);
	size_t lines = 0, files = 0;
	for (int r = 0; r < runs; r++) {
		double t0 = bench_now_ms();
		lw_project p;
		lw_error err;
		lw_error_clear(&err);
		if (lw_project_open(&p, argv[optind], &err) < 0 || p.n == 0) {
			fprintf(stderr, "review_load: no state in %s\n", argv[optind]);
			return 1;
		}
		lw_project_load_all(&p);
		const lw_source *src;
		const lw_task *t;
		char msg[1024];
		if (lw_project_resolve(&p, argv[optind + 1], &src, &t, msg, sizeof msg) < 0 || !t) {
			fprintf(stderr, "review_load: %s\n", msg);
			return 1;
		}
		lw_review rv;
		lw_review_init(&rv);
		if (lw_review_build(&p, src, t, &rv) < 0 || !rv.has_diff) {
			fprintf(stderr, "review_load: no diff to show (%s)\n", rv.refusal);
			return 1;
		}
		sink s = { .t0 = t0, .first = -1 };
		lw_rlines_init(&s.l);
		lw_diffstat_init(&s.st);
		lw_git_job j;
		if (lw_git_diff_start(&j, rv.repo, rv.base, rv.head, 0, msg, sizeof msg) < 0) {
			fprintf(stderr, "review_load: %s\n", msg);
			return 1;
		}
		while (!j.done) {
			lw_git_job_wait(&j, -1);
			lw_git_job_pump(&j, on_line, &s);
		}
		lw_rlines stl;   /* the stat as the view shows it, once all is in */
		lw_rlines_init(&stl);
		lw_diffstat_render(&s.st, &stl);
		all[r] = bench_now_ms() - t0;
		lw_rlines_free(&stl);
		lw_diffstat_free(&s.st);
		first[r] = s.first < 0 ? all[r] : s.first;
		if (j.status != 0) {
			fprintf(stderr, "review_load: git exited %d\n", j.status);
			return 1;
		}
		lines = s.l.n;
		files = s.files;
		lw_git_job_free(&j);
		lw_rlines_free(&s.l);
		lw_review_free(&rv);
		lw_project_close(&p);
	}
	qsort(first, (size_t)runs, sizeof *first, bench_cmp_ms);
	qsort(all, (size_t)runs, sizeof *all, bench_cmp_ms);
	printf("runs=%d first_ms=%.3f all_ms=%.3f lines=%zu files=%zu\n", runs, first[runs / 2], all[runs / 2], lines,
	       files);
	free(first);
	free(all);
	return 0;
}
