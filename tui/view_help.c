/* view_help.c — the help screen, generated from the live keymap (with the
 * config's bind lines applied): keys, the action name a bind line uses, and
 * what it does. */
#include "tui/hud.h"
#include "tui/keymap.h"
#include <curses.h>
#include <string.h>

void view_help(hud *h)
{
	const hud_keymap *km = h->keymap;
	fill_row(h, 0, 0, h->cols, EL_HEADER);
	put_text(h, 0, 0, h->cols, " liza-watch keys (any key returns)", EL_HEADER);
	int rows = h->rows - 2;
	if (h->help_scroll > (int)km->n - rows)
		h->help_scroll = (int)km->n - rows;
	if (h->help_scroll < 0)
		h->help_scroll = 0;
	/* Columns as wide as the widest label and action name, within reason. */
	int kw = 6, aw = 6;
	for (size_t i = 0; i < km->n; i++) {
		int l = (int)strlen(km->v[i].label), a = (int)strlen(km->v[i].act->name);
		kw = l > kw ? l : kw;
		aw = a > aw ? a : aw;
	}
	kw = kw > 20 ? 20 : kw;
	for (int r = 0; r < rows && (size_t)(h->help_scroll + r) < km->n; r++) {
		const hud_binding *b = &km->v[h->help_scroll + r];
		int x = 2;
		x += put_textf(h, 1 + r, x, kw + 1, b->keys[0] ? EL_TITLE : EL_DIM, "%-*s", kw, b->label) + 1;
		x += put_textf(h, 1 + r, x, aw + 1, EL_DIM, "%-*s", aw, b->act->name) + 1;
		put_text(h, 1 + r, x, h->cols - x - 1, b->act->help, EL_NORMAL);
	}
	put_text(h, h->rows - 1, 0, h->cols,
	         " Up/Down scroll.  Keys that act on a task apply to the selected one.", EL_DIM);
}
