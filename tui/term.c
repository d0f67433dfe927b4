/* term.c — all terminal setup and teardown in one place (htop's CRT.c):
 * locale, curses modes, colour pairs from the theme, resize. */
#include "tui/term.h"
#include <curses.h>
#include <term.h>
#include <stdio.h>
#include <langinfo.h>
#include <stdlib.h>
#include <locale.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Theme colours are 0-255; a terminal with fewer gets the nearest of its own. */
static short fit_color(short c)
{
	if (c < 0 || c < COLORS)
		return c;
	if (c < 16)
		return (short)(c - 8);      /* bright-x on an 8-colour terminal: x */
	if (c >= 232)
		return c < 244 ? COLOR_BLACK : COLOR_WHITE;
	int i = c - 16, r = i / 36, g = (i / 6) % 6, b = i % 6;
	return (short)((r >= 3 ? 1 : 0) | (g >= 3 ? 2 : 0) | (b >= 3 ? 4 : 0));
}

void term_colors(hud *h)
{
	if (!h->color)
		return;
	for (int e = 0; e < EL_COUNT; e++)
		init_pair((short)(e + 1), fit_color(h->th.el[e].fg), fit_color(h->th.el[e].bg));
}

bool term_usable(char *why, size_t n)
{
	const char *t = getenv("TERM");
	if (!t || !*t || strcmp(t, "dumb") == 0) {
		snprintf(why, n, "TERM is %s: the HUD needs a terminal that can move the cursor "
		         "(use check or status here, or set TERM, e.g. TERM=xterm-256color)", t && *t ? "dumb" : "not set");
		return false;
	}
	int err = 0;
	if (setupterm(t, STDOUT_FILENO, &err) != OK) {
		snprintf(why, n, "TERM=%.64s is not in the terminfo database: the HUD cannot draw on it "
		         "(use check or status here, or set TERM)", t);
		return false;
	}
	const char *cup = tigetstr("cup");
	bool ok = cup && cup != (char *)-1;
	if (!ok)
		snprintf(why, n, "TERM=%.64s has no cursor addressing: the HUD cannot draw on it "
		         "(use check or status here)", t);
	del_curterm(cur_term);
	return ok;
}

void term_init(hud *h)
{
	setlocale(LC_ALL, "");
	const char *cs = nl_langinfo(CODESET);
	h->utf8 = cs && strcmp(cs, "UTF-8") == 0;
	/* Escape should cancel a prompt at once, not after a second. */
	if (!getenv("ESCDELAY"))
		set_escdelay(25);
	initscr();
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	/* No typeahead check during an update: ncurses flushes its output
	 * before each one, so a minute's age tick left in ~20 writes of a few
	 * bytes, each a wakeup of whatever reads the terminal (make bench's
	 * idle live-clock HUD: 23 wakeups in 30 s). Keys wait for the next
	 * loop turn, a frame later, and the update leaves in one write. */
	typeahead(-1);
	curs_set(0);
	h->color = !h->opts->no_color && has_colors();
	if (h->color) {
		start_color();
		use_default_colors();
		term_colors(h);
	}
	getmaxyx(stdscr, h->rows, h->cols);
}

void term_resize(hud *h)
{
	struct winsize ws;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col)
		resizeterm(ws.ws_row, ws.ws_col);
	getmaxyx(stdscr, h->rows, h->cols);
	clearok(curscr, TRUE);
}

void term_end(void)
{
	if (!isendwin()) {
		curs_set(1);
		endwin();
	}
}
