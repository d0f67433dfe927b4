/* liza_reuse.h — a task taken over from the previous load, after an edit
 * elsewhere in state.yaml left its nodes as they were (liza_load.c). */
#ifndef LW_LIZA_REUSE_H
#define LW_LIZA_REUSE_H
#include "systems/liza/shell/liza.h"

/* dst becomes src, at node (the new tree's node of that item, whose
 * contents are src's), with everything src kept in its snapshot's arena
 * copied into a: the previous snapshot may be freed first. Strings that
 * live in the tree (every value read from the file) are shared as they are. */
void liza_task_reuse(arena *a, liza_task *dst, const liza_task *src, const doc_node *node);

#endif
