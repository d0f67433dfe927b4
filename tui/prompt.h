/* prompt.h — the one-line prompt over the screen (prompt.c): a text to type
 * (a reason, a filter, a search, the : line) or a y/N question. Its state is
 * the hud's prompt field (hud.h): callers set its label, note and hooks. */
#ifndef LW_PROMPT_H
#define LW_PROMPT_H
#include "tui/hud.h"

void prompt_key(hud *h, int key);
void prompt_ask_text(hud *h, const char *label, const char *context, hud_prompt_done done);
void prompt_ask_confirm(hud *h, const char *label, const char *context, hud_confirm_done done);
/* Put text in the open prompt, the cursor at its end (a filter to edit, a
 * reason given back after a failed write). */
void prompt_set_text(hud *h, const char *text);
void prompt_free(hud *h);

#endif
