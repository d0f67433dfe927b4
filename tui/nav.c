/* nav.c — moving the selection in whichever pane has the focus. */
#include "tui/actions.h"

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void nav_move(hud *h, int dx, int dy)
{
	switch (h->focus) {
	case PANE_WORKFLOWS: {
		int n = (int)hud_workflow_count(h);
		h->workflow_row = clamp(h->workflow_row + dy, 0, n ? n - 1 : 0);
		return;
	}
	case PANE_ALERTS:
		h->alert_row = clamp(h->alert_row + dy, 0, h->alerts.n ? (int)h->alerts.n - 1 : 0);
		return;
	default:
		break;
	}
	if (h->table_view) {
		h->table_row = clamp(h->table_row + dy, 0, h->nitems ? (int)h->nitems - 1 : 0);
	} else {
		if (dx) {
			/* Skip empty lanes so a move always lands on a card when there is one. */
			int lane = h->lane;
			for (int step = 0; step < LANE_COUNT; step++) {
				lane = clamp(lane + dx, 0, LANE_COUNT - 1);
				if (hud_lane_count(h, lane) || lane == 0 || lane == LANE_COUNT - 1)
					break;
			}
			if (hud_lane_count(h, lane))
				h->lane = lane;
			int n = (int)hud_lane_count(h, h->lane);
			h->row = clamp(h->row, 0, n ? n - 1 : 0);
		}
		int n = (int)hud_lane_count(h, h->lane);
		h->row = clamp(h->row + dy, 0, n ? n - 1 : 0);
	}
	hud_select_key(h);
}
