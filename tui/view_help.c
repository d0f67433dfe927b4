/* view_help.c — the help screen, generated from the live keymap (with the
 * config's bind lines applied): keys, the action name a bind line uses, and
 * what it does; then every pane's legend (what its glyphs and gauges mean).
 * It scrolls like the detail view. */
#include "tui/view.h"
#include "tui/keymap.h"
#include "tui/pane.h"
#include "tui/search.h"
#include <curses.h>
#include <string.h>

extern const hud_view_def view_help;

static const char *const *legend_of(const hud_pane_def *p)
{
	return p->legend_of ? p->legend_of() : p->legend;
}

/* Lines: one per binding, a blank, "What the screen shows", the legends. */
static size_t legend_lines(void)
{
	size_t n = 0;
	for (size_t p = 0; p < hud_npanes; p++)
		for (const char *const *l = legend_of(hud_panes[p]); l && *l; l++)
			n++;
	return n;
}

static const char *legend_line(size_t i)
{
	for (size_t p = 0; p < hud_npanes; p++)
		for (const char *const *l = legend_of(hud_panes[p]); l && *l; l++)
			if (i-- == 0)
				return *l;
	return "";
}

/* What each colour means, each sample drawn in its own style: true in any
 * theme, since the theme in effect draws it. */
static const struct swatch {
	theme_elem e;
	const char *sample, *means;
} swatches[] = {
	{ EL_CRIT, "CRIT", "a CRIT alert and its count; a counter or gauge at its limit; a failed system" },
	{ EL_WARN, "WARN", "a WARN alert; a message; a workflow's flags (PAUSED, CHECKPOINT)" },
	{ EL_INFO, "INFO", "an INFO alert; a card's project/system tag; a diff's hunk header" },
	{ EL_OK, "ok", "no alerts; a write that succeeded; lines a change adds" },
	{ EL_STALE, "stale", "a system whose state no longer parses: the last good version is shown" },
	{ EL_PROMPT, "!", "the task waits for you (review, approval); the prompt; the filter" },
	{ EL_MATCH, "match", "what a search (/) or the filter matches" },
	{ EL_TITLE, "title", "a task's id; the focused pane's or lane's title" },
	{ EL_SELECTED, "selected", "the selection in the focused pane" },
	{ EL_GAUGE, "gauge", "a workflow's gauge below its limit" },
	{ EL_DIM, "dim", "ages, a card's second line, help text" },
	{ EL_LANE_BACKLOG, "backlog", "each lane's title in its own colour:" },
	{ EL_LANE_READY, "ready", "" },
	{ EL_LANE_ACTIVE, "active", "" },
	{ EL_LANE_REVIEW, "review", "" },
	{ EL_LANE_BLOCKED, "blocked", "" },
	{ EL_LANE_DONE, "done", "" },
};
enum { NSWATCH = sizeof swatches / sizeof *swatches };

static int help_lines(const hud *h)
{
	return (int)(h->keymap->n + 2 + legend_lines() + 2 + NSWATCH);
}

/* Columns as wide as the widest label and action name, within reason. */
static void columns(const hud_keymap *km, int *kw, int *aw)
{
	*kw = *aw = 6;
	for (size_t i = 0; i < km->n; i++) {
		int l = (int)strlen(km->v[i].label), a = (int)strlen(km->v[i].act->name);
		*kw = l > *kw ? l : *kw;
		*aw = a > *aw ? a : *aw;
	}
	*kw = *kw > 20 ? 20 : *kw;
}

/* Line i as it reads on screen, from column 0: what a search looks in. */
static const char *line_text(hud *h, size_t i, strbuf *b)
{
	const hud_keymap *km = h->keymap;
	size_t nl = legend_lines();
	char buf[1024];
	if (i < km->n) {
		int kw, aw;
		columns(km, &kw, &aw);
		const hud_binding *bd = &km->v[i];
		snprintf(buf, sizeof buf, "  %-*.*s %-*s %s", kw, kw, bd->label, aw, bd->act->name, bd->act->help);
	} else if (i == km->n + 1)
		snprintf(buf, sizeof buf, " What the screen shows");
	else if (i > km->n + 1 && i < km->n + 2 + nl)
		snprintf(buf, sizeof buf, "  %s", legend_line(i - km->n - 2));
	else if (i == km->n + 3 + nl)
		snprintf(buf, sizeof buf, " Colours (theme %s; --theme, --no-color change them)",
		         h->th.name[0] ? h->th.name : "default");
	else if (i > km->n + 3 + nl) {
		const struct swatch *sw = &swatches[i - km->n - 4 - nl];
		int x = 2 + (int)strlen(sw->sample);
		snprintf(buf, sizeof buf, "  %-*s%s", (x < 13 ? 13 : x + 1) - 2, sw->sample, sw->means);
	} else
		buf[0] = '\0';
	strbuf_adds(b, buf);
	return b->buf ? b->buf : "";
}

