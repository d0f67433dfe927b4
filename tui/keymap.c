/* keymap.c — the actions of the main screen, their default keys, and the
 * dispatch of a key through the runtime keymap (keymap_edit.c). */
#include "tui/zoom.h"
#include "tui/prompt.h"
#include "tui/keymap.h"
#include "tui/act.h"
#include "tui/pane.h"
#include "tui/view.h"
#include "tui/triage.h"
#include "tui/triage_ack.h"
#include "tui/act_work.h"
#include "tui/sort.h"
#include "tui/cmdline.h"
#include "tui/search.h"
#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#define CTRL(c) ((c) & 0x1f)

static bool board_lanes(const hud *h) { return h->focus == &pane_board && !h->table_view; }
static bool has_filter(const hud *h) { return h->filter[0] != '\0' || h->message[0] != '\0'; }

static void move_up(hud *h) { nav_move(h, 0, -1); }
static void move_down(hud *h) { nav_move(h, 0, 1); }
static void move_left(hud *h) { nav_move(h, -1, 0); }
static void move_right(hud *h) { nav_move(h, 1, 0); }
static void page_up(hud *h) { nav_move(h, 0, -10); }
static void page_down(hud *h) { nav_move(h, 0, 10); }
static void go_top(hud *h) { nav_move(h, 0, -1000000); }
static void go_bottom(hud *h) { nav_move(h, 0, 1000000); }
/* Tab skips the panes _ hid (the board never is). */
static void step_pane(hud *h, int dir)
{
	for (size_t i = 0; i < hud_npanes; i++) {
		h->focus = panes_next_focus(h->focus, dir);
		if (!zoom_hidden(h, h->focus))
			return;
	}
}
static void next_pane(hud *h) { step_pane(h, 1); }
static void prev_pane(hud *h) { step_pane(h, -1); }
static void toggle_table(hud *h) { h->table_view = !h->table_view; hud_rebuild(h); }
static void quit_confirmed(hud *h, bool yes)
{
	if (yes)
		h->quit = true;   /* the write is cancelled on the way out (txrun_abandon) */
}
/* A write under way (waiting for a lock, perhaps) is the operator's
 * verdict: quitting cancels it, so q asks first. */
static void quit(hud *h)
{
	if (h->tx.state != TXRUN_RUNNING) {   /* idle, or already cancelled */
		h->quit = true;
		return;
	}
	char label[160];
	snprintf(label, sizeof label, "%.100s is under way: quit and cancel it (nothing written)?", h->tx_label);
	prompt_ask_confirm(h, label, "", quit_confirmed);
}
static bool several_projects(const hud *h) { return h->fleet->n > 1; }
static bool is_demo(const hud *h) { return h->opts->sim_pid > 0; }
static void pause_demo(hud *h)
{
	if (kill((pid_t)h->opts->sim_pid, SIGUSR1) < 0)
		return hud_message(h, true, "the simulated team is gone");
	h->sim_paused = !h->sim_paused;
	hud_message(h, false, "%s", h->sim_paused ? "simulated agents paused (P resumes them)" : "simulated agents resumed");
}
static void redraw(hud *h) { clearok(curscr, TRUE); (void)h; }

/* The board's search: it narrows as it is typed (tui/search.c). */
static void start_filter(hud *h) { search_filter_start(h); }
static void clear_filter(hud *h) { h->filter[0] = '\0'; h->message[0] = '\0'; hud_rebuild(h); }

/* A row without run opens the view whose action it is (tui/views.c), when
 * that view's can says so. The HUD's own rows; no system's event is here. */
static const hud_action head[] = {
	{ "up", { KEY_UP, 'k' }, "select the task (or row) above", NULL, NULL, move_up },
	{ "down", { KEY_DOWN, 'j' }, "select the task (or row) below", NULL, NULL, move_down },
	{ "left", { KEY_LEFT, 'h' }, "previous lane", NULL, board_lanes, move_left },
	{ "right", { KEY_RIGHT, 'l' }, "next lane", NULL, board_lanes, move_right },
	{ "page-up", { KEY_PPAGE, CTRL('b') }, "ten rows up", NULL, NULL, page_up },
	{ "page-down", { KEY_NPAGE, CTRL('f') }, "ten rows down", NULL, NULL, page_down },
	{ "top", { KEY_HOME, 'g' }, "first row", NULL, NULL, go_top },
	{ "bottom", { KEY_END, 'G' }, "last row", NULL, NULL, go_bottom },
	{ "next-pane", { '\t' }, "next pane (workflows, agents, board, alerts)", "pane", NULL, next_pane },
	{ "prev-pane", { KEY_BTAB }, "previous pane", NULL, NULL, prev_pane },
	{ "detail", { '\n', '\r', KEY_ENTER }, "details of the selected task, workflow or alert", "detail", NULL, NULL },
	{ "table", { 't' }, "board lanes / table view", "table", NULL, toggle_table },
	{ "filter", { '/' }, "filter tasks as you type (the board's search; Enter keeps, Esc restores)", "filter", NULL, start_filter },
	{ "clear-filter", { 27 }, "clear the filter and the message", "clear", has_filter, clear_filter },
	{ "review", { 'v' }, "review the selected task: its change (git diff), evidence and timeline", "review",
	  NULL, NULL },
	{ "raw", { 'u' }, "the selected task's record as its file holds it, with line numbers; e there edits it at the line",
	  NULL, NULL, NULL },
};

