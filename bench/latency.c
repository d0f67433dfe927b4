/* latency.c — the real HUD under a pty this program owns: write→screen
 * latency, peak RSS and idle wakeups.
 *
 *   latency [-n ITERS] [-q QUIET_MS] [-i IDLE_S] [-s COLSxROWS] [-k TASK] [-v]
 *           STATE_YAML -- CMD [ARG...]
 *
 * CMD (e.g. `./liza-watch -C DIR`) runs on the slave side of a pty of a
 * fixed size; this program reads the master side, i.e. exactly the bytes a
 * terminal emulator would get. Why a pty and not `tmux capture-pane`:
 * polling the screen costs milliseconds per look, which is the order of what
 * is measured, while a read() on the master returns the moment the HUD's
 * write() lands, so the timestamp is the screen's own, give or take a tty
 * flush (microseconds).
 *
 * A unique marker goes at the start of TASK's description (default: the
 * first task in the file), which the board shows as the card's title:
 *   1. write the state with marker 0, start CMD, wait for marker 0, then for
 *      the output to go quiet: the HUD is loaded and idle. VmHWM now is the
 *      peak RSS after load.
 *   2. ITERS times: write the state with marker i to STATE_YAML.tmp.bench,
 *      take the time, rename() it over STATE_YAML (how yq -i, sed -i and
 *      os.replace write), read the master until marker i appears; that
 *      interval is one latency. Then read until QUIET_MS pass without output,
 *      so the next write finds the HUD idle; the bytes of the whole update
 *      show that only what changed was sent (ncurses' diff).
 *   3. IDLE_S seconds untouched: the change of voluntary context switches
 *      over all threads (/proc/PID/task/ * /status) is the number of
 *      wakeups: a wakeup ends in one, as the HUD sleeps in poll() again
 *      after it. Involuntary switches (the HUD preempted by other work
 *      while it runs) are counted apart: they say how busy the machine
 *      is, not how often the HUD woke.
 *   4. 'q' to quit (SIGTERM, then SIGKILL if it lingers); the original state
 *      bytes are put back.
 *
 * Markers: ncurses sends only the cells that changed, so a marker that kept
 * a character from the previous iteration would not arrive whole. Letter k
 * of marker i is a base-13 digit of i, drawn from A-M at even k and N-Z at
 * odd k (no two neighbours alike, so no run for the terminal's "repeat
 * character" either), upper case for even i and lower case for odd i (every
 * cell changes on every iteration). Unique up to 13^4 = 28,561 iterations.
 *
 * Prints one line of key=value pairs (times in ms, sizes in KiB):
 *   iters=… p50_ms=… p99_ms=… min_ms=… max_ms=… update_bytes=… hwm_load_kib=…
 *   hwm_kib=… idle_s=… wakeups=… preempted=… idle_reads=… idle_bytes=… minutes=…
 *   exit=…  (idle_reads: the reads of the terminal's side that got bytes in
 *   the idle window, i.e. the wakeups of whatever reads the terminal)
 * (idle_* and minutes, the whole minutes of the wall clock that began
 * inside the idle window, only with -i). -v also prints each latency, in
 * order, on stderr: to tell a steady tail from a periodic one (a heap trim,
 * a timer). Exit status 77: no pty here (skip). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench/bench_time.h"

#define MAX_ITERS 10000
#define MARK_LEN 4
#define START_TIMEOUT_MS 120000    /* a 10,000-task load under valgrind still fits */
#define UPDATE_TIMEOUT_MS 30000

static int master = -1;
static pid_t child = -1;
static char tail_buf[MARK_LEN];     /* the stream's last bytes: a marker may straddle reads */
static size_t tail_len;
static long stream_bytes;           /* all bytes read from the master so far */

static void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "latency: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	if (child > 0)
		kill(child, SIGKILL);
	exit(1);
}

static void make_marker(long i, char *m)
{
	long v = i;
	for (int k = 0; k < MARK_LEN; k++, v /= 13)
		m[k] = (char)((i % 2 ? 'a' : 'A') + (k % 2) * 13 + v % 13);
}

/* One read from the master, waiting at most timeout_ms: bytes read, 0 on
 * timeout, -1 once the HUD has closed its terminal. With want, *found is set
 * once want appears in the stream. */
static long read_some(int timeout_ms, const char *want, int *found)
{
	struct pollfd p = { .fd = master, .events = POLLIN };
	int r = poll(&p, 1, timeout_ms);
	if (r < 0 && errno == EINTR)
		return 0;
	if (r <= 0)
		return 0;
	char buf[MARK_LEN + 65536];
	memcpy(buf, tail_buf, tail_len);
	ssize_t n = read(master, buf + tail_len, sizeof buf - tail_len);
	if (n <= 0)
		return -1;
	stream_bytes += n;
	size_t len = tail_len + (size_t)n;
	if (want && memmem(buf, len, want, MARK_LEN))
		*found = 1;
	tail_len = len < MARK_LEN - 1 ? len : MARK_LEN - 1;
	memcpy(tail_buf, buf + len - tail_len, tail_len);
	return n;
}

