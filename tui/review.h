/* review.h — the HUD's review view (`v`): the selected task's timeline and
 * what its system shows for review (for Liza the git diff, coloured), with
 * approve and reject at hand. git runs in a child; its pipes join the
 * HUD's poll loop, so the HUD never waits on it. */
#ifndef LW_TUI_REVIEW_H
#define LW_TUI_REVIEW_H
#include "tui/hud.h"

bool view_review_open(const hud *h);
/* The mode a prompt or chooser returns to: the review when it is open. */
hud_mode view_review_base_mode(const hud *h);
bool view_review_can(const hud *h);
void view_review_act(hud *h);          /* open it on the selected task */
void view_review_close(hud *h);        /* stop git, free the view */
void view_review_key(hud *h, int ch);
/* After a reload: the header, timeline and lines from the task as it is now. */
void view_review_reload(hud *h);
/* git's pipes while it runs (-1 otherwise), for poll(). */
void view_review_fds(const hud *h, int *out_fd, int *err_fd);
/* Read what git wrote; true when the view changed. */
bool view_review_pump(hud *h);
void view_review(hud *h);

#endif
