/* act_work.h — the editor, the shell and the clipboard on the selected
 * task's work (act_work.c). */
#ifndef LW_ACT_WORK_H
#define LW_ACT_WORK_H
#include "tui/hud.h"

bool act_work_can(const hud *h);
void act_work_edit(hud *h);
/* $VISUAL or $EDITOR at file's line (+LINE FILE), in src's project folder. */
void act_work_edit_at(hud *h, const lw_source *src, const char *file, unsigned line);
void act_work_shell(hud *h);
void act_work_copy_id(hud *h);
void act_work_copy_path(hud *h);

#endif
