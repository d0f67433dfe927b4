#ifndef LW_TERM_H
#define LW_TERM_H
#include "tui/hud.h"

/* Whether TERM can draw the HUD (known to terminfo, cursor addressing):
 * false with why filled, before the screen is taken. */
bool term_usable(char *why, size_t n);
void term_init(hud *h);
void term_colors(hud *h);
void term_resize(hud *h);
void term_end(void);
/* refresh(), leaving the terminal in one write (term_flush.c). */
void term_refresh(void);

#endif