/* Reads until marker m is seen; returns the ms from t0 to the read that held it. */
static double wait_marker(const char *m, double t0, int timeout_ms)
{
	int found = 0;
	tail_len = 0;   /* bytes from before t0 cannot count */
	while (!found) {
		double left = t0 + timeout_ms - bench_now_ms();
		if (left <= 0)
			die("marker %.4s not on screen in time: is the task's card visible?", m);
		if (read_some((int)left + 1, m, &found) < 0)
			die("the HUD closed its terminal before marker %.4s", m);
	}
	return bench_now_ms() - t0;
}

/* Reads until quiet_ms pass with no output; returns the bytes read. */
static long drain(int quiet_ms)
{
	long total = 0, n;
	while ((n = read_some(quiet_ms, NULL, NULL)) > 0)
		total += n;
	return total;
}

/* Reads and discards output for ms milliseconds; returns the bytes read. */
static long drain_for(double ms, long *reads)
{
	long total = 0, n;
	double end = bench_now_ms() + ms;
	for (double left; (left = end - bench_now_ms()) > 0; total += n) {
		if ((n = read_some((int)left + 1, NULL, NULL)) < 0)
			die("the HUD closed its terminal while %s", "idle");
		if (n > 0 && reads)
			(*reads)++;
	}
	return total;
}

/* Sum of "key: N" over the child's threads, from /proc (-1 where there is none). */
static long proc_sum(const char *key)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/task", (int)child);
	DIR *d = opendir(path);
	if (!d)
		return -1;
	long sum = 0;
	size_t klen = strlen(key);
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		char file[sizeof path + sizeof e->d_name + 8], line[256];
		snprintf(file, sizeof file, "%s/%s/status", path, e->d_name);
		FILE *f = fopen(file, "r");
		if (!f)
			continue;   /* the thread has just ended */
		while (fgets(line, sizeof line, f))
			if (strncmp(line, key, klen) == 0 && line[klen] == ':')
				sum += atol(line + klen + 1);
		fclose(f);
	}
	closedir(d);
	return sum;
}

/* VmHWM is per process: the main thread's file has it. */
static long hwm_kib(void)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/status", (int)child);
	FILE *f = fopen(path, "r");
	long v = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "VmHWM:", 6) == 0)
			v = atol(line + 6);
	fclose(f);
	return v;
}

/* Writes len bytes to tmp and renames it over path; t0 gets the time just
 * before the rename, which is when the new state exists for a watcher. */
static void write_state(const char *path, const char *tmp, const char *buf, size_t len, double *t0)
{
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		die("%s", tmp);
	for (size_t off = 0; off < len;) {
		ssize_t n = write(fd, buf + off, len - off);
		if (n < 0)
			die("write %s", tmp);
		off += (size_t)n;
	}
	close(fd);
	if (t0)
		*t0 = bench_now_ms();
	if (rename(tmp, path) < 0)
		die("rename to %s", path);
}

/* Where the marker goes: just inside the description of task key (or of the
 * first task), past an opening quote. */
static size_t marker_offset(const char *buf, const char *key)
{
	char item[128];
	snprintf(item, sizeof item, "\n  - id: %s\n", key ? key : "");
	const char *at = strstr(buf, key ? item : "\n  - id: ");
	const char *d = at ? strstr(at + 1, "\n    description: ") : NULL;
	const char *next = at ? strstr(at + 1, "\n  - id: ") : NULL;
	if (!d || (next && d > next))
		die("no description for task %s in the state", key ? key : "(first)");
	d += strlen("\n    description: ");
	return (size_t)(d - buf) + (*d == '"' || *d == '\'');
}

