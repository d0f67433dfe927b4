/* term_flush.c — one screen update, one write. ncurses 6 flushes its
 * output after every cursor motion (its internal mvcur), so an update
 * that changes cells in twenty places of the screen (the minute's age
 * tick on every card) leaves in twenty small write()s, each a wakeup of
 * whatever reads the terminal. During refresh() the terminal's descriptor
 * is pointed at an in-memory file (platform_memfile, Linux's memfd: it
 * never blocks and never fills, so ncurses cannot wait on it), and what
 * ncurses wrote there goes to the terminal in one write after. Where that
 * cannot be done (no such file on this system, a failed dup) refresh()
 * writes as it always did. Nothing but
 * ncurses' output is redirected: no termios call happens inside
 * refresh(), and signal handlers only write to the loop's pipe. */
#include "tui/term.h"
#include "platform/platform.h"
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

/* All of n bytes to fd, waiting while a non-blocking terminal is full. */
static void write_all(int fd, const char *b, size_t n)
{
	while (n) {
		ssize_t w = write(fd, b, n);
		if (w > 0) {
			b += w;
			n -= (size_t)w;
		} else if (w < 0 && errno == EAGAIN) {
			struct pollfd p = { .fd = fd, .events = POLLOUT };
			(void)poll(&p, 1, 1000);
		} else if (!(w < 0 && errno == EINTR)) {
			return;   /* the terminal is gone: the loop finds out on its own */
		}
	}
}

static int mem = -2;          /* the memfd, -1 when there is none */

static bool batched_refresh(void)
{
	if (mem == -2)
		mem = platform_memfile("liza-watch-screen");
	if (mem < 0)
		return false;
	int tty = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
	if (tty < 0)
		return false;
	if (dup2(mem, STDOUT_FILENO) != STDOUT_FILENO) {
		close(tty);
		return false;
	}
	refresh();
	off_t n = lseek(mem, 0, SEEK_CUR);
	while (dup2(tty, STDOUT_FILENO) < 0 && errno == EINTR)
		;
	close(tty);
	/* In pieces of 64 KiB: an update is one piece (a full redraw of a
	 * large screen, a few). */
	static char piece[65536];
	for (off_t at = 0; at < n;) {
		ssize_t r = pread(mem, piece, sizeof piece, at);
		if (r <= 0)
			break;
		write_all(STDOUT_FILENO, piece, (size_t)r);
		at += r;
	}
	(void)ftruncate(mem, 0);
	(void)lseek(mem, 0, SEEK_SET);
	return true;
}

void term_refresh(void)
{
	if (batched_refresh())
		return;
	refresh();
}
