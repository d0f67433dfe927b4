/* cmd_review.c — `review TASK`: the task's timeline, then what its system
 * shows for review (for Liza: a stat of the files changed, then the patch),
 * plain text for a pipe, through $PAGER on a terminal as git does. Every
 * line is escaped; the diff streams from git as it comes. */
#include "cli/cli.h"
#include "core/review/review.h"
#include "core/review/review_git.h"
#include "core/review/review_stat.h"
#include "core/util/escape.h"
#include "core/util/inputs.h"
#include "core/util/timeparse.h"
#include "platform/platform.h"
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef struct out {
	FILE *f;
	bool color;
	strbuf esc;
} out;

/* SGR per kind; less -R passes these and nothing else we print. */
static const char *sgr(lw_rkind k)
{
	switch (k) {
	case RK_HEAD: return "\033[1m";
	case RK_NOTE: return "\033[2m";
	case RK_WARN: return "\033[33m";
	case RK_FILE: return "\033[1m";
	case RK_META: return "\033[1m";
	case RK_HUNK: return "\033[36m";
	case RK_ADD: return "\033[32m";
	case RK_DEL: return "\033[31m";
	case RK_CUT: return "\033[7m";
	default: return NULL;
	}
}

static void put(out *o, lw_rkind kind, const char *s, size_t len)
{
	strbuf_reset(&o->esc);
	esc_term(&o->esc, s, len, true);
	const char *c = o->color ? sgr(kind) : NULL;
	if (c)
		fputs(c, o->f);
	if (o->esc.len)
		fwrite(o->esc.buf, 1, o->esc.len, o->f);
	if (c)
		fputs("\033[m", o->f);
	fputc('\n', o->f);
}

/* The patch is kept until git is done (bounded by the cut), so the stat
 * counted from it can come first, as git prints it. */
typedef struct patch {
	lw_rlines lines;
	lw_diffstat stat;
} patch;

static void keep_line(lw_rkind kind, const char *line, size_t len, void *ctx)
{
	patch *p = ctx;
	lw_diffstat_line(&p->stat, kind, line, len);
	lw_rlines_add(&p->lines, kind, line, len);
}

static void put_lines(out *o, const lw_rlines *l)
{
	for (size_t i = 0; i < l->n; i++)
		put(o, l->v[i].kind, lw_rlines_at(l, i), l->v[i].len);
}

/* The pager, when stdout is a terminal: $PAGER split on blanks and run
 * without a shell, else less; "cat" or empty means none. */
static pid_t start_pager(FILE **f)
{
	const char *pager = lw_getenv("PAGER");
	if (!pager)
		pager = "less";
	char buf[512];
	snprintf(buf, sizeof buf, "%s", pager);
	char *argv[16];
	int argc = 0;
	for (char *tok = strtok(buf, " \t"); tok && argc < 15; tok = strtok(NULL, " \t"))
		argv[argc++] = tok;
	argv[argc] = NULL;
	if (argc == 0 || strcmp(argv[0], "cat") == 0)
		return -1;
	if (!lw_getenv("LESS"))
		setenv("LESS", "FRX", 1);   /* as git: quit when it fits, keep colour, leave the screen */
	if (!lw_getenv("LV"))
		setenv("LV", "-c", 1);
	int p[2];
	if (platform_pipe(p) < 0)
		return -1;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[0], 0);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(p[0]);
	if (rc != 0) {
		close(p[1]);
		return -1;
	}
	*f = fdopen(p[1], "w");
	if (!*f) {
		close(p[1]);
		return -1;
	}
	return pid;
}

static void end_pager(out *o, pid_t pid)
{
	if (pid <= 0)
		return;
	fclose(o->f);
	o->f = stdout;
	int st;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
}

