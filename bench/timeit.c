/* timeit.c — run a command many times as a whole process and report the
 * median wall time and the peak RSS.
 *
 *   timeit [-w WARMUP] [-n MAXRUNS] [-m MINRUNS] [-t SECONDS] -- CMD [ARG...]
 *
 * prints one line of key=value pairs:
 *   runs=N median_ms=… min_ms=… max_ms=… maxrss_kib=… exit=…
 *
 * Each run is fork + execvp + wait4, timed with CLOCK_MONOTONIC around the
 * whole thing, so dynamic loading and process teardown count: that is what a
 * tmux status line pays. The command's stdout goes to /dev/null (writing it
 * is not what we measure; `cat` of a big file costs the same either way);
 * stderr is kept so a failure is visible. Runs stop at MAXRUNS, or once
 * SECONDS have passed and at least MINRUNS were made, so slow peers and big
 * states stay inside the overall time budget.
 *
 * Peak RSS is the largest ru_maxrss wait4 reports over the runs (KiB on
 * Linux and the BSDs). A forked child starts with this program's pages, so
 * the floor is timeit's own RSS (~1-2 MiB); this file allocates nothing big
 * to keep that floor low. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench/bench_time.h"

#define MAX_RUNS 10000

/* One run: returns wall ms, fills the child's peak RSS and exit status. */
static double run_once(char **argv, int devnull, long *rss_kib, int *status)
{
	double t0 = bench_now_ms();
	pid_t pid = fork();
	if (pid < 0) {
		perror("timeit: fork");
		exit(2);
	}
	if (pid == 0) {
		dup2(devnull, STDOUT_FILENO);
		execvp(argv[0], argv);
		fprintf(stderr, "timeit: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	struct rusage ru;
	while (wait4(pid, status, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("timeit: wait4");
			exit(2);
		}
	}
	double t1 = bench_now_ms();
	*rss_kib = ru.ru_maxrss;
	return t1 - t0;
}

static long arg_num(const char *s, const char *what)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (*end || v < 0) {
		fprintf(stderr, "timeit: %s must be a number, not '%s'\n", what, s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	long warmup = 3, maxruns = 100, minruns = 5;
	double budget_s = 10;
	int c;
	while ((c = getopt(argc, argv, "+w:n:m:t:")) != -1) {
		switch (c) {
		case 'w': warmup = arg_num(optarg, "-w"); break;
		case 'n': maxruns = arg_num(optarg, "-n"); break;
		case 'm': minruns = arg_num(optarg, "-m"); break;
		case 't': budget_s = (double)arg_num(optarg, "-t"); break;
		default:
			fputs("usage: timeit [-w WARMUP] [-n MAXRUNS] [-m MINRUNS] [-t SECONDS] -- CMD [ARG...]\n",
			      stderr);
			return 2;
		}
	}
	if (optind >= argc || maxruns < 1 || maxruns > MAX_RUNS) {
		fputs("timeit: give a command, and -n from 1 to 10000\n", stderr);
		return 2;
	}
	char **cmd = argv + optind;
	int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (devnull < 0) {
		perror("timeit: /dev/null");
		return 2;
	}
	long rss, maxrss = 0;
	int status = 0;
	/* Warm-up: page cache, dynamic loader cache, CPU frequency. */
	for (long i = 0; i < warmup; i++)
		run_once(cmd, devnull, &rss, &status);

	static double ms[MAX_RUNS];
	long n = 0;
	double start = bench_now_ms();
	while (n < maxruns && (n < minruns || bench_now_ms() - start < budget_s * 1e3)) {
		ms[n++] = run_once(cmd, devnull, &rss, &status);
		if (rss > maxrss)
			maxrss = rss;
	}
	qsort(ms, (size_t)n, sizeof *ms, bench_cmp_ms);
	double median = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	printf("runs=%ld median_ms=%.4f min_ms=%.4f max_ms=%.4f maxrss_kib=%ld exit=%d\n", n, median, ms[0],
	       ms[n - 1], maxrss, code);
	return 0;
}
