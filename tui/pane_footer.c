/* pane_footer.c — the bottom line: the keys that apply to what is selected,
 * from the live keymap, and the filter in force; help and quit always. */
#include "tui/mouse.h"
#include "tui/pane.h"
#include "tui/keymap.h"
#include "tui/zoom.h"
#include <stdio.h>
#include <string.h>

static int height(const hud *h) { (void)h; return 1; }

/* help and quit are never cut off: they sit at the right end, and the
 * other keys take what is left. */
static bool kept_right(const hud_binding *b)
{
	return strcmp(b->act->name, "help") == 0 || strcmp(b->act->name, "quit") == 0;
}

static bool shown(const hud_binding *b, const hud *h)
{
	return b->act->footer && b->keys[0] && keymap_binding_applies(b, h);
}

static void draw(hud *h, int y, int rows)
{
	(void)rows;
	text_fill_row(h, y, 0, h->cols, EL_NORMAL);
	int tail = 0;
	for (size_t i = 0; i < h->keymap->n; i++) {
		const hud_binding *b = &h->keymap->v[i];
		if (kept_right(b) && shown(b, h))
			tail += text_width(h, b->label) + 1 + (int)strlen(b->act->footer) + 2;
	}
	/* The filter in force is kept too, before help and quit. */
	char filt[260] = "", hid[80];
	if (h->filter[0])
		snprintf(filt, sizeof filt, "filter: %s  ", h->filter);
	zoom_hidden_names(h, hid, sizeof hid);   /* and what _ hid, with the key that shows it */
	if (hid[0])
		snprintf(filt + strlen(filt), sizeof filt - strlen(filt), "hidden: %s (_)  ", hid);
	int fw = text_width(h, filt);
	if (fw > h->cols / 3)
		fw = h->cols / 3;
	int end = h->cols - tail - fw, x = 0;
	for (size_t i = 0; i < h->keymap->n && x < end; i++) {
		const hud_binding *b = &h->keymap->v[i];
		if (!shown(b, h) || kept_right(b))
			continue;
		int w = text_width(h, b->label) + 1 + (int)strlen(b->act->footer) + 2;
		if (x + w > end)
			break;   /* a whole entry or none */
		x += text_putf(h, y, x, end - x, EL_KEY, "%s", b->label);
		x += text_putf(h, y, x, end - x, EL_NORMAL, " %s  ", b->act->footer);
	}
	x = end > x ? end : x;
	if (fw)
		x += text_put(h, y, x, fw, filt, EL_PROMPT);
	for (size_t i = 0; i < h->keymap->n && x < h->cols; i++) {
		const hud_binding *b = &h->keymap->v[i];
		if (!kept_right(b) || !shown(b, h))
			continue;
		x += text_putf(h, y, x, h->cols - x, EL_KEY, "%s", b->label);
		x += text_putf(h, y, x, h->cols - x, EL_NORMAL, " %s  ", b->act->footer);
	}
}

const hud_pane_def pane_footer = {
	.name = "footer",
	.height = height,
	.draw = draw,
	.legend = mouse_legend,   /* tui/mouse.c: what a click and the wheel do */
	.redraw_on = HUD_ON_SELECT,   /* the keys that apply follow the selection */
};
