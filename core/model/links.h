/* links.h — state that resolves outside the project, said before a write
 * is refused: see links.c. */
#ifndef LW_LINKS_H
#define LW_LINKS_H
#include "core/model/adapter.h"

/* Add a link_outside problem to snap for every symbolic link on the way
 * to src's state (its root, the paths it watches, each task's file)
 * below the canonical project folder dir that leads out of it: one per
 * link. */
void lw_links_outside(const char *dir, const lw_source *src, lw_snapshot *snap);

#endif
