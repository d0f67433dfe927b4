/* views.c — the table of the views, and the stack they open on (view.h).
 * A new view is one file (view_NAME.c defining view_NAME) and one row below. */
#include "tui/view.h"
#include "tui/keymap.h"
#include "tui/mouse.h"
#include <curses.h>
#include <stdlib.h>
#include <string.h>

extern const hud_view_def view_log, view_help, view_activity, view_queue, view_raw;

const hud_view_def *const hud_views[] = {
	&view_main,
	&view_detail,
	&view_log,
	&view_help,
	&view_activity,
	&view_review,
	&view_queue,
	&view_raw,
	&view_prompt,
	&view_chooser,
};
const size_t hud_nviews = sizeof hud_views / sizeof *hud_views;
_Static_assert(sizeof hud_views / sizeof *hud_views <= HUD_VIEW_KINDS, "hud.h: HUD_VIEW_KINDS holds a row per view");

static size_t row_of(const hud_view_def *v)
{
	for (size_t i = 0; i < hud_nviews; i++)
		if (hud_views[i] == v)
			return i;
	abort();   /* a view not in the table: a bug in tui/, not in the input */
}

void *views_private(hud *h, const hud_view_def *v)
{
	void **state = &h->view_state[row_of(v)];
	if (!*state && v->private_size && !(*state = calloc(1, v->private_size)))
		abort();
	return *state;
}

void *views_private_peek(const hud *h, const hud_view_def *v) { return h->view_state[row_of(v)]; }

void views_private_free(hud *h, const hud_view_def *v)
{
	void **state = &h->view_state[row_of(v)];
	if (*state && v->free_private)
		v->free_private(*state);
	free(*state);
	*state = NULL;
}

const hud_view_def *views_top(const hud *h) { return h->nviews > 0 ? h->views[h->nviews - 1] : &view_main; }
int views_depth(const hud *h) { return h->nviews; }
bool views_asking(const hud *h) { return views_top(h)->overlay; }

const hud_view_def *views_screen(const hud *h)
{
	for (int i = h->nviews; i-- > 0;)
		if (!h->views[i]->overlay)
			return h->views[i];
	return &view_main;
}

bool views_has(const hud *h, const hud_view_def *v)
{
	for (int i = 0; i < h->nviews; i++)
		if (h->views[i] == v)
			return true;
	return v == &view_main;
}

void views_pop(hud *h)
{
	if (h->nviews == 0)
		return;   /* the main screen stays */
	const hud_view_def *v = h->views[--h->nviews];
	h->views[h->nviews] = NULL;
	h->dirty = DIRTY_ALL;
	if (v->close)
		v->close(h);
}

void views_close(hud *h, const hud_view_def *v)
{
	if (v == &view_main || !views_has(h, v))
		return;
	while (h->nviews > 0 && h->views[h->nviews - 1] != v)
		views_pop(h);
	views_pop(h);
}

void views_close_all(hud *h)
{
	while (h->nviews > 0)
		views_pop(h);
	for (size_t i = 0; i < hud_nviews; i++)
		views_private_free(h, hud_views[i]);
}

bool views_push(hud *h, const hud_view_def *v)
{
	h->dirty = DIRTY_ALL;
	if (views_has(h, v)) {
		while (views_top(h) != v)
			views_pop(h);
		return true;
	}
	if (h->nviews == HUD_VIEWS_MAX) {
		hud_message(h, true, "%d views are open: Esc closes one before %s opens", HUD_VIEWS_MAX, v->name);
		return false;
	}
	h->views[h->nviews++] = v;
	return true;
}

const hud_view_def *views_for_action(const char *action)
{
	for (size_t i = 0; action && i < hud_nviews; i++)
		if (hud_views[i]->action && strcmp(hud_views[i]->action, action) == 0)
			return hud_views[i];
	return NULL;
}

bool views_can_open(const hud *h, const char *action)
{
	const hud_view_def *v = views_for_action(action);
	return v && v->open && (!v->can || v->can(h));
}

void views_open(hud *h, const char *action)
{
	const hud_view_def *v = views_for_action(action);
	if (v && v->open)
		v->open(h);
}

/* A key of a view declared anywhere opens it over the full view on top;
 * the main screen's keymap opens it there, and the view itself takes its
 * own key (to close). Every other key goes to the top. */
void views_key(hud *h, int ch)
{
	if (mouse_is_key(ch))
		return mouse_key(h, ch);   /* tui/mouse.c: what was drawn under the pointer */
	const hud_view_def *top = views_top(h);
	if (top != &view_main && !top->overlay) {
		const char *a = keymap_action_of(h->keymap, ch);
		const hud_view_def *v = views_for_action(a);
		if (v && v->anywhere && v != top && views_can_open(h, a)) {
			views_open(h, a);
			return;
		}
	}
	top->key(h, ch);
}

/* The topmost full view, then the overlays above it, bottom first. A view
 * whose subject is gone closes itself as it draws: the one below is drawn
 * in its place, at once. */
void views_draw(hud *h, unsigned dirty)
{
	const hud_view_def *screen = views_screen(h);
	screen->draw(h, dirty);
	if (views_screen(h) != screen) {
		erase();
		views_draw(h, DIRTY_ALL);
		return;
	}
	int i = h->nviews;
	while (i > 0 && h->views[i - 1]->overlay)
		i--;
	if (i == h->nviews)
		curs_set(0);   /* an overlay places the cursor itself */
	for (; i < h->nviews; i++)
		h->views[i]->draw(h, DIRTY_ALL);
}

void views_reload(hud *h)
{
	for (int i = 0; i < h->nviews; i++)
		if (h->views[i]->reload)
			h->views[i]->reload(h);
}

void views_fds(const hud *h, int fd[2])
{
	fd[0] = fd[1] = -1;
	for (int i = h->nviews; i-- > 0 && fd[0] < 0 && fd[1] < 0;)
		if (h->views[i]->fds)
			h->views[i]->fds(h, fd);
}

bool views_pump(hud *h)
{
	bool changed = false;
	for (int i = 0; i < h->nviews; i++)
		if (h->views[i]->pump)
			changed |= h->views[i]->pump(h);
	return changed;
}

static bool is(const char *action, const char *name) { return action && strcmp(action, name) == 0; }

bool views_scroll_key(const hud *h, int ch, const char *a, int *scroll)
{
	if (ch == KEY_UP || is(a, "up")) (*scroll)--;
	else if (ch == KEY_DOWN || is(a, "down")) (*scroll)++;
	else if (ch == KEY_PPAGE || is(a, "page-up")) *scroll -= h->rows - 3;
	else if (ch == KEY_NPAGE || ch == ' ' || is(a, "page-down")) *scroll += h->rows - 3;
	else if (ch == KEY_HOME || is(a, "top")) *scroll = 0;
	else if (ch == KEY_END || is(a, "bottom")) *scroll = 1 << 30;   /* the view keeps it in range */
	else return false;
	return true;
}

bool views_leave_key(int ch, const char *a)
{
	return ch == 27 || ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == KEY_LEFT || is(a, "quit") ||
	       is(a, "left");
}
