/* pane_message.c — one line of feedback above the footer (a denied
 * transition, an error), there only while there is a message. */
#include "tui/pane.h"

static int height(const hud *h) { return h->message[0] ? 1 : 0; }

static void draw(hud *h, int y, int rows)
{
	if (rows > 0)
		text_put(h, y, 0, h->cols, h->message, h->message_error ? EL_WARN : EL_OK);
}

const hud_pane_def pane_message = {
	.name = "message",
	.height = height,
	.draw = draw,
};
