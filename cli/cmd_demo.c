/* cmd_demo.c — `demo`: what a newcomer runs first. The bundled examples are
 * copied to a private temporary folder (the originals are never written),
 * a simulated agent team is forked to write that copy every second or two
 * under the systems' own locks, and the HUD opens on it, so the board, the
 * alerts and the approve/reject keys are live from the first second.
 *
 * `demo --no-hud DIR` runs only the team, in the foreground, on a project
 * that already exists: for tests, and for long soak runs next to a HUD. */
#include "core/util/inputs.h"
#include "core/util/dirlist.h"
#include "cli/cli.h"
#include "core/model/fleet.h"
#include "core/model/adapter.h"
#include "core/util/timeparse.h"
#include "sim/sim.h"
#include "tui/tui.h"
#include "platform/platform.h"
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct demo_opts {
	bool keep;
	bool liza_go;             /* the HUD on the copy's liza-go/ project */
	const char *no_hud_dir;
	uint64_t seed;
	long ticks;
	int interval_ms;
} demo_opts;

static bool parse_num(const char *opt, const char *s, long long lo, long long hi, long long *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi) {
		cli_error("demo: %s %s: give a whole number from %lld to %lld", opt, s, lo, hi);
		return false;
	}
	*out = v;
	return true;
}

static int parse(const cli_args *a, demo_opts *d)
{
	bool no_hud = cli_args_has(a, "no-hud"), seeded = cli_args_has(a, "seed");
	const char *v;
	long long n;
	d->keep = cli_args_has(a, "keep");
	d->liza_go = cli_args_has(a, "liza-go");
	if ((v = cli_args_value(a, "seed"))) {
		if (!parse_num("--seed", v, 0, 0x7fffffffffffffffLL, &n))
			return EXIT_USAGE;
		d->seed = (uint64_t)n;
	}
	if ((v = cli_args_value(a, "ticks"))) {
		if (!parse_num("--ticks", v, 1, 1000000000LL, &n))
			return EXIT_USAGE;
		d->ticks = (long)n;
	}
	if ((v = cli_args_value(a, "interval"))) {
		if (!parse_num("--interval", v, 1, 600000, &n))
			return EXIT_USAGE;
		d->interval_ms = (int)n;
	}
	if (no_hud && a->argc == 1) {
		d->no_hud_dir = a->argv[0];
	} else if (a->argc > 0 || no_hud) {
		cli_error(no_hud ? "demo: --no-hud needs one folder" : "demo: unexpected argument '%s'",
		          a->argc > 0 ? a->argv[0] : "");
		return EXIT_USAGE;
	}
	if (!no_hud && d->ticks) {
		cli_error("demo: --ticks goes with --no-hud");
		return EXIT_USAGE;
	}
	if (no_hud && d->keep) {
		cli_error("demo: --keep goes with the HUD (--no-hud makes no copy)");
		return EXIT_USAGE;
	}
	if (!seeded)
		d->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	return EXIT_OK;
}

/* ---- --no-hud: the team in the foreground ---- */

static void print_line(const char *line, void *ctx)
{
	FILE *f = ctx;
	char ts[32];
	fprintf(f, "%s %s\n", lw_format_time(lw_now(), ts, sizeof ts), line);
	fflush(f);
}

