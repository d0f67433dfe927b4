/* approve.c — the cost of a safe transition: an approve (state.yaml and
 * log.yaml, under the Liza lock, through the transaction engine) against a
 * plain read + temp + fsync + rename of the same state.yaml.
 *
 *   approve [-n ITERS] LIZA_DIR
 *
 * LIZA_DIR is copied to a temporary folder. Each iteration restores the
 * copy's state.yaml and log.yaml (not timed), then times, in rotating order,
 * the approve of a READY_FOR_REVIEW task and the plain rewrite. Prints the
 * medians: iters=N approve_ms=… plain_ms=… approve_cpu_ms=… (the approve's
 * CPU time alone: on a busy machine wall time swings, CPU time less). */
#include "systems/liza/shell/liza.h"
#include "core/util/fileio.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench/bench_time.h"

static void die(const char *what)
{
	fprintf(stderr, "approve: %s\n", what);
	exit(1);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	if (!b || fread(b, 1, (size_t)n, f) != (size_t)n)
		die("read");
	b[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return b;
}

static void spit(const char *path, const char *b, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(b, 1, n, f) != n || fclose(f) != 0)
		die("write");
}

/* The baseline: what any careful writer does at least. */
static void plain_rewrite(const char *path)
{
	size_t n;
	char *b = slurp(path, &n);
	char tmp[4300];
	snprintf(tmp, sizeof tmp, "%s.plain-tmp", path);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, b, n) != (ssize_t)n || fsync(fd) != 0 || close(fd) != 0 || rename(tmp, path) != 0)
		die("plain rewrite");
	free(b);
}

static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	int iters = 20, o;
	while ((o = getopt(argc, argv, "n:")) != -1)
		if (o == 'n')
			iters = atoi(optarg);
	if (optind + 1 != argc || iters < 1)
		die("usage: approve [-n ITERS] LIZA_DIR");
	char dir[] = "/tmp/lw-bench-approve-XXXXXX", state[4200], log[4200], src[4200];
	if (!mkdtemp(dir))
		die("mkdtemp");
	snprintf(state, sizeof state, "%s/state.yaml", dir);
	snprintf(log, sizeof log, "%s/log.yaml", dir);
	size_t sn, ln;
	snprintf(src, sizeof src, "%s/state.yaml", argv[optind]);
	char *s0 = slurp(src, &sn);
	snprintf(src, sizeof src, "%s/log.yaml", argv[optind]);
	char *l0 = slurp(src, &ln);
	if (!s0)
		die("no state.yaml");
	/* The first READY_FOR_REVIEW task. */
	const char *at = strstr(s0, "status: READY_FOR_REVIEW");
	const char *id = NULL;
	char idbuf[64] = "";
	for (const char *p = at; p && p > s0; p--)
		if (strncmp(p, "- id: ", 6) == 0) {
			id = p + 6;
			break;
		}
	if (!id)
		die("no READY_FOR_REVIEW task");
	snprintf(idbuf, sizeof idbuf, "%.*s", (int)strcspn(id, "\n"), id);
	double *ta = calloc((size_t)iters, sizeof *ta), *tp = calloc((size_t)iters, sizeof *tp);
	double *tc = calloc((size_t)iters, sizeof *tc);
	time_t now = time(NULL);
	for (int i = 0; i < iters; i++) {
		for (int k = 0; k < 2; k++) {
			spit(state, s0, sn);
			if (l0)
				spit(log, l0, ln);
			bool approve_now = (k == 0) == (i % 2 == 0);   /* rotate the order */
			double t0 = bench_now_ms(), c0 = cpu_ms();
			if (approve_now) {
				tx_request rq = { .subject = idbuf, .event = "approve", .as = "code-reviewer-9", .force = true,
				                  .now = now };
				tx_result res;
				if (liza_transition(dir, &rq, &res) != TX_DONE) {
					fprintf(stderr, "approve: %s\n", res.message);
					die("approve failed");
				}
				ta[i] = bench_now_ms() - t0;
				tc[i] = cpu_ms() - c0;
			} else {
				plain_rewrite(state);
				tp[i] = bench_now_ms() - t0;
			}
		}
	}
	qsort(ta, (size_t)iters, sizeof *ta, bench_cmp_ms);
	qsort(tp, (size_t)iters, sizeof *tp, bench_cmp_ms);
	qsort(tc, (size_t)iters, sizeof *tc, bench_cmp_ms);
	printf("iters=%d approve_ms=%.3f plain_ms=%.3f approve_cpu_ms=%.3f\n", iters, ta[iters / 2], tp[iters / 2],
	       tc[iters / 2]);
	char cmd[4300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		return 1;
	free(s0);
	free(l0);
	free(ta);
	free(tp);
	free(tc);
	return 0;
}
