/* approve.c — the cost of a safe transition: an approve (state.yaml and
 * log.yaml, under the Liza lock, through the transaction engine) against a
 * plain read + temp + fsync + rename of the same state.yaml (the I/O
 * floor) and against a reload of the project.
 *
 *   approve [-n ITERS] [-c LIZA_WATCH] [-t TASK] [-a AGENT] LIZA_DIR
 *
 * LIZA_DIR is copied to a temporary project (its .liza folder, with its
 * pipeline.yaml when it has one: today's Liza's). TASK is the task
 * approved (default: the first READY_FOR_REVIEW one, the shell era's),
 * AGENT the reviewer who approves (default code-reviewer-9). Each
 * iteration restores the copy's state.yaml and log.yaml (not timed), then
 * times, in rotating order:
 *   held    the approve as the HUD fires it: the project loaded first (not
 *           timed, the HUD holds its snapshot), then liza_transition_from
 *           with that snapshot;
 *   bare    liza_transition without a snapshot (a tool, a test);
 *   cli     with -c: `liza-watch -C PROJECT approve TASK --force` as a whole
 *           process (load included), output to /dev/null;
 *   reload  lw_snapshot_new → liza_load → liza_check → free, in process;
 *   plain   the I/O floor.
 * While held and bare run, a second thread takes and drops the same lock
 * file in a loop (flock, blocking): the longest of its waits is how long
 * the approve held the lock, seen as every agent's `flock -x` sees it —
 * nothing is instrumented in the product.
 *
 * Prints the medians: iters=N approve_ms= (held) bare_ms= cli_ms= reload_ms=
 * plain_ms= lock_ms= (held) bare_lock_ms= approve_cpu_ms= (held). */
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_check.h"
#include "systems/liza/liza_gen.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
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
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);   /* this thread: not the lock prober */
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* ---- the lock, as an agent waiting on it sees it ---- */
typedef struct prober {
	const char *lock;
	atomic_bool stop;
	double longest;           /* ms of the longest flock wait */
} prober;

static void *probe(void *arg)
{
	prober *p = arg;
	int fd = open(p->lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return NULL;
	while (!atomic_load(&p->stop)) {
		double t0 = bench_now_ms();
		if (flock(fd, LOCK_EX) != 0)
			break;
		double w = bench_now_ms() - t0;
		flock(fd, LOCK_UN);
		if (w > p->longest)
			p->longest = w;
		sched_yield();
	}
	close(fd);
	return NULL;
}

static void reload(const char *liza, time_t now)
{
	lw_error err;
	lw_error_clear(&err);
	lw_snapshot *snap = lw_snapshot_new();
	if (liza_load(liza, NULL, snap, &err) < 0)
		die("reload");
	lw_alerts al;
	lw_alerts_init(&al);
	lw_check_ctx ctx = { .now = now, .next_deadline = LW_NO_TIME, .out = &al };
	liza_gen_of(snap->sys)->check(snap->sys, snap, &ctx);   /* either generation's checks */
	lw_alerts_free(&al);
	lw_snapshot_free(snap);
}

static const char *agent = "code-reviewer-9";   /* -a */

static void cli_approve(const char *lw, const char *project, const char *id)
{
	pid_t pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execl(lw, lw, "-C", project, "approve", id, "--force", "--as", agent, (char *)NULL);
		_exit(127);
	}
	int st;
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		die("liza-watch approve failed");
}

enum { HELD, BARE, CLI, RELOAD, PLAIN, NMODES };

