/* lizago_hygiene.h — statehygiene.ValidateState (lizago_hygiene.c). */
#ifndef LW_LIZAGO_HYGIENE_H
#define LW_LIZAGO_HYGIENE_H
#include "systems/liza/go/lizago_rule.h"

/* statehygiene.ValidateState (lizago_hygiene.c); its transcript test. */
void lizago_hygiene(lizago_check_ctx *c);
bool lizago_hygiene_transcript(const char *s);

#endif
