/* mouse.c — clicks and the wheel (see mouse.h). ncurses reads the
 * terminal's reports (SGR 1006 where terminfo has it: any column) into
 * MEVENTs; the rectangles drawn last say what is under the pointer. */
#include "tui/mouse.h"
#include "tui/pane.h"
#include "tui/view.h"
#include "tui/keymap.h"
#include "core/model/config.h"
#include <curses.h>
#include <term.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { ZONES_MAX = 1024, WHEEL_STEP = 3 };

typedef struct zone {
	const hud_pane_def *pane;
	int y, x, rows, cols;
	int a, b;                 /* which item; a < 0: the pane itself */
} zone;

static zone zones[ZONES_MAX];
static int nzones;

const char *const mouse_legend[] = {
	"Mouse: a click selects the card, row, alert, agent or workflow under it",
	"  and its pane takes the focus; the wheel scrolls the pane or the view",
	"  under the pointer; a double click opens the detail. Shift+drag selects",
	"  text in most terminals; mouse = 0 in the config leaves the mouse to it.",
	NULL,
};

bool mouse_on(const hud *h)
{
	const lw_config *cfg = h->opts ? h->opts->cfg : NULL;
	if (h->opts && h->opts->no_mouse)
		return false;
	return !cfg || cfg->mouse;
}

/* Terminfo that names SGR 1006 reports (kmous "\E[<", or XM with 1006):
 * ncurses reads them itself. Else (screen, tmux-256color, xterm here: kmous
 * "\E[M") the X10 reports it reads end at column 223; SGR is asked for
 * beside ncurses' own mode and read here, the prefix bound to MOUSE_SGR. */
static bool curses_reads_sgr(void)
{
	const char *km = tigetstr("kmous"), *xm = tigetstr("XM");
	return (km && km != (char *)-1 && strcmp(km, "\033[<") == 0) ||
	       (xm && xm != (char *)-1 && strstr(xm, "1006"));
}

static bool sgr_ours;

void mouse_start(hud *h)
{
	nzones = 0;
	if (!mouse_on(h))
		return;
	mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
	if (!curses_reads_sgr()) {
		define_key("\033[<", MOUSE_SGR);
		sgr_ours = true;
		/* On while ncurses' mode is (endwin and a shell turn that off). */
		putp("\033[?1006h");
		fflush(stdout);
	}
}

void mouse_stop(void)
{
	if (sgr_ours) {
		putp("\033[?1006l");
		fflush(stdout);
	}
}

bool mouse_is_key(int ch)
{
	return ch == KEY_MOUSE || ch == MOUSE_SGR;
}

static void add(const hud_pane_def *p, int y, int x, int rows, int cols, int a, int b)
{
	if (nzones == ZONES_MAX || rows <= 0 || cols <= 0)
		return;
	zones[nzones++] = (zone){ p, y, x, rows, cols, a, b };
}

void mouse_pane(const hud_pane_def *p, int y, int height, int cols)
{
	int k = 0;
	for (int i = 0; i < nzones; i++)
		if (zones[i].pane != p)
			zones[k++] = zones[i];
	nzones = k;
	add(p, y, 0, height, cols, -1, -1);
}

void mouse_zone(const hud_pane_def *p, int y, int x, int rows, int cols, int a, int b)
{
	add(p, y, x, rows, cols, a, b);
}

void mouse_forget(void)
{
	nzones = 0;
}

static bool inside(const zone *z, int y, int x)
{
	return y >= z->y && y < z->y + z->rows && x >= z->x && x < z->x + z->cols;
}

/* The item under (y, x), else the pane; NULL: nothing drawn there. */
static const zone *hit(int y, int x, bool item)
{
	const zone *pane = NULL;
	for (int i = nzones - 1; i >= 0; i--) {
		if (!inside(&zones[i], y, x))
			continue;
		if (zones[i].a >= 0 && item)
			return &zones[i];
		if (zones[i].a < 0 && !pane)
			pane = &zones[i];
	}
	return pane;
}

static void select_item(hud *h, const zone *z)
{
	if (z->pane->move)
		h->focus = z->pane;
	if (z->a < 0)
		return;
	if (z->pane == &pane_board) {
		if (z->b < 0)
			h->table_row = z->a;
		else {
			h->lane = z->a;
			h->row = z->b;
		}
	} else if (z->pane == &pane_alerts)
		h->alert_row = z->a;
	else if (z->pane == &pane_agents)
		h->agent_row = z->a;
	else if (z->pane == &pane_workflows)
		h->workflow_row = z->a;
	/* What a move there does besides (the board remembers the task, an
	 * agent selects its task), by the pane's own code. */
	if (z->pane->move)
		(z->pane->move)(h, 0, 0);
}

