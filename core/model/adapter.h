/* adapter.h — what every state system provides: detection, the paths to
 * watch, a loader into a snapshot, and its checks. Sources and the project
 * (all sources of one directory) live here too. */
#ifndef LW_ADAPTER_H
#define LW_ADAPTER_H
#include "core/util/fileio.h"
#include "core/model/model.h"
#include "core/util/strbuf.h"
#include "core/model/tx.h"
#include "core/model/action.h"

typedef struct lw_source lw_source;
struct lw_review;
typedef void (*lw_watch_add_fn)(const char *path, bool is_dir, void *ctx);
struct lw_setting;            /* core/model/config.h */
struct lw_ask;                /* core/model/queue.h */
struct lw_queue;
struct sim_system;            /* sim/sim.h: the demo's team for this system */

/* An adapter declares everything about its system that the rest of the
 * program shows or asks: the usage text, `config`, the "no state found"
 * message, the completions and the demo read it from the registry
 * (systems/adapters.c), so no list of systems or events is kept elsewhere. */
typedef struct lw_adapter {
	const char *name;         /* short name used in alerts and TASK qualifiers */
	/* What detection looks for, as the user would see it in a listing
	 * (".liza/", ".rcs/state/, .omx/state/"): the "no state found" message. */
	const char *looks_for;
	/* Its full name ("RCS / oh-my-codex") and what it reads, one paragraph
	 * in plain text, `backquoted` file names: liza-watch(1)'s SYSTEMS list
	 * (`liza-watch __man systems`). */
	const char *title;
	const char *manual;
	/* Which upstream code its rules follow ("liza-mas/liza 0323e95 …"), or
	 * NULL: `--version` and `config` print it. */
	const char *follows;
	/* Its line in --help under `transition` (without the parentheses), or NULL. */
	const char *usage;
	/* Its config rows ("liza.stale-draft", …), appended to the general ones;
	 * rows name a field of its thresholds with LW_SYS_TH (core/model/config.h). */
	const struct lw_setting *settings;
	size_t nsettings;
	/* Its thresholds (core/model/thresholds.h): a struct of long longs of
	 * th_size bytes, and its built-in values; 0 and NULL when it has none. */
	const void *th_default;
	size_t th_size;
	/* A second transition table whose events the system also accepts (ACP's
	 * Jarvis FSM beside its core one), or NULL. */
	const struct tx_table *tx_more;
	/* What an operator can do to it (core/model/action.h): its keys in the
	 * HUD, their words in the help and footer, what each asks and when it
	 * applies. Events of its tables not declared here are still the CLI's
	 * (transition) and the move chooser's. */
	const lw_action *actions;
	size_t nactions;
	/* Its workflows' gauge counts work done (full = the goal reached), not
	 * use of a limit (full = red). */
	bool gauge_progress;
	/* What its gauge counts, for the help screen's legend: lines, NULL-ended
	 * (adapters sharing one array are named together: "rcs, aot"). */
	const char *const *gauge_legend;
	/* The demo's simulated team, or NULL (nobody writes its state in the demo). */
	const struct sim_system *sim;
	/* Is this system present in dir? On yes, fill root (its state folder). */
	bool (*detect)(const char *dir, char *root, size_t n);
	/* Tell the watcher which files and folders matter. */
	void (*watch_paths)(const lw_source *src, lw_watch_add_fn add, void *ctx);
	/* Read and parse into snap. -1 with err: the load failed as a whole. */
	int  (*load)(const lw_source *src, lw_snapshot *snap, lw_error *err);
	/* Derive alerts from a loaded snapshot at ctx->now. */
	void (*check)(const lw_source *src, const lw_snapshot *snap, lw_check_ctx *ctx);
	/* The system's transition table, and the function that applies a row
	 * (under the system's lock, compare-and-swap, atomic write). */
	const tx_table *tx;
	int  (*transition)(const lw_source *src, const tx_request *rq, tx_result *res);
	/* TASK after "system:" may name something that is not a task (an RCS
	 * workflow mode, active or not): resolution passes the name through
	 * and the adapter's transition validates it. */
	bool open_subjects;
	/* Optional: lines the detail view prints before the task's own fields,
	 * for what no field holds (a derived mode, an age at now), one per line. */
	void (*detail)(const lw_source *src, const lw_task *t, time_t now, strbuf *out);
	/* Optional: what follows from firing event on subject as `as`, in a
	 * sentence, for the prompt before the write (buf "" = nothing to say). */
	void (*advise)(const char *root, const char *event, const char *subject, const char *as, char *buf, size_t n);
	/* Optional: what an operator reviews before a verdict (the work, its
	 * evidence, its timeline) into a struct lw_review (core/review/review.h);
	 * project is the project folder. 0, or -1 when a value was refused. */
	int (*review)(const lw_source *src, const lw_task *t, const char *project, struct lw_review *rv);
	/* What waits for a human (core/model/queue.h), besides the tasks it
	 * marks awaiting_operator: the alert codes that ask one ({NULL} ends
	 * them), and an optional hook adding what no alert says (lw_queue_add). */
	const struct lw_ask *asks;
	void (*waits)(const lw_source *src, const lw_snapshot *snap, struct lw_queue *q);
} lw_adapter;