int main(int argc, char **argv)
{
	int iters = 20, o;
	const char *lw = NULL, *task = NULL;
	while ((o = getopt(argc, argv, "n:c:t:a:")) != -1)
		if (o == 'n')
			iters = atoi(optarg);
		else if (o == 'c')
			lw = optarg;
		else if (o == 't')
			task = optarg;
		else if (o == 'a')
			agent = optarg;
	if (optind + 1 != argc || iters < 1)
		die("usage: approve [-n ITERS] [-c LIZA_WATCH] [-t TASK] [-a AGENT] LIZA_DIR");
	char proj[] = "/tmp/lw-bench-approve-XXXXXX", dir[4096], state[4200], log[4200], lock[4200], src[4200];
	if (!mkdtemp(proj))
		die("mkdtemp");
	snprintf(dir, sizeof dir, "%s/.liza", proj);
	if (mkdir(dir, 0755) != 0)
		die("mkdir");
	snprintf(state, sizeof state, "%s/state.yaml", dir);
	snprintf(log, sizeof log, "%s/log.yaml", dir);
	snprintf(lock, sizeof lock, "%s/state.yaml.lock", dir);
	size_t sn, ln;
	snprintf(src, sizeof src, "%s/state.yaml", argv[optind]);
	char *s0 = slurp(src, &sn);
	snprintf(src, sizeof src, "%s/log.yaml", argv[optind]);
	char *l0 = slurp(src, &ln);
	if (!s0)
		die("no state.yaml");
	snprintf(src, sizeof src, "%s/pipeline.yaml", argv[optind]);
	size_t pn;
	char *p0 = slurp(src, &pn), pipe[4200];
	snprintf(pipe, sizeof pipe, "%s/pipeline.yaml", dir);
	if (p0)
		spit(pipe, p0, pn);
	free(p0);
	char idbuf[64] = "";
	if (task) {
		snprintf(idbuf, sizeof idbuf, "%s", task);
	} else {   /* the first READY_FOR_REVIEW task */
		const char *at = strstr(s0, "status: READY_FOR_REVIEW");
		const char *id = NULL;
		for (const char *p = at; p && p > s0; p--)
			if (strncmp(p, "- id: ", 6) == 0) {
				id = p + 6;
				break;
			}
		if (!id)
			die("no READY_FOR_REVIEW task");
		snprintf(idbuf, sizeof idbuf, "%.*s", (int)strcspn(id, "\n"), id);
	}
	double *t[NMODES], *lk[2], *tc = calloc((size_t)iters, sizeof *tc);
	for (int m = 0; m < NMODES; m++)
		t[m] = calloc((size_t)iters, sizeof **t);
	for (int m = 0; m < 2; m++)
		lk[m] = calloc((size_t)iters, sizeof **lk);
	time_t now = time(NULL);
	for (int i = 0; i < iters; i++) {
		for (int k = 0; k < NMODES; k++) {
			int m = (k + i) % NMODES;   /* rotate the order */
			if (m == CLI && !lw)
				continue;
			spit(state, s0, sn);
			if (l0)
				spit(log, l0, ln);
			tx_request rq = { .subject = idbuf, .event = "approve", .as = agent, .force = true,
			                  .now = now };
			tx_result res;
			lw_snapshot *snap = NULL;
			if (m == HELD) {   /* what the HUD holds before the key is pressed */
				lw_error err;
				lw_error_clear(&err);
				snap = lw_snapshot_new();
				if (liza_load(dir, NULL, snap, &err) < 0)
					die("load");
			}
			prober pr = { .lock = lock };
			pthread_t th;
			bool probing = m == HELD || m == BARE;
			if (probing && pthread_create(&th, NULL, probe, &pr) != 0)
				die("thread");
			double t0 = bench_now_ms(), c0 = cpu_ms();
			int rc = TX_DONE;
			switch (m) {
			case HELD: rc = liza_transition_from(dir, snap, &rq, &res); break;
			case BARE: rc = liza_transition(dir, &rq, &res); break;
			case CLI: cli_approve(lw, proj, idbuf); break;
			case RELOAD: reload(dir, now); break;
			default: plain_rewrite(state); break;
			}
			t[m][i] = bench_now_ms() - t0;
			if (m == HELD)
				tc[i] = cpu_ms() - c0;
			if (probing) {
				atomic_store(&pr.stop, true);
				pthread_join(th, NULL);
				lk[m == HELD ? 0 : 1][i] = pr.longest;
			}
			lw_snapshot_free(snap);
			if (rc != TX_DONE) {
				fprintf(stderr, "approve: %s\n", res.message);
				die("approve failed");
			}
		}
	}
	for (int m = 0; m < NMODES; m++)
		qsort(t[m], (size_t)iters, sizeof **t, bench_cmp_ms);
	for (int m = 0; m < 2; m++)
		qsort(lk[m], (size_t)iters, sizeof **lk, bench_cmp_ms);
	qsort(tc, (size_t)iters, sizeof *tc, bench_cmp_ms);
	int h = iters / 2;
	printf("iters=%d approve_ms=%.3f bare_ms=%.3f", iters, t[HELD][h], t[BARE][h]);
	if (lw)
		printf(" cli_ms=%.3f", t[CLI][h]);
	printf(" reload_ms=%.3f plain_ms=%.3f lock_ms=%.3f bare_lock_ms=%.3f approve_cpu_ms=%.3f\n", t[RELOAD][h],
	       t[PLAIN][h], lk[0][h], lk[1][h], tc[h]);
	char cmd[4300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", proj);
	if (system(cmd) != 0)
		return 1;
	free(s0);
	free(l0);
	for (int m = 0; m < NMODES; m++)
		free(t[m]);
	free(lk[0]);
	free(lk[1]);
	free(tc);
	return 0;
}