/* The help's own state (its private block, tui/view.h): the line on top. */
typedef struct help_state {
	int scroll;
} help_state;

static help_state *state(hud *h) { return views_private(h, &view_help); }

static size_t count(hud *h) { return (size_t)help_lines(h); }
static size_t top(hud *h) { return (size_t)state(h)->scroll; }
static void show(hud *h, size_t i) { state(h)->scroll = (int)i; }
static const search_view help_search = { .count = count, .line = line_text, .top = top, .show = show };

static void draw(hud *h, unsigned dirty)
{
	(void)dirty;
	const hud_keymap *km = h->keymap;
	text_fill_row(h, 0, 0, h->cols, EL_HEADER);
	text_put(h, 0, 0, h->cols, " liza-watch keys (Esc, q or ? returns)", EL_HEADER);
	int rows = h->rows - 2, total = help_lines(h);
	if (state(h)->scroll > total - rows)
		state(h)->scroll = total - rows;
	if (state(h)->scroll < 0)
		state(h)->scroll = 0;
	int kw, aw;
	columns(km, &kw, &aw);
	for (int r = 0; r < rows && state(h)->scroll + r < total; r++) {
		size_t i = (size_t)(state(h)->scroll + r);
		int y = 1 + r;
		if (i < km->n) {
			const hud_binding *b = &km->v[i];
			int x = 2;
			x += text_putf(h, y, x, kw + 1, b->keys[0] ? EL_TITLE : EL_DIM, "%-*s", kw, b->label) + 1;
			x += text_putf(h, y, x, aw + 1, EL_DIM, "%-*s", aw, b->act->name) + 1;
			text_put(h, y, x, h->cols - x - 1, b->act->help, EL_NORMAL);
		} else if (i == km->n + 1) {
			text_put(h, y, 1, h->cols - 2, "What the screen shows", EL_TITLE);
		} else if (i > km->n + 1 && i < km->n + 2 + legend_lines()) {
			text_put(h, y, 2, h->cols - 3, legend_line(i - km->n - 2), EL_NORMAL);
		} else if (i == km->n + 3 + legend_lines()) {
			text_putf(h, y, 1, h->cols - 2, EL_TITLE, "Colours (theme %s; --theme, --no-color change them)",
			          h->th.name[0] ? h->th.name : "default");
		} else if (i > km->n + 3 + legend_lines()) {
			const struct swatch *sw = &swatches[i - km->n - 4 - legend_lines()];
			int x = 2 + text_put(h, y, 2, 10, sw->sample, sw->e);
			text_put(h, y, x < 13 ? 13 : x + 1, h->cols - 14, sw->means, EL_NORMAL);
		}
		if (h->search_for == &help_search && h->search_pat[0]) {
			strbuf b;
			strbuf_init(&b);
			search_mark(h, &help_search, y, 0, h->cols - 1, line_text(h, i, &b));
			strbuf_free(&b);
		}
	}
	text_fill_row(h, h->rows - 1, 0, h->cols, EL_NORMAL);
	text_putf(h, h->rows - 1, 0, h->cols, EL_DIM,
	          " Up/Down/PgUp/PgDn scroll  / n N search  Esc/q back   line %d of %d",
	          state(h)->scroll + 1, total);
	search_footer(h, &help_search);
}

static void open_help(hud *h)
{
	state(h)->scroll = 0;
	search_reset(h, &help_search);
	views_push(h, &view_help);
}

/* Scrolls like the detail view; only the keys that leave a view close it. */
static void key(hud *h, int ch)
{
	const char *a = keymap_action_of(h->keymap, ch);
	if (search_key(h, &help_search, ch) || views_scroll_key(h, ch, a, &state(h)->scroll))
		return;
	if (ch == KEY_HOME || (a && strcmp(a, "top") == 0))
		state(h)->scroll = 0;
	else if (ch == KEY_END || (a && strcmp(a, "bottom") == 0))
		state(h)->scroll = help_lines(h);
	else if (views_leave_key(ch, a) || ch == '?' || (a && strcmp(a, "help") == 0))
		views_pop(h);
}

const hud_view_def view_help = {
	.name = "help",
	.action = "help",
	.open = open_help,
	.draw = draw,
	.key = key,
	.private_size = sizeof(help_state),
};