struct lw_source {
	const lw_adapter *adapter;
	char root[LW_PATH_MAX];    /* the system's state folder, as the user would write it */
	lw_snapshot *good;         /* last snapshot that loaded; NULL before the first */
	bool failed;               /* the last load failed: good (if any) is stale */
	lw_error error;            /* why, as file:line:col */
	time_t loaded_at;          /* lw_now() at the last successful load */
	unsigned generation;       /* bumped on every successful load */
};

#define LW_MAX_SOURCES 16
struct lw_activity;
typedef struct lw_project {
	char dir[LW_PATH_MAX];
	lw_source src[LW_MAX_SOURCES];
	size_t n;
	/* Who wants to hear what changed between two loads (the HUD's feed,
	 * `events --follow`), or NULL; label names the project in its lines. */
	struct lw_activity *activity;
	const char *label;
	/* The folder could not be opened (missing, not a folder, no access):
	 * a state of the project like any other, checked as project_gone, and
	 * opened again while watched (lw_project_reopen). dir holds the name
	 * as given, error why. */
	bool unreadable;
	lw_error open_error;
} lw_project;

/* The gauge legend of a loop with an iteration limit (gauge_legend), for
 * every system whose gauge is that. */
extern const char *const lw_gauge_loop_legend[];

/* Every adapter, in the order the header lists systems (systems/adapters.c). */
extern const lw_adapter *const lw_adapters[];

/* Detect every system present in dir. -1 with err when dir is not a directory. */
int  lw_project_open(lw_project *p, const char *dir, lw_error *err);
void lw_project_close(lw_project *p);
/* A project whose folder cannot be opened now: kept, unreadable, with why. */
void lw_project_open_unreadable(lw_project *p, const char *dir, const lw_error *why);
/* Try an unreadable project's folder again: 1 when it opened (its systems
 * detected, not loaded), 0 when still unreadable (or never was). */
int lw_project_reopen(lw_project *p);
/* Detect the systems not yet in p (state that appeared since): appended,
 * not loaded. Returns how many were added. */
size_t lw_project_detect(lw_project *p);
/* How many systems of the registry are not in p. */
size_t lw_project_missing(const lw_project *p);
/* What detection looks for, for "no state found" and "waiting for" lines. */
const char *lw_project_looked_for(void);
/* Load one source into a fresh snapshot; swapped in only when it loads.
 * Returns 0 or -1 (src->failed set, good kept). */
int  lw_project_reload(lw_project *p, size_t i);
/* Load every source; returns how many failed. */
size_t lw_project_load_all(lw_project *p);
/* Run every source's checks, plus a parse_error alert per failed source. */
void lw_project_check(const lw_project *p, lw_check_ctx *ctx);
/* Resolve TASK as written on the command line: "task-3", "liza:task-3", or
 * a system name alone ("liza", "liza:") for project-wide levers (*task is
 * then NULL). A qualified name of an open_subjects system that names no
 * task resolves too (*task NULL): the text after the colon is the subject.
 * 0 found; -1 with msg when unknown or when a bare id matches in two
 * systems (msg lists both). */
int lw_project_resolve(const lw_project *p, const char *spec, const lw_source **src, const lw_task **task,
                       char *msg, size_t n);
/* Run src's transition with the project's folder as the boundary of every
 * write (core/store/store.h, store_root_enter): what every caller uses,
 * never adapter->transition itself. Returns what the adapter returns;
 * res says what happened. */
int lw_transition(const char *project, const lw_source *src, const tx_request *rq, tx_result *res);
/* Find the source of a system by short name. */
lw_source *lw_project_source(lw_project *p, const char *system);
/* A path as a person reads it on the screen: below the project's root, the
 * part after "root/"; anywhere else, the path as it is. */
const char *lw_project_shown_path(const lw_project *p, const char *path);

#endif
