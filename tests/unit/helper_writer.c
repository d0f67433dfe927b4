/* helper_writer.c — see helper_writer.h. Each writer does a whole
 * read-modify-write per round, as the tools do, and pauses a little
 * between rounds (as a tool between two of its writes) so the test's
 * transactions interleave with it. */
#include "tests/unit/helper_writer.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

static char *slurp_all(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *b = malloc(cap + 1);
	for (ssize_t r; b && (r = read(fd, b + n, cap - n)) > 0;) {
		n += (size_t)r;
		if (n == cap) {
			char *q = realloc(b, cap * 2 + 1);
			if (!q) {
				free(b);
				b = NULL;
				break;
			}
			b = q;
			cap *= 2;
		}
	}
	close(fd);
	if (b) {
		b[n] = '\0';
		*len = n;
	}
	return b;
}

static long field(const char *buf, const char *key)
{
	const char *p = buf;
	size_t k = strlen(key);
	while (p && *p) {
		if (strncmp(p, key, k) == 0)
			return strtol(p + k, NULL, 10);
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

/* buf with "counter: N" made N+1, into out (malloc'd). */
static char *bump(const char *buf, size_t len, size_t *olen)
{
	const char *at = strstr(buf, "counter: ");
	if (!at)
		return NULL;
	long v = strtol(at + 9, NULL, 10);
	const char *end = at + 9 + strspn(at + 9, "0123456789");
	char *out = malloc(len + 32);
	if (!out)
		return NULL;
	int pre = (int)(at - buf);
	int w = snprintf(out, len + 32, "%.*scounter: %ld", pre, buf, v + 1);
	memcpy(out + w, end, len - (size_t)(end - buf));
	*olen = (size_t)w + len - (size_t)(end - buf);
	return out;
}

static void pause_us(long us)
{
	struct timespec ts = { 0, us * 1000 };
	nanosleep(&ts, NULL);
}

static void write_all(int fd, const char *b, size_t n)
{
	while (n) {
		ssize_t w = write(fd, b, n);
		if (w <= 0)
			_exit(7);
		b += w;
		n -= (size_t)w;
	}
}

static int one_round(const char *path, const char *lock, wr_style style, int i)
{
	int lfd = -1;
	if (style == WR_FLOCK_RENAME || style == WR_FLOCK_APPEND) {
		lfd = open(lock, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
		if (lfd < 0 || flock(lfd, LOCK_EX) != 0)
			return 1;
	}
	if (style == WR_FLOCK_APPEND) {
		char line[64];
		int n = snprintf(line, sizeof line, "w %d\n", i);
		int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
		if (fd < 0)
			return 2;
		write_all(fd, line, (size_t)n);
		close(fd);
		close(lfd);
		return 0;
	}
	size_t len, olen;
	char *buf = slurp_all(path, &len);
	char *out = buf ? bump(buf, len, &olen) : NULL;
	free(buf);
	if (!out)
		return 3;
	if (style == WR_INPLACE) {
		int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
		if (fd < 0) {
			free(out);
			return 4;
		}
		write_all(fd, out, olen / 2);   /* a tool's buffered writes: a reader can see half */
		pause_us(200);
		write_all(fd, out + olen / 2, olen - olen / 2);
		close(fd);
	} else {
		if (style == WR_RENAME_SLOW)
			pause_us(5000);   /* a tool computing its new state from what it read */
		char tmp[4200];
		snprintf(tmp, sizeof tmp, "%s.wr-tmp", path);
		int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fd < 0) {
			free(out);
			return 5;
		}
		write_all(fd, out, olen);
		close(fd);
		if (rename(tmp, path) != 0) {
			free(out);
			return 6;
		}
	}
	free(out);
	if (lfd >= 0)
		close(lfd);
	return 0;
}

pid_t wr_start(const char *path, const char *lock, wr_style style, int rounds)
{
	pid_t pid = fork();
	if (pid != 0)
		return pid;
	for (int i = 0; i < rounds; i++) {
		int rc = one_round(path, lock, style, i);
		if (rc)
			_exit(10 + rc);
		pause_us(10000);   /* the tool's own work between two writes */
	}
	_exit(0);
}

bool wr_wait(pid_t pid)
{
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return false;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

long wr_counter(const char *path)
{
	size_t len;
	char *b = slurp_all(path, &len);
	long v = b ? field(b, "counter: ") : -1;
	free(b);
	return v;
}

long wr_ours(const char *path)
{
	size_t len;
	char *b = slurp_all(path, &len);
	long v = b ? field(b, "ours: ") : -1;
	free(b);
	return v;
}

long wr_count_lines(const char *path, const char *prefix)
{
	size_t len;
	char *b = slurp_all(path, &len);
	long n = 0;
	size_t k = strlen(prefix);
	for (const char *p = b; p && *p;) {
		if (strncmp(p, prefix, k) == 0)
			n++;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	free(b);
	return n;
}
