/* view_main.c — the main screen as a view: the bottom of the stack, always
 * open. It draws the panes of the table (panes.c) that are dirty, all of
 * them when the layout moved; its keys go to the focused pane, then to the
 * keymap, Esc cancelling a write under way first. */
#include "tui/view.h"
#include "tui/pane.h"
#include "tui/act.h"
#include "tui/keymap.h"
#include "tui/keyname.h"
#include "tui/mouse.h"
#include <curses.h>
#include <string.h>

static void clear_rows(int y, int n)
{
	attrset(A_NORMAL);
	for (int r = 0; r < n; r++) {
		move(y + r, 0);
		clrtoeol();
	}
}

static void draw(hud *h, unsigned d)
{
	int L[2 * HUD_PANES_MAX] = { 0 }, *ys = L, *hs = L + HUD_PANES_MAX;
	panes_layout(h, ys, hs);
	if (d != DIRTY_ALL && memcmp(L, h->last_layout, sizeof L) != 0) {
		erase();   /* a pane grew or shrank: every row moves */
		d = DIRTY_ALL;
	}
	memcpy(h->last_layout, L, sizeof L);
	for (size_t i = 0; i < hud_npanes; i++) {
		if (hs[i] <= 0)
			mouse_pane(hud_panes[i], 0, 0, 0);   /* hidden (zoom): nothing of it to click */
		if (!(d & 1u << i) || hs[i] <= 0)
			continue;
		clear_rows(ys[i], hs[i]);
		mouse_pane(hud_panes[i], ys[i], hs[i], h->cols);
		hud_panes[i]->draw(h, ys[i], hs[i]);
	}
}

static void key(hud *h, int ch)
{
	if (ch == KEY_RESIZE)
		return;
	if (ch == 27 && h->tx.state == TXRUN_RUNNING)
		return act_tx_cancel(h);   /* Esc: the write under way first */
	if (!keymap_find(h->keymap, ch) && !(h->focus && h->focus->key && h->focus->key(h, ch))) {
		/* A key bound to nothing says so (it did nothing, silently). */
		char name[32];
		hud_message(h, true, "'%s' is not a key here (? lists the keys)", keyname_of(ch, name, sizeof name));
		return;
	}
	keymap_key(h, ch);
}

const hud_view_def view_main = {
	.name = "main",
	.draw = draw,
	.key = key,
};