static int cmd_review(const lw_opts *o, const cli_args *a)
{
	bool no_pager = cli_args_has(a, "no-pager");
	size_t max_lines = 0;
	const char *max = cli_args_value(a, "max-lines");
	if (max) {
		char *end;
		long v = strtol(max, &end, 10);
		if (!*max || *end || v < 1 || v > 100000000) {
			cli_error("--max-lines=%s: give a count from 1 to 100000000", max);
			return EXIT_USAGE;
		}
		max_lines = (size_t)v;
	}
	if (a->argc != 1) {
		cli_commands_usage(stderr, a->cmd);
		return EXIT_USAGE;
	}
	lw_project p;
	if (cli_open_project(o, &p) < 0)
		return EXIT_IO;
	const lw_source *src;
	const lw_task *t;
	char msg[1024];
	int rc = EXIT_OK;
	if (lw_project_resolve(&p, a->argv[0], &src, &t, msg, sizeof msg) < 0 || !t) {
		cli_error("%s", t || msg[0] ? msg : "review needs a task, not a system");
		lw_project_close(&p);
		return EXIT_USAGE;
	}
	lw_review rv;
	lw_review_init(&rv);
	if (lw_review_build(&p, src, t, &rv) < 0) {
		/* Nothing ran: say why, escaped (the value came from a state file). */
		strbuf e;
		strbuf_init(&e);
		esc_term(&e, rv.refusal, strlen(rv.refusal), true);
		cli_error("review: %s", e.buf ? e.buf : "refused");
		strbuf_free(&e);
		lw_review_free(&rv);
		lw_project_close(&p);
		return EXIT_DENIED;
	}
	/* git first: a failure to start it is said before the pager opens. */
	lw_git_job job;
	bool running = false;
	if (rv.has_diff) {
		if (lw_git_diff_start(&job, rv.repo, rv.base, rv.head, max_lines, msg, sizeof msg) < 0) {
			cli_error("review: %s", msg);
			lw_review_free(&rv);
			lw_project_close(&p);
			return EXIT_IO;
		}
		running = true;
	}
	out w = { .f = stdout };
	strbuf_init(&w.esc);
	pid_t pager = -1;
	bool tty = isatty(STDOUT_FILENO);
	if (tty && !no_pager)
		pager = start_pager(&w.f);
	w.color = tty && !o->no_color;
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);   /* a pager quit early: stop, do not die */

	char head[1024];
	snprintf(head, sizeof head, "%s:%s  %s  %s", t->system, t->id, t->status ? t->status : "",
	         t->title ? t->title : "");
	put(&w, RK_HEAD, head, strlen(head));
	put(&w, RK_HEAD, "Timeline", 8);
	lw_rlines tl;
	lw_rlines_init(&tl);
	lw_review_timeline(&rv, lw_now(), &tl);
	put_lines(&w, &tl);
	lw_rlines_free(&tl);
	put_lines(&w, &rv.body);
	if (running) {
		patch pt;
		lw_rlines_init(&pt.lines);
		lw_diffstat_init(&pt.stat);
		while (!job.done) {
			lw_git_job_wait(&job, -1);
			lw_git_job_pump(&job, keep_line, &pt);
		}
		lw_rlines st;
		lw_rlines_init(&st);
		lw_diffstat_render(&pt.stat, &st);
		put_lines(&w, &st);
		put_lines(&w, &pt.lines);
		lw_rlines_free(&st);
		lw_rlines_free(&pt.lines);
		lw_diffstat_free(&pt.stat);
		const char *res = job.done ? lw_git_job_result(&job, msg, sizeof msg) : NULL;
		if (res) {
			put(&w, job.cut ? RK_CUT : RK_WARN, res, strlen(res));
			if (!job.cut) {
				strbuf e;
				strbuf_init(&e);
				esc_term(&e, res, strlen(res), true);
				cli_error("review: %s", e.buf);
				strbuf_free(&e);
				rc = EXIT_IO;
			}
		}
		lw_git_job_free(&job);
	}
	fflush(w.f);
	end_pager(&w, pager);
	signal(SIGPIPE, old);
	strbuf_free(&w.esc);
	lw_review_free(&rv);
	lw_project_close(&p);
	return rc;
}

static const cli_option review_opts[] = {
	{ "no-pager", 0, no_argument, NULL, "never through $PAGER" },
	{ "max-lines", 0, required_argument, "N", "cut the patch after N lines (default 200000)" },
	{ NULL, 0, 0, NULL, NULL },
};

const cli_command cmd_review_entry = {
	"review", "TASK [--no-pager] [--max-lines N]",
	"the work under review (liza: the git diff), its evidence and its timeline", NULL, review_opts,
	"subjects", cmd_review, false, false,
};
