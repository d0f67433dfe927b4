/* action.h — what an operator can do to a system, declared by the system's
 * adapter (lw_adapter.actions) as data: the event it fires, its key and
 * words, what it acts on, what it asks before writing and when it applies.
 * The HUD's keymap, help and footer, `liza-watch keys`, the completions and
 * the CLI read these rows from the registry; the HUD runs every one of them
 * the same way (tui/act.h). Nothing outside a system's folder names its
 * events. */
#ifndef LW_ACTION_H
#define LW_ACTION_H
#include <stdbool.h>
#include <stddef.h>

struct lw_source;
struct lw_adapter;
struct tx_table;
struct tx_row;

/* What an action acts on. */
typedef enum lw_action_scope {
	LW_ACT_TASK = 1,          /* the selected task: its table has a row for event from its status */
	LW_ACT_LEVER,             /* the system as a whole: a lever row (from NULL) for event */
	LW_ACT_WORKFLOW,          /* the selected workflow, its name the subject: a lever row for event */
} lw_action_scope;

/* States of a system a loader marks on its workflows (lw_workflow.state):
 * the typed flags an action's when/unless test, never a text search. */
enum lw_wf_state {
	LW_WF_PAUSED = 1,         /* the agents are held (Liza's PAUSE, config.mode PAUSED) */
	LW_WF_ABORTED = 2,        /* the agents were told to exit (ABORT, mode STOPPED) */
	LW_WF_CHECKPOINT = 4,     /* a checkpoint waits for the operator */
	LW_WF_AUTO_RESUME = 8,    /* the system resumes by itself after a provider stop */
	LW_WF_RUN_MODE = 16,      /* the state holds a run mode the operator sets (today's Liza's config.mode) */
};

/* How the HUD asks before it writes (beside needs: a text first, a question). */
enum lw_action_ask {
	LW_ASK_NOTE = 0,          /* y/N under a note: the row's help and the adapter's advice */
	LW_ASK_PLAIN = 1,         /* y/N, nothing more (the label says it all) */
};

typedef struct lw_action {
	/* What a bind line names and the keymap row ("approve"). Several rows,
	 * of one system or several, may share a name: they share the key, and
	 * the first that applies to what is selected runs (pause, then resume). */
	const char *name;
	/* The event it fires; NULL = choose among the rows that move the
	 * selected task (a chooser of its table: "move"). */
	const char *event;
	int key;                  /* its default key (a curses code: 'a') */
	const char *help;         /* one line for the help screen and `keys` */
	const char *footer;       /* a short word for the footer; NULL = help only */
	lw_action_scope scope;
	/* The prompt's label, a template: %S the system ("alpha/liza"), %n its
	 * name ("liza"), %i " in PROJECT" with several projects, %s the subject,
	 * %t the status the operator saw, %a who acts, %% a percent sign; a
	 * number after % cuts the value ("%40s"). */
	const char *confirm;
	unsigned needs;           /* tx_needs (core/model/tx.h), or-ed with the row's */
	unsigned ask;             /* lw_action_ask */
	const char *question;     /* the second prompt's label when a question is needed */
	unsigned when, unless;    /* lw_wf_state bits all set / none set on the system's workflows */
	bool verdict;             /* offered in the review view's footer */
} lw_action;

/* The move chooser, the same in every system that has one: m lists the
 * rows of the selected task's table that change its state. */
#define LW_ACTION_MOVE                                                                                       \
	{ "move", NULL, 'm', "move: choose a phase or transition reachable from the selected task", "move",     \
	  LW_ACT_TASK, "%S:%40s (%20t) to", 0, LW_ASK_NOTE, NULL, 0, 0, false }

/* The state bits of a source's last good snapshot (all workflows or-ed). */
unsigned lw_action_state(const struct lw_source *src);
/* Does the system's state let this row apply (when/unless)? */
bool lw_action_state_ok(const lw_action *a, const struct lw_source *src);
/* A lever row (from NULL) for event in the adapter's tables (tx, then tx_more). */
const struct tx_row *lw_action_lever(const struct lw_adapter *ad, const char *event);
/* The first row named name of the adapter's with this scope, from *from on
 * (NULL: the start); NULL when none is left. */
const lw_action *lw_action_next(const struct lw_adapter *ad, const char *name, lw_action_scope scope,
                                const lw_action *from);
/* Every action name of the registry, each once, in registry order (the
 * first declaration of a name gives its key and words). Returns how many
 * (at most max). */
size_t lw_actions_all(const lw_action **out, size_t max);
/* Does event apply to a task in status of this adapter (its row exists and
 * the system's state lets a declared action of that event run)? For the
 * completions: only what could be written. */
bool lw_action_task_event_ok(const struct lw_source *src, const struct tx_table *t, const char *status,
                             const char *event);
/* Does lever event apply to the system now (its declared actions' state)? */
bool lw_action_lever_event_ok(const struct lw_source *src, const char *event);

#endif
