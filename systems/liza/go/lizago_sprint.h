/* lizago_sprint.h — the sprint's figures (lizago_sprint.c). */
#ifndef LW_LIZAGO_SPRINT_H
#define LW_LIZAGO_SPRINT_H
#include "systems/liza/go/lizago.h"

/* The sprint's figures beside done/total: "1 blocked, approval 75%". */
const char *lizago_sprint_figures(const lizago_state *st, char *buf, size_t n);

#endif
