/* view_activity.c — the activity feed full screen: every line the ring
 * holds, newest at the bottom, scrolling, and a filter (/). */
#include "tui/view.h"
#include "tui/prompt.h"
#include "tui/activity_line.h"
#include "tui/keymap.h"
#include "tui/search.h"
#include <stdlib.h>
#include <curses.h>
#include <stdio.h>
#include <string.h>

extern const hud_view_def view_activity;

/* The feed's own state (its private block, tui/view.h): the filter stays
 * when the view is closed and opened again. */
typedef struct activity_state {
	int scroll;               /* lines up from the newest */
	char filter[128];
} activity_state;

static activity_state *state(hud *h) { return views_private(h, &view_activity); }

/* The lines shown (the filter's), oldest first, for a search: made once for it. */
static size_t *found, nfound;
static bool passes(hud *h, const lw_event *ev)
{
	return activity_line_shown(h, ev) && activity_line_matches(ev, state(h)->filter);
}
static void found_begin(hud *h)
{
	found = calloc(h->activity.n + 1, sizeof *found);
	if (!found)
		abort();
	nfound = 0;
	for (size_t i = 0; i < h->activity.n; i++)
		if (passes(h, lw_activity_get(&h->activity, i)))
			found[nfound++] = i;
}
static void found_end(hud *h)
{
	(void)h;
	free(found);
	found = NULL;
	nfound = 0;
}
static size_t found_count(hud *h) { (void)h; return nfound; }
static const char *found_line(hud *h, size_t i, strbuf *b)
{
	char line[640];
	theme_elem e;
	activity_line(lw_activity_get(&h->activity, found[i]), line, sizeof line, &e);
	strbuf_adds(b, line);
	return b->buf ? b->buf : "";
}
/* Its scroll counts up from the newest: the top line is rows above the bottom one. */
static size_t found_top(hud *h)
{
	long top = (long)nfound - state(h)->scroll - (h->rows - 2);
	return top > 0 ? (size_t)top : 0;
}
static void found_show(hud *h, size_t i) { state(h)->scroll = (int)((long)nfound - (long)i - (h->rows - 2)); }
static const search_view feed_search = { found_count, found_line, found_top, found_show, found_begin, found_end };

static void draw(hud *h, unsigned dirty)
{
	(void)dirty;
	int rows = h->rows - 2;
	/* The lines that pass the filter, newest last; scroll counts up from the newest. */
	size_t match = 0;
	for (size_t i = 0; i < h->activity.n; i++)
		match += activity_line_shown(h, lw_activity_get(&h->activity, i)) &&
		         activity_line_matches(lw_activity_get(&h->activity, i), state(h)->filter);
	int most = (int)match - rows;
	if (state(h)->scroll > most)
		state(h)->scroll = most > 0 ? most : 0;
	if (state(h)->scroll < 0)
		state(h)->scroll = 0;
	text_fill_row(h, 0, 0, h->cols, EL_HEADER);
	text_putf(h, 0, 0, h->cols, EL_HEADER, " Activity: %zu of %zu lines%s%s%s (the last %zu kept)", match,
	          h->activity.n, state(h)->filter[0] ? " matching '" : "", state(h)->filter,
	          state(h)->filter[0] ? "'" : "", h->activity.max);
	size_t skip_newest = (size_t)state(h)->scroll, shown = 0;
	size_t end = match > skip_newest ? match - skip_newest : 0, start = end > (size_t)rows ? end - (size_t)rows : 0;
	size_t k = 0;
	for (size_t i = 0; i < h->activity.n; i++) {
		const lw_event *ev = lw_activity_get(&h->activity, i);
		if (!activity_line_shown(h, ev) || !activity_line_matches(ev, state(h)->filter))
			continue;
		if (k >= start && k < end) {
			char line[640];
			theme_elem e;
			activity_line(ev, line, sizeof line, &e);
			text_put(h, 1 + (int)shown, 1, h->cols - 2, line, e);
			search_mark(h, &feed_search, 1 + (int)shown++, 1, h->cols - 2, line);
		}
		k++;
	}
	if (!match)
		text_put(h, 1, 1, h->cols - 2, h->activity.n ? "no line matches the filter" : "nothing has changed since the start",
		         EL_DIM);
	text_fill_row(h, h->rows - 1, 0, h->cols, EL_NORMAL);
	text_put(h, h->rows - 1, 0, h->cols,
	         " Up/Down PgUp/PgDn scroll  / n N search  & filter, Esc clears it  q/Enter back", EL_DIM);
	search_footer(h, &feed_search);
}

static void filter_done(hud *h, const char *text)
{
	if (text)
		snprintf(state(h)->filter, sizeof state(h)->filter, "%s", text);
	state(h)->scroll = 0;   /* the prompt closed: the feed is on top again */
}

static void key(hud *h, int ch)
{
	const char *a = keymap_action_of(h->keymap, ch);
	int page = h->rows - 3;
	if (search_key(h, &feed_search, ch))
		return;
	if (ch == KEY_UP || (a && strcmp(a, "up") == 0)) state(h)->scroll++;
	else if (ch == KEY_DOWN || (a && strcmp(a, "down") == 0)) state(h)->scroll--;
	else if (ch == KEY_PPAGE || (a && strcmp(a, "page-up") == 0)) state(h)->scroll += page;
	else if (ch == KEY_NPAGE || ch == ' ' || (a && strcmp(a, "page-down") == 0)) state(h)->scroll -= page;
	else if (ch == KEY_HOME || (a && strcmp(a, "top") == 0)) state(h)->scroll = 1 << 30;
	else if (ch == KEY_END || (a && strcmp(a, "bottom") == 0)) state(h)->scroll = 0;
	else if (ch == '&' || (a && strcmp(a, "filter") == 0)) {   /* less's filter key: / searches */
		prompt_ask_text(h, "filter the activity (system, subject, kind, text)", "", filter_done);
		prompt_set_text(h, state(h)->filter);
	} else if (ch == 27 && state(h)->filter[0]) {
		state(h)->filter[0] = '\0';
	} else if (ch == 27 || ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == 'q' ||
	           (a && (strcmp(a, "quit") == 0 || strcmp(a, "activity") == 0 || strcmp(a, "left") == 0))) {
		views_pop(h);
	}
}

static void open_feed(hud *h)
{
	state(h)->scroll = 0;
	h->search_for = NULL;
	views_push(h, &view_activity);
}

const hud_view_def view_activity = {
	.name = "activity",
	.action = "activity",
	.open = open_feed,
	.draw = draw,
	.key = key,
	.private_size = sizeof(activity_state),
};
