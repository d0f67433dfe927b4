/* pane.h — the panes of the main screen as objects, as tig's views are. A
 * pane says how many rows it wants (layout), draws itself into the rows it
 * is given (draw), moves its own selection and takes keys of its own while
 * it has the focus (move, key), says which of the HUD's state it shows so it
 * is redrawn only when that changes (sig, redraw_on), and explains its
 * glyphs on the help screen (legend). panes.c lists them top to bottom:
 * adding a pane is one file defining a hud_pane_def plus one row there. */
#ifndef LW_PANE_H
#define LW_PANE_H
#include "tui/hud.h"

enum { HUD_FILL = -1 };                 /* height: whatever the other panes leave */
enum { HUD_ON_TICK = 1,                 /* time passed or the checks ran again */
       HUD_ON_SELECT = 2 };             /* any pane's selection moved */

typedef struct hud_pane_def {
	const char *name;                   /* "alerts" */
	int  (*height)(const hud *h);       /* rows wanted (h->rows is the screen), or HUD_FILL */
	void (*draw)(hud *h, int y, int height);
	/* Panes with move() take the focus in turn (Tab): move the selection. */
	void (*move)(hud *h, int dx, int dy);
	/* Keys of its own, tried before the keymap while it has the focus: true = taken. */
	bool (*key)(hud *h, int ch);
	/* What it shows of the HUD's view state (a selection, a scroll): a change redraws it. */
	unsigned long (*sig)(const hud *h);
	unsigned redraw_on;                 /* HUD_ON_*: events that redraw it too */
	const char *const *legend;          /* help-screen lines for its glyphs; NULL-ended */
	/* Or built at first use (from the registry: what each system's gauge counts). */
	const char *const *(*legend_of)(void);
	/* Rows it could use in all (NULL: its height is all it takes). The fill
	 * pane's say how much of the rest it needs; rows it leaves over go to
	 * the other panes that want more, in the order panes.c gives (what
	 * waits for a human first). */
	int  (*wants)(const hud *h);
} hud_pane_def;

/* The panes other code names (the focus, the actions that depend on it). */
extern const hud_pane_def pane_workflows, pane_board, pane_alerts, pane_agents, pane_activity;

/* The table, top to bottom. */
extern const hud_pane_def *const hud_panes[];
extern const size_t hud_npanes;

/* Where each pane goes on a screen of h->rows. */
void panes_layout(const hud *h, int y[HUD_PANES_MAX], int height[HUD_PANES_MAX]);
/* Dirty bits of the panes redrawn on these HUD_ON_* events. */
unsigned panes_on(unsigned events);
/* The next pane that takes the focus after (dir 1) or before (dir -1) this one. */
const hud_pane_def *panes_next_focus(const hud_pane_def *from, int dir);
/* What the screen shows of the view state, to tell which panes a key changed. */
typedef struct hud_view_sig {
	const struct hud_view_def *view;    /* the top of the view stack, and its depth */
	int depth;
	const hud_pane_def *focus;
	bool table_view;
	size_t nitems;
	unsigned long pane[HUD_PANES_MAX];
	char filter[128], message[512], prompt[512];
} hud_view_sig;
void panes_sign(const hud *h, hud_view_sig *v);
unsigned panes_changed(const hud_view_sig *before, const hud_view_sig *after);

/* A lane's short name ("bklg", "blkd") for a narrow lane or a small screen. */
const char *hud_lane_short(int lane);

/* A pane's title line: a rule with the title on it, bright when focused. */
void panes_title(hud *h, int y, const hud_pane_def *pane, const char *title);

#endif
