/* sigpipe.c — a handler may only do async-signal-safe work: it writes the
 * signal number to a non-blocking pipe and returns. The pipe is process-wide
 * because signal dispositions are. */
#include "watch/sigpipe.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int pipe_fds[2] = { -1, -1 };

static void on_signal(int sig)
{
	int saved = errno;
	unsigned char b = (unsigned char)sig;
	if (write(pipe_fds[1], &b, 1) < 0) {
		/* A full pipe already holds a wake-up; nothing else to do. */
	}
	errno = saved;
}

int sigpipe_open(const int *sigs, int n)
{
	if (pipe_fds[0] < 0) {
		if (pipe(pipe_fds) < 0)
			return -1;
		for (int i = 0; i < 2; i++) {
			fcntl(pipe_fds[i], F_SETFL, fcntl(pipe_fds[i], F_GETFL) | O_NONBLOCK);
			fcntl(pipe_fds[i], F_SETFD, FD_CLOEXEC);
		}
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < n; i++)
		sigaction(sigs[i], &sa, NULL);
	return pipe_fds[0];
}

int sigpipe_next(void)
{
	unsigned char b;
	if (pipe_fds[0] < 0 || read(pipe_fds[0], &b, 1) != 1)
		return 0;
	return b;
}

void sigpipe_close(void)
{
	for (int i = 0; i < 2; i++) {
		if (pipe_fds[i] >= 0)
			close(pipe_fds[i]);
		pipe_fds[i] = -1;
	}
}