int main(int argc, char **argv)
{
	long iters = 0, quiet = 20, idle_s = 0;
	unsigned short cols = 160, rows = 45;
	const char *key = NULL;
	int c, verbose = 0;
	while ((c = getopt(argc, argv, "+n:q:i:s:k:v")) != -1) {
		switch (c) {
		case 'n': iters = atol(optarg); break;
		case 'q': quiet = atol(optarg); break;
		case 'i': idle_s = atol(optarg); break;
		case 's': if (sscanf(optarg, "%hux%hu", &cols, &rows) != 2) goto usage; break;
		case 'k': key = optarg; break;
		case 'v': verbose = 1; break;
		default: goto usage;
		}
	}
	if (argc - optind < 3 || strcmp(argv[optind + 1], "--") != 0 || iters < 0 || iters > MAX_ITERS ||
	    quiet < 1 || idle_s < 0 || cols < 20 || rows < 5)
		goto usage;
	const char *path = argv[optind];
	char **cmd = argv + optind + 2;
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp.bench", path);   /* a name the watcher ignores */

	/* The original bytes, and a copy with room for the marker plus a space. */
	FILE *f = fopen(path, "rb");
	struct stat st;
	if (!f || fstat(fileno(f), &st) < 0)
		die("%s: cannot read", path);
	size_t olen = (size_t)st.st_size;
	char *orig = malloc(olen + 1), *buf = malloc(olen + MARK_LEN + 2);
	if (!orig || !buf || fread(orig, 1, olen, f) != olen)
		die("%s: cannot read", path);
	fclose(f);
	orig[olen] = '\0';
	size_t at = marker_offset(orig, key);
	memcpy(buf, orig, at);
	buf[at + MARK_LEN] = ' ';
	memcpy(buf + at + MARK_LEN + 1, orig + at, olen - at);
	size_t len = olen + MARK_LEN + 1;

	char m[MARK_LEN];
	make_marker(0, m);
	memcpy(buf + at, m, MARK_LEN);
	write_state(path, tmp, buf, len, NULL);

	struct winsize ws = { .ws_row = rows, .ws_col = cols };
	signal(SIGPIPE, SIG_IGN);
	child = forkpty(&master, NULL, NULL, &ws);
	if (child < 0) {
		fprintf(stderr, "latency: no pty: %s\n", strerror(errno));
		write_state(path, tmp, orig, olen, NULL);
		return 77;
	}
	if (child == 0) {
		if (!getenv("TERM") || !*getenv("TERM") || strcmp(getenv("TERM"), "dumb") == 0)
			setenv("TERM", "xterm-256color", 1);
		execvp(cmd[0], cmd);
		fprintf(stderr, "latency: %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}

	/* 1. Loaded and idle. */
	wait_marker(m, bench_now_ms(), START_TIMEOUT_MS);
	drain(300);
	long hwm_load = hwm_kib();

	/* 2. Write → screen. */
	static double lat[MAX_ITERS];
	long bytes = 0;
	for (long i = 1; i <= iters; i++) {
		double t0;
		long before = stream_bytes;
		make_marker(i, m);
		memcpy(buf + at, m, MARK_LEN);
		write_state(path, tmp, buf, len, &t0);
		lat[i - 1] = wait_marker(m, t0, UPDATE_TIMEOUT_MS);
		drain((int)quiet);
		bytes += stream_bytes - before;
		if (verbose)
			fprintf(stderr, "%ld %.4f\n", i, lat[i - 1]);
	}
	printf("iters=%ld", iters);
	if (iters > 0) {
		qsort(lat, (size_t)iters, sizeof *lat, bench_cmp_ms);
		/* nearest rank: the smallest value with at least p % of the samples at or below it */
		long p50 = (iters * 50 + 99) / 100 - 1, p99 = (iters * 99 + 99) / 100 - 1;
		printf(" p50_ms=%.4f p99_ms=%.4f min_ms=%.4f max_ms=%.4f update_bytes=%ld", lat[p50], lat[p99], lat[0],
		       lat[iters - 1], bytes / iters);
	}
	printf(" hwm_load_kib=%ld hwm_kib=%ld", hwm_load, hwm_kib());

	/* 3. Idle. */
	if (idle_s > 0) {
		drain(500);
		long before = proc_sum("voluntary_ctxt_switches"), pbefore = proc_sum("nonvoluntary_ctxt_switches");
		long reads = 0;
		time_t w0 = time(NULL);
		long out = drain_for((double)idle_s * 1e3, &reads);
		time_t w1 = time(NULL);
		long after = proc_sum("voluntary_ctxt_switches"), pafter = proc_sum("nonvoluntary_ctxt_switches");
		printf(" idle_s=%ld wakeups=%ld preempted=%ld idle_reads=%ld idle_bytes=%ld minutes=%ld", idle_s,
		       before < 0 || after < 0 ? -1 : after - before, pbefore < 0 || pafter < 0 ? -1 : pafter - pbefore, reads,
		       out, (long)(w1 / 60 - w0 / 60));
	}

	/* 4. Quit, and put the state back. */
	int status = 0, sig = 0;
	double t_quit = bench_now_ms();
	if (write(master, "q", 1) < 0)
		kill(child, SIGTERM);
	while (waitpid(child, &status, WNOHANG) == 0) {
		double waited = bench_now_ms() - t_quit;
		if (sig == 0 && waited > 3000)
			kill(child, sig = SIGTERM);
		else if (sig == SIGTERM && waited > 6000)
			kill(child, sig = SIGKILL);
		if (read_some(20, NULL, NULL) < 0)   /* the pty must not fill while it exits */
			usleep(5000);
	}
	printf(" exit=%d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	write_state(path, tmp, orig, olen, NULL);
	free(orig);
	free(buf);
	return 0;
usage:
	fputs("usage: latency [-n ITERS] [-q QUIET_MS] [-i IDLE_S] [-s COLSxROWS] [-k TASK] [-v] STATE_YAML -- CMD [ARG...]\n",
	      stderr);
	return 2;
}