/* The systems' actions go here, then these. */
static const hud_action tail[] = {
	{ "project", { 'o' }, "one project only, the next, then all again (several projects)", "project",
	  several_projects, hud_narrow_next },
	{ "pause-demo", { 'P' }, "demo only: pause or resume the simulated agents", "pause demo", is_demo, pause_demo },
	{ "log", { 'L' }, "the last messages, full length (newest at the bottom)", NULL, NULL, NULL },
	{ "activity", { 'F' }, "the activity feed full screen: every change seen, scrolling, / searches, & filters", NULL, NULL,
	  NULL },
	{ "queue", { 'w' }, "what waits for a human, in every project, oldest first: j/k, Enter, a/r act on it, / n N search", "queue",
	  NULL, NULL },
	{ "next-alert", { 'N' }, "select the most severe alert not acknowledged, and its task (the next on each press)",
	  "next alert", triage_has_alerts, triage_next_alert },
	{ "ack", { 'K' }, "acknowledge the selected alert (an optional reason): dimmed, counted apart, until it clears",
	  "ack", triage_can_ack, triage_ack },
	{ "edit", { 'e' }, "open the selected task's worktree (else the project) in $VISUAL or $EDITOR", NULL,
	  act_work_can, act_work_edit },
	{ "shell", { '$' }, "a shell ($SHELL) in the selected task's worktree (else the project); exit returns", NULL,
	  act_work_can, act_work_shell },
	{ "copy-id", { 'y' }, "copy the selected task's id (system:id) to the clipboard (OSC 52)", NULL, act_work_can,
	  act_work_copy_id },
	{ "copy-path", { 'Y' }, "copy the selected task's worktree path to the clipboard (OSC 52)", NULL, act_work_can,
	  act_work_copy_path },
	{ "sort-next", { '>' }, "sort the table (or the focused alerts) by the next column", NULL, NULL, sort_next },
	{ "sort-prev", { '<' }, "sort the table (or the focused alerts) by the previous column", NULL, NULL,
	  sort_prev },
	{ "sort-invert", { 'I' }, "sort the other way (ascending, descending)", NULL, NULL, sort_invert },
	{ "command", { ':' }, "a command: any action by name, q, project NAME, filter TEXT, sort COLUMN [asc|desc], "
	  "theme NAME, help; Tab completes, Up/Down recall", NULL, NULL, cmdline_open },
	{ "zoom", { '+' }, "give the focused pane the whole screen, and back (Tab zooms the next)", NULL, NULL,
	  zoom_toggle },
	{ "hide", { '_' }, "hide the next pane (workflows, agents, alerts, activity) for the board; after the last, show all",
	  NULL, NULL, zoom_hide_next },
	{ "redraw", { CTRL('l') }, "redraw the screen", NULL, NULL, redraw },
	{ "help", { '?' }, "this help", "help", NULL, NULL },
	{ "quit", { 'q' }, "quit", "quit", NULL, quit },
};

static bool is_head_or_tail(const char *name)
{
	for (size_t i = 0; i < sizeof head / sizeof *head; i++)
		if (strcmp(head[i].name, name) == 0)
			return true;
	for (size_t i = 0; i < sizeof tail / sizeof *tail; i++)
		if (strcmp(tail[i].name, name) == 0)
			return true;
	return false;
}

static hud_action all[HUD_ACTIONS_MAX];
static size_t nall, sys_first, sys_end;   /* all[sys_first..sys_end) are the systems' */

const hud_action *keymap_actions(size_t *n)
{
	if (!nall) {
		enum { OWN = sizeof head / sizeof *head + sizeof tail / sizeof *tail };
		_Static_assert((int)OWN < (int)HUD_ACTIONS_MAX, "raise HUD_ACTIONS_MAX");
		const lw_action *sys[HUD_ACTIONS_MAX];
		size_t ns = lw_actions_all(sys, HUD_ACTIONS_MAX - OWN);
		for (size_t i = 0; i < sizeof head / sizeof *head; i++)
			all[nall++] = head[i];
		sys_first = nall;
		for (size_t i = 0; i < ns; i++)
			if (!is_head_or_tail(sys[i]->name))   /* a system cannot take over the HUD's own rows */
				all[nall++] = (hud_action){ sys[i]->name, { sys[i]->key }, sys[i]->help, sys[i]->footer, NULL,
				                            NULL };
		sys_end = nall;
		for (size_t i = 0; i < sizeof tail / sizeof *tail; i++)
			all[nall++] = tail[i];
	}
	*n = nall;
	return all;
}

bool keymap_is_system(const hud_action *a)
{
	return a >= &all[sys_first] && a < &all[sys_end];
}

bool keymap_binding_applies(const hud_binding *b, const hud *h)
{
	if (keymap_is_system(b->act))
		return act_applies(h, b->act->name);
	if (!b->act->run)
		return views_can_open(h, b->act->name);
	return !b->act->applies || b->act->applies(h);
}

void keymap_key(hud *h, int key)
{
	if (h->focus && h->focus->key && h->focus->key(h, key))
		return;   /* a key of the focused pane's own */
	const hud_binding *b = keymap_find(h->keymap, key);
	if (b)
		keymap_run(h, b);
}

void keymap_run(hud *h, const hud_binding *b)
{
	if (keymap_binding_applies(b, h) && keymap_is_system(b->act))
		act_run(h, b->act->name);
	else if (keymap_binding_applies(b, h) && !b->act->run)
		views_open(h, b->act->name);
	else if (keymap_binding_applies(b, h))
		b->act->run(h);
	else if (b->act->run != clear_filter)   /* Esc with nothing to clear: nothing to say */
		hud_message(h, true, "%s: not available here (%s)", b->label, b->act->help);
}
