/* hud.h — the HUD's state, shared by the files of tui/: the model as shown,
 * the selection, the message line. One struct holds it; each view keeps its
 * own state in a private block only its file reads (tui/view.h). Views read
 * the hud and draw, keys change it. Nothing in tui/ parses or writes state
 * files. */
#ifndef LW_HUD_H
#define LW_HUD_H
#include <stdbool.h>
#include <time.h>
#include "core/model/adapter.h"
#include "core/model/fleet.h"
#include "core/model/activity.h"
#include "core/model/acks.h"
#include "core/util/strbuf.h"
#include "tui/theme.h"
#include "tui/txrun.h"
#include "tui/tui.h"

struct hud_pane_def;
enum { HUD_PANES_MAX = 16 };
enum { HUD_LOG_MAX = 64 };
struct hud_view_def;
enum { HUD_VIEWS_MAX = 8 };   /* views open at once over the main screen (tui/view.h) */
enum { HUD_VIEW_KINDS = 16 }; /* rows the views table may have (tui/views.c) */

/* A task as the board shows it: a pointer into a source's snapshot, valid
 * until that source reloads (the index is rebuilt then). */
typedef struct hud_item {
	const lw_task *task;
	const lw_source *src;
	size_t member;            /* the project it belongs to (fleet index) */
} hud_item;

struct hud;
struct hud_keymap;
typedef void (*hud_prompt_done)(struct hud *h, const char *text);   /* NULL text = cancelled */
typedef void (*hud_confirm_done)(struct hud *h, bool yes);

/* What a prompt takes, at most: far beyond any reason a person types, and
 * refused visibly beyond it (never cut). */
enum { HUD_PROMPT_MAX = 65536 };

typedef struct hud_prompt {
	char label[1024];         /* a y/N question is wrapped onto as many lines as it takes */
	char *text;               /* what is typed, on the heap ("" when none); UTF-8 */
	size_t len, cap, cursor;  /* bytes; the cursor is always on a character boundary */
	hud_prompt_done done;
	hud_prompt_done edited;   /* after each edit, the text so far (a live search or filter), or NULL */
	hud_confirm_done confirm;
	bool yes_no;              /* a y/N question (confirm), not a text */
	char context[128];        /* what the prompt acts on (task key) */
	char note[2048];          /* what follows from the answer, shown above the prompt */
	char refusal[512];        /* the error message when it opened: answered, it is old */
	/* Keys of the caller's own, tried first (the : line's Tab, Up, Down): true = taken. */
	bool (*key)(struct hud *h, int key);
} hud_prompt;

typedef struct hud {
	lw_fleet *fleet;          /* the projects watched (one, or several: -C repeated, `projects`) */
	int only;                 /* -1: every project shown; else the one the view is narrowed to */
	const tui_opts *opts;
	const struct hud_keymap *keymap;   /* the bindings in effect (defaults + config) */
	theme th;
	bool color, utf8;
	int rows, cols;

	/* model as shown */
	lw_alerts alerts;         /* the alerts shown (the narrowed project's, when narrowed) */
	lw_alerts all_alerts;     /* every project's: what rings, notifies, and carries ages */
	time_t next_deadline;     /* from the last check run; LW_NO_TIME = none */
	struct hud_checked *checked;   /* per project: its alerts from its last check (hud_recheck_changed) */
	char **dirs_shown;        /* per project: its folder as the header names it (hud_dirs_shown), or NULL */
	time_t reloaded_at;       /* wall time of the last reload, for the header */
	hud_item *items;          /* tasks passing the filter, board order */
	size_t nitems, cap_items;
	char filter[128];

	/* selection and view */
	const struct hud_view_def *views[HUD_VIEWS_MAX];   /* open over the main screen, bottom first (tui/view.h) */
	int nviews;
	/* Each view's own state, by its row in the views table: made at its
	 * first use, read and written by that view alone (views_private). */
	void *view_state[HUD_VIEW_KINDS];
	const struct hud_pane_def *focus;   /* a row of the pane table (tui/pane.h) */
	bool zoomed;              /* the focused pane has the whole screen (tui/zoom.c) */
	int hidden;               /* how many panes of content _ hid, in zoom.c's order (0: none) */
	bool table_view;
	int lane, row;            /* board: selected lane and row within it */
	int table_row;
	int alert_row, workflow_row;
	char sel_key[256];        /* "system:id" of the selected task, kept across reloads */
	bool sel_hidden;          /* that task is filtered out (said once on the message line) */

	hud_prompt prompt;
	char message[512];        /* one-line feedback: a denied transition, an error */
	bool message_error;
	/* The task a "id: FROM -> TO" message names, where it went, and whether
	 * a reload has shown it there: moved on since, the message goes. */
	char msg_task[256], msg_to[64];
	bool msg_seen;
	/* The last HUD_LOG_MAX messages, full length, oldest first (L); made at
	 * the first one: 40 KB of empty lines cost an idle HUD its RSS. */
	char (*log)[640];
	size_t nlog;
	bool quit;
	bool sim_paused;          /* the demo's team, paused by P */
	txrun tx;                 /* the write under way, off the UI loop (one at a time) */
	char tx_label[256];       /* what it does: "approve liza:review-1" */
	bool bell;                /* ring once on the next draw (a new CRIT) */
	bool bell_on;             /* notify_hud_bell: notify.bell on, notify.level not off */
	struct notifier *notify;  /* terminal notification and program (notify/notify.h), or NULL */
	/* Which panes need drawing again, one bit per row of the pane table: a
	 * key that moves the board's selection redraws the board and the
	 * footer, not the alerts. */
	unsigned dirty;
	int last_layout[2 * HUD_PANES_MAX];   /* pane rows of the last draw: a change redraws all */

	/* The operator's view of the agents and of what happened (issue 27). */
	lw_activity activity;     /* what changed between loads, and alerts raised/cleared */
	bool checked_once;        /* the first check is the baseline: nothing was "raised" */
	lw_acks acks;             /* acknowledged alerts ($XDG_STATE_HOME/liza-watch/acks) */
	int agent_row;            /* agents pane: the selected row */
	/* The table's and the alerts' sort (tui/sort.h, [SORT_TABLE], [SORT_ALERTS]):
	 * a column (0: as built) and its direction. */
	int sort_col[2];
	bool sort_desc[2];
	/* Search in the scrolling views, and the board's live filter (tui/search.c). */
	const struct search_view *search_for;   /* the view the pattern is for, or NULL */
	char search_pat[256];
	char search_msg[320];     /* "not found", a wrap: the view's last row says it until the next key */
	size_t search_origin;     /* the line on top when / opened: Esc returns there */
	size_t search_cur;        /* the line last found (SIZE_MAX: none): n goes on from it while it is on screen */
	char search_before[256];  /* the pattern (or the board's filter) when / opened: Esc restores it */
} hud;