static int run_team_only(const demo_opts *d)
{
	sim_team team;
	lw_error err;
	lw_error_clear(&err);
	char msg[1200], dir[LW_PATH_MAX];
	/* The project's canonical root, as every other command uses: the
	 * team's writes (temps, locks, commit records) are named from it. */
	lw_fleet_resolve(d->no_hud_dir, dir, sizeof dir);
	if (sim_team_open(&team, dir, d->seed, &err) < 0) {
		cli_error("demo: %s", lw_error_format(&err, msg, sizeof msg));
		return EXIT_UNREADABLE;
	}
	fprintf(stdout, "liza-watch demo: simulated team on %s, seed %llu\n", dir,
	        (unsigned long long)d->seed);
	fflush(stdout);
	sim_loop_opts lo = { .ticks = d->ticks, .interval_ms = d->interval_ms, .report = print_line, .ctx = stdout };
	int rc = sim_loop(&team, &lo);
	sim_team_close(&team);
	if (rc) {
		cli_error("demo: ten ticks in a row failed; stopping (the reasons are above)");
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* ---- the HUD on a copy ---- */

#define DEMO_PACE_MS 4000

/* The child: the team, writing the copy until the HUD stops it — or dies:
 * the platform's lifeline (platform/platform.h), and a getppid() check every
 * tick everywhere. */
/* After each tick, the review commits the Liza team made up are made real
 * commits in the copy's repository, so v keeps showing real diffs. */
static void keep_git_real(void *ctx)
{
	const char *proj = ctx;
	sim_git_sync(proj, proj);
}

static void team_child(sim_team *team, pid_t parent, platform_lifeline *life, FILE *log, int interval_ms,
                       const char *git_top)
{
	if (!platform_lifeline_child(life, parent, SIGTERM))
		_exit(0);   /* the parent died before the lifeline held */
	/* The terminal belongs to the HUD: no reading from it, no writing on it. */
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0)
		dup2(null, STDIN_FILENO);
	dup2(fileno(log), STDOUT_FILENO);
	dup2(fileno(log), STDERR_FILENO);
	signal(SIGINT, SIG_IGN);   /* ^C is the HUD's to handle; it stops us with SIGTERM */
	/* A pace a person can follow (a move every 4-8 s), and P in the HUD
	 * pauses it (SIGUSR1). */
	sim_loop_opts lo = { .parent = parent, .wait_first = true, .interval_ms = interval_ms, .pausable = true,
	                     .report = print_line, .ctx = log, .after_tick = git_top ? keep_git_real : NULL,
	                     .after_ctx = (void *)git_top };
	int rc = sim_loop(team, &lo);
	sim_team_close(team);
	fclose(log);
	if (null >= 0)
		close(null);
	exit(rc ? EXIT_IO : EXIT_OK);
}

/* SIGTERM, then a little patience, then SIGKILL. Returns the wait status. */
static int stop_child(pid_t pid)
{
	int status = 0;
	kill(pid, SIGTERM);
	for (int i = 0; i < 300; i++) {
		pid_t r = waitpid(pid, &status, WNOHANG);
		if (r == pid || (r < 0 && errno != EINTR))
			return status;
		struct timespec ts = { 0, 10 * 1000000L };
		nanosleep(&ts, NULL);
	}
	kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

/* The last line of the team's log, to say why it stopped early. */
static void last_log_line(const char *path, char *out, size_t n)
{
	out[0] = '\0';
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	char line[1024];
	while (fgets(line, sizeof line, f))
		if (line[0] != '\n')
			snprintf(out, n, "%.*s", (int)strcspn(line, "\n"), line);
	fclose(f);
}

static int make_sandbox(const char *examples, char *base, size_t bn, char *proj, size_t pn)
{
	const char *tmp = lw_getenv("TMPDIR");
	if ((size_t)snprintf(base, bn, "%s/liza-watch-demo.XXXXXX", tmp && *tmp ? tmp : "/tmp") >= bn ||
	    !mkdtemp(base)) {
		cli_error("demo: cannot create a temporary folder in %s: %s", tmp && *tmp ? tmp : "/tmp",
		          strerror(errno));
		return -1;
	}
	/* Named "examples", so the HUD's header reads as the project it is. */
	snprintf(proj, pn, "%s/examples", base);
	lw_error err;
	lw_error_clear(&err);
	if (sim_tree_copy(examples, proj, &err) < 0 || sim_shift_times(proj, lw_now(), &err) < 0) {
		char msg[1200];
		cli_error("demo: copying the examples: %s", lw_error_format(&err, msg, sizeof msg));
		sim_tree_remove(base, &err);
		return -1;
	}
	/* A real repository with the worktrees and commits the states name, so
	 * v shows a real diff; without git the demo runs on and says why. */
	char go[LW_PATH_MAX + 32], why[256];
	snprintf(go, sizeof go, "%s/liza-go", proj);
	const char *projects[] = { proj, go };
	if (sim_git_make(proj, projects, lw_is_dir(go) ? 2 : 1, why, sizeof why) < 0)
		cli_error("demo: %s", why);
	return 0;
}

/* The demo's projects: the bundled one (shell-era Liza and the four other
 * systems) and, inside it, liza-go/ (today's Liza); --liza-go: that one alone. */
static size_t demo_projects(const demo_opts *d, const char *proj, char dirs[2][LW_PATH_MAX + 32])
{
	snprintf(dirs[0], sizeof dirs[0], "%s%s", proj, d->liza_go ? "/liza-go" : "");
	if (d->liza_go)
		return 1;
	snprintf(dirs[1], sizeof dirs[1], "%s/liza-go", proj);
	return lw_is_dir(dirs[1]) ? 2 : 1;
}

static int run_hud(const lw_opts *o, const demo_opts *d, const char *proj, const char *log_path)
{
	char dirs[2][LW_PATH_MAX + 32];
	size_t ndirs = demo_projects(d, proj, dirs);
	lw_error err;
	lw_error_clear(&err);
	char msg[1200];
	sim_team team;
	FILE *log = fopen(log_path, "a");
	if (!log || sim_team_open(&team, dirs[0], d->seed, &err) < 0 ||
	    (ndirs > 1 && sim_team_add(&team, dirs[1], "liza-go/", &err) < 0)) {
		cli_error("demo: %s", log ? lw_error_format(&err, msg, sizeof msg) : strerror(errno));
		if (log)
			fclose(log);
		return EXIT_IO;
	}
	fprintf(log, "seed %llu (replay with: liza-watch demo --seed %llu)\n", (unsigned long long)d->seed,
	        (unsigned long long)d->seed);
	/* The first tick here, before the HUD loads: it brings the example's
	 * times to the present, so the HUD never opens on stale alerts. */
	sim_team_tick(&team, lw_now(), print_line, log);
	if (!d->liza_go)
		sim_git_sync(proj, proj);
	fflush(NULL);
	platform_lifeline life;
	pid_t parent = getpid(), pid = platform_lifeline_open(&life) < 0 ? -1 : fork();
	if (pid == 0)
		team_child(&team, parent, &life, log, d->interval_ms > 0 ? d->interval_ms : DEMO_PACE_MS,
		           d->liza_go ? NULL : proj);   /* today's Go Liza keeps its own ids (its receipts) */
	platform_lifeline_parent(&life);
	sim_team_close(&team);
	fclose(log);
	if (pid < 0) {
		cli_error("demo: cannot start the simulated team: %s", strerror(errno));
		return EXIT_IO;
	}
	lw_opts ho = *o;
	ho.dir = dirs[0];
	ho.ndirs = 0;
	ho.from_config = false;   /* every folder here is a project: none may be passed over */
	if (ndirs > 1) {
		for (size_t i = 0; i < ndirs; i++)
			ho.dirs[i] = dirs[i];
		ho.ndirs = ndirs;
	}
	lw_fleet f;
	int rc = EXIT_UNREADABLE;
	if (cli_open_fleet(&ho, &f, false) == 0) {
		rc = cmd_hud_run(o, &f, "DEMO: simulated agents", (int)pid);
		lw_fleet_free(&f);
	}
	int status = stop_child(pid);
	platform_lifeline_close(&life);
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
		char last[1024];
		last_log_line(log_path, last, sizeof last);
		cli_error("demo: the simulated team stopped early: %s", last[0] ? last : "(no message)");
	}
	return rc;
}

static int cmd_demo(const lw_opts *o, const cli_args *a)
{
	demo_opts d = { 0 };
	int rc = parse(a, &d);
	if (rc)
		return rc;
	if (d.no_hud_dir)
		return run_team_only(&d);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		cli_error("demo: the HUD needs a terminal (for the team alone: demo --no-hud DIR)");
		return EXIT_USAGE;
	}
	char examples[LW_PATH_MAX], tried[2 * LW_PATH_MAX + 8];
	if (!data_path_find(o->argv0, "examples", examples, sizeof examples, tried, sizeof tried)) {
		cli_error("demo: no examples folder (looked in %s); run it from the build tree or install", tried);
		return EXIT_UNREADABLE;
	}
	char base[LW_PATH_MAX], proj[LW_PATH_MAX + 16], log_path[LW_PATH_MAX + 16];
	if (make_sandbox(examples, base, sizeof base, proj, sizeof proj) < 0)
		return EXIT_IO;
	snprintf(log_path, sizeof log_path, "%s/simulator.log", base);
	rc = run_hud(o, &d, proj, log_path);
	lw_error err;
	lw_error_clear(&err);
	if (d.keep) {
		printf("liza-watch demo: kept the projects in %s (the team's log: %s)\n", proj, log_path);
	} else if (sim_tree_remove(base, &err) < 0) {
		char msg[1200];
		cli_error("demo: could not remove the demo's copy in %s: %s", base, lw_error_format(&err, msg, sizeof msg));
	}
	return rc;
}

