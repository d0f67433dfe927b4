/* view_queue.h — what the rest of the HUD asks of the queue view
 * (view_queue.c): its list is rebuilt after every check, and its length is
 * the header's WAIT count. The list itself is the view's own state. */
#ifndef LW_VIEW_QUEUE_H
#define LW_VIEW_QUEUE_H
#include "tui/hud.h"

void view_queue_update(hud *h);   /* after every check: the queue rebuilt (items arrive and leave) */
void view_queue_free(hud *h);
size_t view_queue_count(const hud *h);   /* items waiting after the last check */

#endif