/* ---- model side (hud_model.c) ---- */
/* The sources shown (every project's, or the narrowed one's), in order. */
size_t hud_nsources(const hud *h);
const lw_source *hud_source(const hud *h, size_t i, size_t *member);
/* The label that names member m on screen when several projects are
 * watched; NULL with one. */
const char *hud_project_label(const hud *h, size_t m);
/* The directory shown in the header: the project's, or "N projects". */
const char *hud_where(const hud *h, char *buf, size_t n);
/* The directory of the project src belongs to ("." when none does). */
const char *hud_source_dir(const hud *h, const lw_source *src);
/* The label of the project src belongs to, when several are watched; else NULL. */
const char *hud_source_label(const hud *h, const lw_source *src);
void hud_narrow_next(hud *h);                  /* all -> project 1 -> ... -> all */
/* The name sel_key keeps for a task: "system:id", or "label/system:id". */
void hud_task_key(const hud *h, const hud_item *it, char *buf, size_t n);
void hud_rebuild(hud *h);                      /* after any reload or filter change */
/* The filter set to text, as each key typed does: a text that holds the
 * filter shown narrows the rows shown (no pass over the project). */
void hud_refilter(hud *h, const char *text);
void hud_recheck(hud *h);                      /* rerun checks at lw_now(), bell on new CRIT */
/* The same after a reload: only the projects changed[m] (and those whose
 * next deadline has come) are checked again; the others keep their alerts. */
void hud_recheck_changed(hud *h, const bool *changed);
void hud_checked_free(hud *h);
/* Name each project's folder once, as a person would (absolute, ~ for the
 * home folder): the header is drawn on every change, the names never move. */
void hud_dirs_shown(hud *h);
void hud_dirs_shown_free(hud *h);
const hud_item *hud_selected(const hud *h);    /* the selected task, or NULL */
size_t hud_lane_items(const hud *h, int lane, const hud_item **out, size_t max);
size_t hud_lane_count(const hud *h, int lane);
void hud_select_key(hud *h);                   /* remember sel_key from the current selection */
/* A line for the message log (L) only, not the message line. */
void hud_log(hud *h, const char *line);
/* The log's memory (made at the first message), for whoever ends a hud. */
void hud_log_free(hud *h);
/* The message line; its paths read as hud_shown_text makes them. */
void hud_message(hud *h, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Text as the screen shows it: with one project, each path below its root
 * reads from the root (the header names it), as lw_project_shown_path does
 * for one path; with several, paths stay whole (they tell the projects apart). */
const char *hud_shown_text(const hud *h, const char *text, char *buf, size_t n);
size_t hud_workflow_count(const hud *h);
/* ---- agents (pane_agents.c) ---- */
size_t hud_agent_count(const hud *h);
const lw_agent *hud_agent(const hud *h, size_t i, size_t *member);
const lw_workflow *hud_workflow(const hud *h, size_t i, const lw_source **src);

#define DIRTY_ALL (~0u)

/* ---- drawing (draw.c, the panes pane_*.c, the views view_*.c: tui/view.h) ---- */
void hud_draw(hud *h);

/* ---- keys (keymap.c; the prompt: tui/prompt.h, the chooser: tui/chooser.h) ---- */
void keymap_key(hud *h, int key);

/* ---- text (text.c) ---- */
int  text_style_attr(const hud *h, theme_elem e);
/* Draw s at (y,x), at most w columns, made safe for the terminal first. */
int  text_put(hud *h, int y, int x, int w, const char *s, theme_elem e);
int  text_putf(hud *h, int y, int x, int w, theme_elem e, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
void text_fill_row(hud *h, int y, int x, int w, theme_elem e);
int  text_width(const hud *h, const char *s);   /* display columns after escaping */
/* Bytes of s, whole characters, that fit in w columns once escaped. */
size_t text_fit(const hud *h, const char *s, int w);
/* The first line of s wrapped at w columns: its length in bytes (at a
 * space where one is in the second half, else at a character); *next is
 * where the following line starts (spaces and one newline skipped). */
size_t text_wrap_line(const hud *h, const char *s, int w, size_t *next);

#endif
