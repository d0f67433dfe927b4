/* clip.c — a copy into tmux's paste buffer: the program is tmux from the
 * operator's PATH with fixed arguments, the text on its input (never in
 * an argument, never through a shell). */
#include "tui/clip.h"
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run tmux load-buffer (with -w or not) on text; true on exit 0. */
static bool load(const char *text, bool w)
{
	int p[2];
	if (pipe(p) < 0)
		return false;
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return false;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(p[0], 0);
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		close(p[0]);
		close(p[1]);
		signal(SIGPIPE, SIG_DFL);
		if (w)
			execlp("tmux", "tmux", "load-buffer", "-w", "-", (char *)NULL);
		else
			execlp("tmux", "tmux", "load-buffer", "-", (char *)NULL);
		_exit(127);
	}
	close(p[0]);
	/* The HUD ignores SIGPIPE: a tmux that exits early is a short write. */
	size_t n = strlen(text), off = 0;
	while (off < n) {
		ssize_t k = write(p[1], text + off, n - off);
		if (k <= 0)
			break;
		off += (size_t)k;
	}
	close(p[1]);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		;
	return off == n && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

bool clip_tmux(const char *text)
{
	const char *tmux = getenv("TMUX");
	if (!tmux || !*tmux)
		return false;
	/* -w is tmux 3.2's; an older one refuses it and takes the plain form. */
	return load(text, true) || load(text, false);
}
