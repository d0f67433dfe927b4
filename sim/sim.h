/* sim.h — the demo's simulated agent teams.
 *
 * Why a layer of its own (sim/) and not core/: the simulator stands where
 * the real agents' scripts stand. It is a *client* of core — it takes the
 * system's lock, reads the state file, decides, and writes through core's
 * editor and store exactly as those scripts would — and core never calls it
 * (the product watches real agents; the simulator is only the demo's cast).
 * Keeping it out of core keeps core's job "model, loaders, checks, operator
 * transitions" whole, and keeps the cast's made-up names and texts out of
 * the code that judges real state. Callers: cli/cmd_demo.c and the tests.
 *
 * Adding a system to the demo is one file in its folder defining a
 * sim_system (its tick writes what that system's agents write), named by
 * its adapter's .sim. The runner detects each system with its adapter, so a
 * project holding several systems gets all their teams at once.
 *
 * The simulator never executes anything it reads from a state file: state
 * is data, parsed into the document tree and compared, nothing more. */
#ifndef LW_SIM_H
#define LW_SIM_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <sys/types.h>
#include "core/model/adapter.h"

/* ---- randomness: one seeded generator per team, so a seed replays a run ---- */
typedef struct sim_rng {
	uint64_t s;
} sim_rng;

void sim_rng_seed(sim_rng *r, uint64_t seed);
uint64_t sim_rand(sim_rng *r);
unsigned sim_below(sim_rng *r, unsigned n);          /* uniform in [0, n); 0 when n is 0 */
bool sim_chance(sim_rng *r, unsigned percent);
void sim_hex(sim_rng *r, char *out, size_t digits);  /* a commit id: digits hex + NUL */

/* ---- one system's simulated team ---- */
typedef struct sim_system {
	const lw_adapter *adapter;   /* detection, and the name used in messages */
	size_t mem_size;             /* the team's memory between ticks, zeroed at start */
	/* One tick at now, on the system's state folder root: at most one
	 * action, under the system's lock, acting on what it has just read.
	 * Returns 0 with what happened in line (empty when the team only kept
	 * its heartbeats), or -1 with err (the tick wrote nothing). */
	int (*tick)(void *mem, const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err);
} sim_system;

/* A tick for any system with a transition table (sim_generic.c): one
 * agent's move, fired through the adapter's own transition. A system's
 * sim_system (in its folder, named by its adapter's .sim) may simply call it. */
int sim_generic_tick(const lw_adapter *ad, const char *root, time_t now, sim_rng *rng, char *line, size_t n,
                     lw_error *err);

/* ---- the team of a project: every system detected in dir ---- */
typedef struct sim_team_member {
	const sim_system *sys;
	char root[LW_PATH_MAX];
	char label[64];       /* "" or "liza-go/": before the system's name in its lines */
	void *mem;
} sim_team_member;

typedef struct sim_team {
	sim_rng rng;
	sim_team_member m[LW_MAX_SOURCES];
	size_t n;
} sim_team;

/* Detect the systems in dir. -1 with err when none can be simulated. */
int sim_team_open(sim_team *t, const char *dir, uint64_t seed, lw_error *err);
/* Add the systems of one more project; label (or NULL) starts their lines.
 * -1 with err when none can be simulated there. */
int sim_team_add(sim_team *t, const char *dir, const char *label, lw_error *err);
void sim_team_close(sim_team *t);
/* Tick every member once at now; report(line) for each action taken and
 * each failure ("liza: …"). Returns how many members failed. */
typedef void (*sim_report_fn)(const char *line, void *ctx);
size_t sim_team_tick(sim_team *t, time_t now, sim_report_fn report, void *ctx);

/* ---- the foreground loop ---- */
typedef struct sim_loop_opts {
	long ticks;           /* stop after this many (<= 0: until a signal) */
	int interval_ms;      /* each pause is drawn from [interval, 2 × interval] */
	pid_t parent;         /* > 0: stop when this process is no longer our parent */
	bool wait_first;      /* pause before the first tick (it was just taken elsewhere) */
	bool pausable;        /* SIGUSR1 pauses the ticks and resumes them (the demo's P key) */
	sim_report_fn report;
	void *ctx;
	void (*after_tick)(void *ctx);   /* NULL, or run after each tick (the demo's git) */
	void *after_ctx;
} sim_loop_opts;

/* Tick, sleep, tick… until SIGTERM, SIGINT or SIGHUP, the tick budget, or
 * the parent's death. Returns 0 (stopped as asked) or 1 (every tick of the
 * last ten failed: something is wrong with the files, say so and stop). */
int sim_loop(sim_team *t, const sim_loop_opts *o);

/* ---- the demo's sandbox: a private copy of the examples ---- */
/* Copy the tree at src into dst (created; must not exist), keeping file
 * modes; symbolic links are copied as links, other special files skipped. */
int sim_tree_copy(const char *src, const char *dst, lw_error *err);
/* Remove a tree (not following links). */
int sim_tree_remove(const char *path, lw_error *err);

/* Move the timestamps of every file under dir, outside .liza/, so each
 * file's newest reads as now (see sim_shift.c). */
int sim_shift_times(const char *dir, time_t now, lw_error *err);

/* Make the copy at top a git repository whose commits and worktrees are the
 * ones the Liza states of projects (folders under top) name, and rewrite
 * their made-up commit ids to the real ones (see sim_git.c). -1 with why
 * when git is missing or fails: the demo runs on without real diffs. */
int sim_git_make(const char *top, const char *const *projects, size_t n, char *why, size_t why_n);
/* After a tick: a review commit the team made up in proj's shell-era Liza
 * state becomes a real commit in the task's worktree (made one if it is a
 * plain folder), and the state names the real id, under the state's lock.
 * 0, or -1 when the state cannot be read or written. */
int sim_git_sync(const char *top, const char *proj);

#endif
