/* card_tag.h — the project/system tag of a board card, shortened as the
 * card narrows so the title keeps its room (card_tag.c). */
#ifndef LW_CARD_TAG_H
#define LW_CARD_TAG_H
#include "tui/hud.h"

enum { CARD_TAG_FULL, CARD_TAG_SHORT_PROJECT, CARD_TAG_SHORT_SYSTEM, CARD_TAG_NONE };

typedef struct card_tag_plan {
	int form;                 /* CARD_TAG_*: the same for every card of the board */
	bool projects, systems;   /* which parts the tag carries at all */
} card_tag_plan;

/* The form for cards w columns wide, from the widest tag the board shows. */
void card_tag_plan_make(const hud *h, int w, card_tag_plan *p);
/* The card's tag in that form ("" when none); its length in bytes. */
int card_tag(const hud *h, const card_tag_plan *p, const hud_item *it, char *buf, size_t n);

#endif
