/* chooser.h — pick one of a short list (chooser.c): the transitions
 * reachable from a task. Its list is the chooser view's own state. */
#ifndef LW_CHOOSER_H
#define LW_CHOOSER_H
#include "tui/hud.h"

#define HUD_CHOICES_MAX 24
typedef void (*hud_choose_done)(hud *h, int index);   /* -1 = cancelled */

/* Open the chooser; add its items with chooser_add before the next key. */
void chooser_ask(hud *h, const char *label, hud_choose_done done);
void chooser_add(hud *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
