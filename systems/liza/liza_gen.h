/* liza_gen.h — one generation of Liza, as the adapter sees it. Two
 * generations write the same `.liza/` folder: the shell-era scripts
 * (systems/liza/shell/, liza_*) and today's Go program (systems/liza/go/,
 * lizago_*). Each room fills one liza_generation; the adapter
 * (liza_adapter.c) and the loader (liza_gen.c) reach a room only through
 * it. state.yaml is parsed once per load (liza_gen.c), liza_detect says
 * which generation wrote it, and the typed state that generation's loader
 * fills starts with a pointer to its liza_generation: the generation is
 * recorded in the snapshot, and checks, detail, review and transitions
 * dispatch by it. docs/design.md ("Liza's two rooms") explains why.
 *
 * This header is the narrow waist: both rooms include it, it includes
 * neither room. */
#ifndef LW_LIZA_GEN_H
#define LW_LIZA_GEN_H
#include <sys/stat.h>
#include "core/model/adapter.h"

typedef enum liza_gen_id { LIZA_GEN_SHELL = 0, LIZA_GEN_GO = 2 } liza_gen_id;

/* A number field the file does not have. */
#define LIZA_UNSET (-1LL)

/* What the loader read of `.liza/state.yaml`, once, for the generation
 * that wrote it. */
typedef struct liza_read {
	const char *dir;          /* the `.liza` folder */
	const char *state_path;   /* its state.yaml, in the snapshot's memory */
	/* The parse (adopted by the snapshot). NULL: the file is the very one
	 * prev parsed (the generation's unchanged() said so): stand on prev. */
	doc *d;
	size_t len;               /* bytes read */
	bool patched;             /* d is prev's parse with one task parsed again… */
	size_t changed;           /* …this one (doc_reparse_item) */
	bool have_stat;
	struct stat sb;           /* state.yaml's stat before it was read */
} liza_read;

/* The verdict fields the review shows (liza_review.c), from either
 * generation's task. */
typedef struct liza_review_fields {
	const char *status, *reviewing_by, *approved_by, *rejection_reason, *done_when, *worktree, *base_commit,
		*review_commit;
	long long cycles, cycles_total;   /* LIZA_UNSET (-1) when the task has none */
} liza_review_fields;

/* What a caller already holds of state.yaml when it fires a transition
 * (its last good snapshot, or the one parse liza_transition made): the
 * transition prepares its edit on it before taking the lock, and under the
 * lock only compares the file with d's bytes (d->src, d->len) to reuse
 * that work. */
typedef struct liza_held {
	doc *d;                   /* a parse of state.yaml (unpatched), or NULL */
	bool detected;            /* d is known to be this generation's file */
	const void *sys;          /* the snapshot's typed state, or NULL */
} liza_held;

typedef struct liza_generation {
	const char *name;         /* "shell era", "today's Liza (Go)" */
	liza_gen_id id;
	/* Fill snap (snap->sys: the typed state, starting with a pointer to
	 * this struct). prev: the last good snapshot when this generation
	 * loaded it, else NULL. -1 with err when the load failed as a whole. */
	int (*load)(const liza_read *in, lw_snapshot *prev, lw_snapshot *snap, lw_error *err);
	/* Optional: is state.yaml (sb) the very file prev_sys parsed? Then the
	 * loader skips reading it (in->d NULL). */
	bool (*unchanged)(const void *prev_sys, const struct stat *sb);
	/* Optional: prev_sys's parse of state.yaml and its tasks sequence, for
	 * the loader to parse one edited task alone (doc_reparse_item). */
	doc *(*parse_of)(const void *prev_sys, const doc_node **tasks);
	/* Optional, for a generation without parse_of: the parse its snapshot
	 * was built from, for a transition to prepare its edit on (liza_held);
	 * the loader lends it nothing. */
	doc *(*held_parse)(const void *sys);
	/* Alerts over a loaded snapshot (sys NULL: only its load problems). */
	void (*check)(const void *sys, const lw_snapshot *snap, lw_check_ctx *ctx);
	/* The transition table a task of this state moves by (every lw_task
	 * the load makes carries it as ->tx). */
	const tx_table *(*table)(const void *sys);
	/* Apply one transition to dir's state under its lock; it reads the
	 * file again there and refuses ("look again") when the other
	 * generation wrote it since. */
	int (*transition)(const char *dir, const tx_request *rq, tx_result *res);
	/* Optional: the same, with what the caller holds (liza_held). */
	int (*transition_held)(const char *dir, const liza_held *held, const tx_request *rq, tx_result *res);
	/* Optional: the detail view's lines for task t. */
	void (*detail)(const void *sys, const lw_task *t, time_t now, strbuf *out);
	/* The verdict fields of t, false when the state has no such task. */
	bool (*review)(const void *sys, const lw_task *t, liza_review_fields *out);
	const char *(*log_path)(const void *sys);
	/* Which liza.* settings its checks read: the rows of liza_settings.h
	 * whose readers hold this bit (LIZA_READ_SHELL, LIZA_READ_GO). */
	unsigned reads;
} liza_generation;

/* The generation recorded in a loaded typed state (snapshot->sys), NULL
 * for none. */
static inline const liza_generation *liza_gen_of(const void *sys)
{
	return sys ? *(const liza_generation *const *)sys : NULL;
}

/* Which generation wrote this parse of state.yaml (liza_detect.c): today's
 * Liza by the keys and statuses only it writes, else the shell era. */
liza_gen_id liza_detect(const doc *d);
/* The same for <dir>/state.yaml as it is now; LIZA_GEN_SHELL when it does
 * not read or parse. For a write without a lock on the state (a shell-era
 * lever) and for callers without a snapshot. */
liza_gen_id liza_detect_file(const char *dir);

/* The adapter-wide entry points (liza_gen.c, liza_adapter.c, liza_review.c). */
extern const lw_adapter lw_adapter_liza;
/* Load dir (the `.liza` folder): read and parse state.yaml once, detect
 * its generation, hand it to that generation's loader. prev, the last good
 * snapshot (or NULL), lets an unchanged file be skipped and one edited
 * task be parsed alone. */
int liza_load(const char *dir, lw_snapshot *prev, lw_snapshot *snap, lw_error *err);
/* A transition for a caller without a snapshot (tests, tools): the file
 * says which generation; the adapter chooses by its last good snapshot. */
int liza_transition(const char *dir, const tx_request *rq, tx_result *res);
/* The same for a caller holding a snapshot of dir (its last good one,
 * NULL for none): the generation it recorded chooses, and the transition
 * reuses its parse of state.yaml while the file still has those bytes. */
int liza_transition_from(const char *dir, const lw_snapshot *good, const tx_request *rq, tx_result *res);
/* The review provider: the change under review and the timeline. */
int liza_review(const lw_source *src, const lw_task *t, const char *project, struct lw_review *rv);

#endif
