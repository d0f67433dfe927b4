/* pane_footer.c — the bottom line: the keys that apply to what is selected,
 * from the live keymap, and the filter in force. */
#include "tui/pane.h"
#include "tui/keymap.h"

static int height(const hud *h) { (void)h; return 1; }

static void draw(hud *h, int y, int rows)
{
	(void)rows;
	fill_row(h, y, 0, h->cols, EL_NORMAL);
	int x = 0;
	for (size_t i = 0; i < h->keymap->n && x < h->cols; i++) {
		const hud_binding *b = &h->keymap->v[i];
		if (!b->act->footer || !b->keys[0] || !binding_applies(b, h))
			continue;
		x += put_textf(h, y, x, h->cols - x, EL_KEY, "%s", b->label);
		x += put_textf(h, y, x, h->cols - x, EL_NORMAL, " %s  ", b->act->footer);
	}
	if (h->filter[0] && x < h->cols)
		put_textf(h, y, x, h->cols - x, EL_PROMPT, "filter: %s", h->filter);
}

const hud_pane_def pane_footer = {
	.name = "footer",
	.height = height,
	.draw = draw,
	.redraw_on = HUD_ON_SELECT,   /* the keys that apply follow the selection */
};
