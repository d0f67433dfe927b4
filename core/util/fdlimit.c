/* fdlimit.c — see fdlimit.h. */
#include "core/util/fdlimit.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

static struct rlimit before;
static bool raised;

void lw_fdlimit_raise(void)
{
	struct rlimit r;
	if (getrlimit(RLIMIT_NOFILE, &r) < 0 || r.rlim_cur == RLIM_INFINITY ||
	    (r.rlim_max != RLIM_INFINITY && r.rlim_cur >= r.rlim_max))
		return;
	before = r;
	/* An unlimited hard limit, or one macOS will not take (OPEN_MAX):
	 * a generous number that poll() and the kernel accept everywhere. */
	rlim_t want = r.rlim_max == RLIM_INFINITY || r.rlim_max > 1048576 ? 1048576 : r.rlim_max;
	for (; want > r.rlim_cur; want /= 2) {
		struct rlimit up = { want, r.rlim_max };
		if (setrlimit(RLIMIT_NOFILE, &up) == 0) {
			raised = true;
			return;
		}
	}
}

void lw_fdlimit_restore(void)
{
	if (raised)
		(void)setrlimit(RLIMIT_NOFILE, &before);
}

long lw_fdlimit_now(void)
{
	struct rlimit r;
	if (getrlimit(RLIMIT_NOFILE, &r) < 0 || r.rlim_cur == RLIM_INFINITY)
		return -1;
	return (long)r.rlim_cur;
}

bool lw_fdlimit_reached(void)
{
	int e = errno;
	int fd = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0);
	bool full = fd < 0 && errno == EMFILE;
	if (fd >= 0)
		close(fd);
	errno = e;
	return full;
}

bool lw_fdlimit_too_close(int fd)
{
	long lim = lw_fdlimit_now();
	return lim > 0 && (long)fd >= lim - LW_FD_RESERVE;
}

const char *lw_fdlimit_text(char *buf, size_t n)
{
	long lim = lw_fdlimit_now();
	if (lim > 0)
		snprintf(buf, n, "the descriptor limit (ulimit -n) of %ld open files is reached: raise it "
		         "(ulimit -n, up to the hard limit ulimit -Hn), or watch fewer projects", lim);
	else
		snprintf(buf, n, "the descriptor limit (ulimit -n) is reached: raise it, or watch fewer projects");
	return buf;
}
