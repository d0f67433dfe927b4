/* helper_liza.h — shared by the Liza check tests: write a `.liza/` into a
 * fresh temp dir, load it with liza_load, run liza_check at a fixed clock,
 * and assert on the alerts. Every function is th_-prefixed (helpers are
 * linked into every test binary). */
#ifndef TH_LIZA_H
#define TH_LIZA_H
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_check.h"
#include "systems/liza/shell/liza_generation.h"
#include "systems/liza/shell/liza_invariants.h"
#include "systems/liza/shell/liza_tx.h"
#include "core/util/timeparse.h"

typedef struct th_run {
	char dir[256];            /* project dir (mkdtemp) */
	char liza[300];           /* dir/.liza */
	lw_snapshot *snap;        /* NULL until loaded */
	int load_rc;
	lw_error err;
	lw_alerts al;
	lw_check_ctx ctx;
	const lw_thresholds *th;  /* NULL = built in; th_recheck passes it on */
	bool bare;                /* th_load makes no worktree folders or spec files beside .liza */
} th_run;

/* "2026-01-20T10:00:00Z" → epoch; fails the test on a bad literal. */
time_t th_time(const char *iso);
/* A temp project with an empty .liza/. */
void th_open(th_run *r);
/* Write .liza/<name>. */
void th_write(th_run *r, const char *name, const char *text);
void th_remove(th_run *r, const char *name);
/* Set .liza/<name>'s mtime (utimensat). */
void th_set_mtime(th_run *r, const char *name, time_t t);
/* Load .liza/ (again) and check at now; returns liza_load's rc. */
int th_load(th_run *r, const char *now);
/* Re-run the checks on the loaded snapshot at another clock. */
void th_recheck(th_run *r, const char *now);
/* th_open + write state.yaml + th_load. */
int th_state(th_run *r, const char *state_yaml, const char *now);
/* Free everything and remove the temp dir. */
void th_close(th_run *r);

const lw_alert *th_find(const th_run *r, const char *code, const char *subject);
size_t th_count(const th_run *r, const char *code);       /* NULL code: all */
void th_dump(const th_run *r);                              /* to stderr */
/* Copy $LW_FIXTURES/<rel> (else tests/fixtures/<rel>) to .liza/<name>. */
void th_copy_fixture(th_run *r, const char *rel, const char *name);

void th_expect_at(const th_run *r, lw_level level, const char *code, const char *subject,
                  const char *fragment, const char *file, int line);
void th_expect_none_at(const th_run *r, const char *code, const char *subject, const char *file, int line);
#define TH_EXPECT(r, level, code, subject, fragment) \
	th_expect_at(r, level, code, subject, fragment, __FILE__, __LINE__)
/* subject NULL: no alert of that code at all */
#define TH_NONE(r, code, subject) th_expect_none_at(r, code, subject, __FILE__, __LINE__)

/* A valid, quiet state around the given blocks (each YAML at column 0 of
 * its section's contents, or NULL): goal g-1 IN_PROGRESS, sprint s-1. */
char *th_yaml(const char *tasks, const char *agents, const char *config, const char *extra);

/* Today's Liza (the Go generation): a pipeline of one coding pair, and a
 * quiet PAUSED state of one task t-1 (DRAFT_CODE) whose record ends with
 * task_lines (indented 4, after its `history: []`). */
extern const char th_go_pipeline[];
const char *th_go_state(const char *task_lines);

#endif