/* The first key bound to an action, 0 when it is unbound. */
static int key_of(const hud *h, const char *action)
{
	for (size_t i = 0; i < h->keymap->n; i++)
		if (strcmp(h->keymap->v[i].act->name, action) == 0)
			return h->keymap->v[i].keys[0];
	return 0;
}

static void wheel(hud *h, const hud_view_def *top, int y, int x, int dir)
{
	int key = key_of(h, dir < 0 ? "up" : "down");
	if (top != &view_main) {
		/* A full view scrolls by its own keys (detail, review, help, activity, queue). */
		for (int i = 0; key && i < WHEEL_STEP; i++)
			top->key(h, key);
		return;
	}
	const zone *z = hit(y, x, false);
	if (z && z->pane->move)
		(z->pane->move)(h, 0, dir * WHEEL_STEP);
}

typedef enum { M_CLICK, M_DOUBLE, M_UP, M_DOWN } m_kind;

static void act(hud *h, int y, int x, m_kind kind)
{
	const hud_view_def *top = views_top(h);
	if (top->overlay)
		return;   /* a question waits for its answer */
	if (kind == M_UP || kind == M_DOWN)
		return wheel(h, top, y, x, kind == M_UP ? -1 : 1);
	if (top != &view_main)
		return;
	const zone *z = hit(y, x, true);
	if (!z)
		return;
	select_item(h, z);
	if (kind == M_DOUBLE && z->a >= 0) {
		int key = key_of(h, "detail");
		if (key)
			views_key(h, key);
	}
}

/* ncurses' own reports (terminfo that says how). */
static void curses_event(hud *h)
{
	MEVENT ev;
	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & BUTTON4_PRESSED)
		act(h, ev.y, ev.x, M_UP);
	else if (ev.bstate & BUTTON5_PRESSED)
		act(h, ev.y, ev.x, M_DOWN);
	else if (ev.bstate & BUTTON1_DOUBLE_CLICKED)
		act(h, ev.y, ev.x, M_DOUBLE);
	else if (ev.bstate & BUTTON1_CLICKED)
		act(h, ev.y, ev.x, M_CLICK);
}

/* "\E[<" came: the rest is "B;X;Y" and M (press) or m (release), columns
 * and rows from 1, no limit. The bytes came in one write; a report cut
 * short is dropped. A press and release of button 1 at one place is a
 * click, two within DOUBLE_MS a double click. */
enum { DOUBLE_MS = 400 };
static long long ms_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sgr_event(hud *h)
{
	static int press_y = -1, press_x = -1, last_y = -1, last_x = -1;
	static long long last_ms;
	int v[3] = { 0, 0, 0 }, n = 0, ch = 0;
	timeout(50);   /* the rest of the report is on its way at most */
	for (int i = 0; i < 32; i++) {
		ch = getch();
		if (ch >= '0' && ch <= '9' && v[n] < 100000)
			v[n] = v[n] * 10 + (ch - '0');
		else if (ch == ';' && n < 2)
			n++;
		else
			break;
	}
	nodelay(stdscr, TRUE);
	if ((ch != 'M' && ch != 'm') || n != 2)
		return;
	int b = v[0], x = v[1] - 1, y = v[2] - 1;
	if (b & 32)
		return;   /* motion */
	if ((b & ~(4 | 8 | 16)) == 64 && ch == 'M')
		return act(h, y, x, M_UP);
	if ((b & ~(4 | 8 | 16)) == 65 && ch == 'M')
		return act(h, y, x, M_DOWN);
	if ((b & 3) != 0 || b >= 64)
		return;   /* buttons 2 and 3 */
	if (ch == 'M') {
		press_y = y;
		press_x = x;
		return;
	}
	if (y != press_y || x != press_x)
		return;   /* a drag */
	long long now = ms_now();
	bool dbl = y == last_y && x == last_x && now - last_ms <= DOUBLE_MS;
	last_y = dbl ? -1 : y;
	last_x = dbl ? -1 : x;
	last_ms = now;
	act(h, y, x, dbl ? M_DOUBLE : M_CLICK);
}

void mouse_key(hud *h, int ch)
{
	if (ch == MOUSE_SGR)
		sgr_event(h);
	else
		curses_event(h);
}