static const cli_option demo_opts_table[] = {
	{ "keep", 0, no_argument, NULL, "keep the copy and the team's log" },
	{ "liza-go", 0, no_argument, NULL, "a project of today's Go Liza instead" },
	{ "no-hud", 0, no_argument, NULL, "only the simulated team, writing DIR's state" },
	{ "seed", 0, required_argument, "N", "replay the team's choices" },
	{ "ticks", 0, required_argument, "N", "stop after N ticks (with --no-hud)" },
	{ "interval", 0, required_argument, "MS", "the wait between ticks" },
	{ NULL, 0, 0, NULL, NULL },
};

const cli_command cmd_demo_entry = {
	"demo", "[--keep] [--seed N] [--interval MS] [--liza-go]\n--no-hud DIR [--seed N] [--ticks N] [--interval MS]",
	"the HUD on a copy of the examples, with simulated agents",
	"Copies the bundled examples to a temporary folder, starts a simulated agent\n"
	"team that claims, submits, reviews, rejects and merges tasks there every 4-8 s\n"
	"(under the same lock the real agents take), and opens the HUD on its two\n"
	"projects: examples/ (the five systems, Liza as its shell scripts left it) and\n"
	"examples/liza-go/ (today's Liza, the Go program); the header says DEMO, and P\n"
	"pauses the team and resumes it. A task always waits in review for you: approve\n"
	"(a) or reject (r) it, after v shows its change (the copy is made a git\n"
	"repository with the worktrees and commits the states name). On quit the team\n"
	"stops and the copy is removed.\n"
	"--no-hud DIR: no HUD, no copy: the team on DIR's own state, in the foreground,\n"
	"printing each action, until SIGINT/SIGTERM (tests, soak). --interval MS waits\n"
	"MS to 2 x MS between ticks (default 4000 with the HUD, 1000 with --no-hud).\n"
	"The examples are looked for beside the binary, then in " LW_DATADIR "/examples.\n",
	demo_opts_table, "dirs", cmd_demo, false, false,
};
