/* nav.c — moving the selection in whichever pane has the focus. */
#include "tui/act.h"
#include "tui/pane.h"

void nav_move(hud *h, int dx, int dy)
{
	if (h->focus && h->focus->move)
		h->focus->move(h, dx, dy);
}
