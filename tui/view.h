/* view.h — the screens of the HUD as objects, as the panes are (pane.h) and
 * as tig's views are (struct view_ops): the main screen (the panes), the
 * full-screen views (detail, log, help, activity, review) and the overlays
 * that ask something (the prompt, the chooser). Open views sit on a stack
 * in the hud: the main screen is its bottom, always there; a view opened
 * from another goes over it, and leaving it (each view's own keys: Esc, q)
 * pops back to the one below, so help opened from a review returns to the
 * review. The top takes every key; the topmost full view is drawn, then the
 * overlays above it. The loop, the drawing and the keymap only call these
 * ops: adding a view is one file defining a hud_view_def plus one row in
 * views.c (and a keymap row when a key opens it). */
#ifndef LW_VIEW_H
#define LW_VIEW_H
#include "tui/hud.h"

typedef struct hud_view_def {
	const char *name;                   /* "help" */
	/* The keymap action that opens it ("help"; keymap.c's row has no run
	 * of its own), or NULL when code opens it (a prompt, the alert detail). */
	const char *action;
	bool (*can)(const hud *h);          /* the action applies now (NULL: always) */
	void (*open)(hud *h);               /* the action: set its state up, views_push */
	bool overlay;                       /* drawn over the view below it (a line, a box) */
	/* Its key opens it from any full view (detail, review, help…), not only
	 * the main screen: the view on top does not see that key. Never over an
	 * overlay (it asks, and may be taking text). */
	bool anywhere;
	/* Draw it: a full view the whole screen, an overlay its part. dirty is
	 * what changed (DIRTY_ALL, or the main screen's pane bits). */
	void (*draw)(hud *h, unsigned dirty);
	void (*key)(hud *h, int ch);        /* every key, while it is on top */
	void (*close)(hud *h);              /* popped: free what it holds (NULL: nothing) */
	void (*reload)(hud *h);             /* a project reloaded, while it is on the stack */
	/* Pipes it reads while open (-1: none) and reading them: true = redraw. */
	void (*fds)(const hud *h, int fd[2]);
	bool (*pump)(hud *h);
	/* Its own state, as tig's view_ops.private_size: a block of this many
	 * bytes, zeroed at the view's first use and kept until views_close_all
	 * (a filter typed once stays when the view is opened again). Only the
	 * view's file knows its layout; others ask the view's functions. */
	size_t private_size;
	void (*free_private)(void *state);   /* what the block holds (NULL: nothing) */
} hud_view_def;

/* The views other code opens by name of object: the bottom, the overlays. */
extern const hud_view_def view_main, view_prompt, view_chooser, view_detail, view_review;

void view_detail_open_alert(hud *h, const lw_alert *a);   /* the detail view on an alert and its task */
void view_detail_open_workflow(hud *h);                   /* ... on the selected workflow */

/* The table: every view, the main screen first. */
extern const hud_view_def *const hud_views[];
extern const size_t hud_nviews;

const hud_view_def *views_top(const hud *h);      /* what takes the keys */
const hud_view_def *views_screen(const hud *h);   /* the topmost full view: what is drawn under the overlays */
int  views_depth(const hud *h);                   /* views open over the main screen */
bool views_has(const hud *h, const hud_view_def *v);
/* An overlay waits for an answer: nothing else may take the keys from it. */
bool views_asking(const hud *h);
/* Open v over the top. Already open: the views above it are closed and it
 * is the top again (a view's state is one per hud). false when the stack is
 * full (said on the message line). */
bool views_push(hud *h, const hud_view_def *v);
void views_pop(hud *h);                            /* close the top (not the main screen) */
void views_close(hud *h, const hud_view_def *v);   /* close v and what is above it, if open */
void views_close_all(hud *h);                      /* on quit: each view's state freed too */
/* v's own state (private_size bytes), made zeroed at the first call. */
void *views_private(hud *h, const hud_view_def *v);
void views_private_free(hud *h, const hud_view_def *v);   /* made again at the next use */
/* The same, NULL while v has not been used (or after views_private_free):
 * for what only reads it, and for a view whose state lives while it is open. */
void *views_private_peek(const hud *h, const hud_view_def *v);

/* The keymap's side: the view an action opens (NULL: none), whether it applies, open it. */
const hud_view_def *views_for_action(const char *action);
bool views_can_open(const hud *h, const char *action);
void views_open(hud *h, const char *action);

/* The loop's side. */
void views_key(hud *h, int ch);
void views_draw(hud *h, unsigned dirty);
void views_reload(hud *h);
void views_fds(const hud *h, int fd[2]);
bool views_pump(hud *h);

/* For the scrolling views: the movement actions' keys (a remapped j still
 * scrolls) plus the arrows move *scroll; true when ch was one of them. */
bool views_scroll_key(const hud *h, int ch, const char *action, int *scroll);
/* The keys that leave a view: Esc, Enter, Left, and quit's and left's keys. */
bool views_leave_key(int ch, const char *action);

#endif
