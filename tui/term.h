#ifndef LW_TERM_H
#define LW_TERM_H
#include "tui/hud.h"

void term_init(hud *h);
void term_colors(hud *h);
void term_resize(hud *h);
void term_end(void);

#endif
