/* view_help.c — the help screen, generated from the live keymap. */
#include "tui/hud.h"
#include "tui/keymap.h"
#include <curses.h>

void view_help(hud *h)
{
	fill_row(h, 0, 0, h->cols, EL_HEADER);
	put_text(h, 0, 0, h->cols, " liza-watch keys (any key returns)", EL_HEADER);
	int rows = h->rows - 2;
	if (h->help_scroll > (int)hud_nbindings - rows)
		h->help_scroll = (int)hud_nbindings - rows;
	if (h->help_scroll < 0)
		h->help_scroll = 0;
	for (int r = 0; r < rows && (size_t)(h->help_scroll + r) < hud_nbindings; r++) {
		const hud_binding *b = &hud_bindings[h->help_scroll + r];
		put_textf(h, 1 + r, 2, 12, EL_TITLE, "%-11s", b->label);
		put_text(h, 1 + r, 14, h->cols - 15, b->help, EL_NORMAL);
	}
	put_text(h, h->rows - 1, 0, h->cols,
	         " Up/Down scroll.  Keys that act on a task apply to the selected one.", EL_DIM);
}
