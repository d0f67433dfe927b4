/* cli_commands.c — one entry per command (tmux's cmd_entry): its name, its
 * options, its synopsis, its help and what its operands complete to. The
 * global usage, `CMD --help`, the man page's synopsis (`__man commands`)
 * and both shell completions (`__complete commands|options CMD`) are made
 * from these entries, so a command cannot exist without all of them. */
#include "cli/cli.h"
#include "core/model/adapter.h"
#include <getopt.h>
#include <stdio.h>
#include <string.h>

static const cli_option no_opts[] = { { NULL, 0, 0, 0, NULL, NULL } };

static const cli_option check_opts[] = {
	{ "json", 'j', no_argument, 'j', NULL, "one JSON object: the alerts and every source" },
	{ "follow", 'f', no_argument, 'f', NULL, "keep watching: a line when an alert appears or clears" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option status_opts[] = {
	{ "tmux", 't', no_argument, 't', NULL, "tmux styles, every # from a state file doubled" },
	{ "json", 'j', no_argument, 'j', NULL, "one JSON object" },
	{ "follow", 'f', no_argument, 'f', NULL, "a new line whenever the line changes" },
	{ "format", 'F', required_argument, 'F', "FMT",
	  "long (every system and lane) or a template: %S %B %Y %A %R %K %D %T %W %Q %c %w %i %a %P %L %%" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option approve_opts[] = {
	{ "force", 'F', no_argument, 'F', NULL, "override another reviewer's live review lease" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option reject_opts[] = {
	{ "reason", 'r', required_argument, 'r', "TEXT", "why (required)" },
	{ "force", 'F', no_argument, 'F', NULL, "override another reviewer's live review lease" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option transition_opts[] = {
	{ "reason", 'r', required_argument, 'r', "TEXT", "a reason (reject, block, redirect, note)" },
	{ "question", 'Q', required_argument, 'Q', "TEXT", "a question for the planner (block)" },
	{ "force", 'F', no_argument, 'F', NULL, "override a guard that allows it" },
	{ "all-sessions", 0, no_argument, 'S', NULL, "rcs clear: every session, not only the current one" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option review_opts[] = {
	{ "no-pager", 0, no_argument, 'P', NULL, "never through $PAGER" },
	{ "max-lines", 0, required_argument, 'm', "N", "cut the patch after N lines (default 200000)" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option demo_opts[] = {
	{ "keep", 0, no_argument, 'k', NULL, "keep the copy and the team's log" },
	{ "liza-go", 0, no_argument, 'g', NULL, "a project of today's Go Liza instead" },
	{ "no-hud", 0, no_argument, 'n', NULL, "only the simulated team, writing DIR's state" },
	{ "seed", 0, required_argument, 's', "N", "replay the team's choices" },
	{ "ticks", 0, required_argument, 't', "N", "stop after N ticks (with --no-hud)" },
	{ "interval", 0, required_argument, 'i', "MS", "the wait between ticks" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option metrics_opts[] = {
	{ "output", 'o', required_argument, 'o', "FILE", "replace FILE atomically instead of printing" },
	{ "follow", 'f', no_argument, 'f', NULL, "keep FILE current (with --output)" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option events_opts[] = {
	{ "follow", 'f', no_argument, 'f', NULL, "each change from now on, as it is seen (alerts raised and cleared too)" },
	{ "json", 'j', no_argument, 'j', NULL, "one object a line: {project, system, subject, kind, from, to, time[, acked]}" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option queue_opts[] = {
	{ "json", 'j', no_argument, 'j', NULL, "one object a line: project, system, subject, kind, ask, who, since, waited, task, revision, added, removed, files" },
	{ "follow", 'f', no_argument, 'f', NULL, "keep watching: a line when an item arrives and when it leaves" },
	{ "sort", 0, required_argument, 's', "ORDER", "age (oldest first, the default), project, system or kind" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const cli_option export_opts[] = {
	{ "html", 0, required_argument, 'h', "FILE", "one self-contained HTML page (no script, no network)" },
	{ "json", 0, required_argument, 'j', "FILE", "the same content as one JSON document (- for stdout)" },
	{ "follow", 'f', no_argument, 'f', NULL, "rewrite FILE atomically on each change" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

const cli_command cli_commands[] = {
	{ "hud", "", "full-screen HUD (the default command)", NULL, no_opts, "", cmd_hud, true, false },
	{ "check", "[--json] [--follow]", "run every check once and print alerts",
	  "Exits 0 (no alert at WARN or above), 1 (WARN), 2 (CRIT), 3 (a state file or a\n"
	  "project could not be read).\n",
	  check_opts, "", cmd_check, true, false },
	{ "status", "[--tmux|--json] [--follow] [--format FMT|long]", "one-line summary (tmux status line, scripts)",
	  "--tmux alone fits tmux's default status-right-length of 40 columns, counts first\n"
	  "(over every project, the CRIT naming its project); --format long names every\n"
	  "project, system and lane.\n",
	  status_opts, "", cmd_status, true, false },
	{ "approve", "TASK [--force]", "approve a task awaiting review", NULL, approve_opts, "subjects=approve",
	  cmd_approve, false, false },
	{ "reject", "TASK --reason TEXT [--force]", "reject a task awaiting review (a reason is required)", NULL,
	  reject_opts, "subjects=reject", cmd_reject, false, false },
	{ "transition", "TASK EVENT [--reason TEXT] [--question TEXT] [--force] [--all-sessions]",
	  "any other transition of the system's table", NULL, transition_opts, "subjects events", cmd_transition,
	  false, false },
	{ "review", "TASK [--no-pager] [--max-lines N]",
	  "the work under review (liza: the git diff), its evidence and its timeline", NULL, review_opts,
	  "subjects", cmd_review, false, false },
	{ "demo", "[--keep] [--seed N] [--interval MS] [--liza-go]\n--no-hud DIR [--seed N] [--ticks N] [--interval MS]",
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
	  demo_opts, "",
	  cmd_demo, false, false },
	{ "metrics", "[--output FILE] [--follow]", "Prometheus text format (node_exporter's textfile collector)",
	  NULL, metrics_opts, "", cmd_metrics, true, false },
	{ "events", "[--follow] [--json]", "what happened: the files' logs, notes and task histories",
	  "Without --follow: what the state files record (logs, notes, task histories),\n"
	  "oldest first. With --follow: each change liza-watch sees from now on (statuses,\n"
	  "assignments, verdicts, agents, new log entries, alerts raised and cleared).\n",
	  events_opts, "", cmd_events, true, false },
	{ "queue", "[--json] [--follow] [--sort ORDER]", "every item waiting for a human, in every project, oldest first",
	  "Tasks in review or awaiting a verdict, runs paused or held for a human, gates\n"
	  "and stops that need a decision, from every system of every project watched:\n"
	  "how long each has waited, what is asked, who asks, and for work under review\n"
	  "its +added -removed and files changed (git). The HUD's queue view (w) lists\n"
	  "the same items.\n",
	  queue_opts, "", cmd_queue, true, false },
	{ "export", "--html FILE [--follow]\n--json FILE [--follow]", "a page to share: the projects' state as one HTML (or JSON) file",
	  "Writes workflows, board, agents, alerts with their explanations, the queue,\n"
	  "each task's record and the links between tasks, specs and worktrees (a link\n"
	  "to nothing shown as broken) into one self-contained HTML file: no script, no\n"
	  "network, no external asset; every string from a project escaped. --follow\n"
	  "rewrites it atomically (a temp file renamed in FILE's folder) on each change.\n"
	  "A FILE inside a project's state folders is refused.\n",
	  export_opts, "", cmd_export, true, false },
	{ "keys", "", "the HUD's key bindings, after the config's bind lines", NULL, no_opts, "", cmd_keys,
	  false, false },
	{ "config", "", "every setting in effect and the file that set it", NULL, no_opts, "", cmd_config,
	  false, false },
	/* Hidden: what the shell completions and man/gen ask. */
	{ "__complete", "WHAT [ARG]", "words for the shell completions", NULL, no_opts, "", cmd_complete,
	  false, true },
	{ "__man", "WHAT", "the man pages' generated lists", NULL, no_opts, "", cmd_man, false, true },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, false, false },
};

const cli_command *cli_commands_find(const char *name)
{
	for (const cli_command *c = cli_commands; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

enum { MAX_OPTS = 16 };

int cli_commands_getopt(int argc, char **argv, const cli_command *cmd)
{
	/* getopt_long keeps pointers into these between calls: one command
	 * parses at a time, so one static copy serves. */
	static struct option longopts[MAX_OPTS + 1];
	static char shortopts[2 * MAX_OPTS + 2];
	size_t n = 0, s = 0;
	for (const cli_option *o = cmd->opts; o->name && n < MAX_OPTS; o++, n++) {
		longopts[n] = (struct option){ o->name, o->has_arg, NULL, o->val };
		if (o->shortname) {
			shortopts[s++] = o->shortname;
			if (o->has_arg == required_argument)
				shortopts[s++] = ':';
		}
	}
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };
	shortopts[s] = '\0';
	return getopt_long(argc, argv, shortopts, longopts, NULL);
}

const cli_option *cli_commands_option(const cli_command *cmd, const char *arg)
{
	if (!arg || arg[0] != '-' || arg[1] != '-')
		return NULL;
	size_t len = strcspn(arg + 2, "=");
	for (const cli_option *o = cmd->opts; o->name; o++)
		if (strlen(o->name) == len && strncmp(o->name, arg + 2, len) == 0)
			return o;
	return NULL;
}

/* Each form of the synopsis (its lines) as "NAME FORM"; f(ctx, line). */
static void forms(const cli_command *c, void (*f)(void *, const char *), void *ctx)
{
	const char *s = c->synopsis;
	do {
		size_t n = strcspn(s, "\n");
		char line[200];
		snprintf(line, sizeof line, "%s%s%.*s", c->name, n ? " " : "", (int)n, s);
		f(ctx, line);
		s += n + (s[n] == '\n');
	} while (*s);
}

typedef struct usage_ctx {
	FILE *out;
	const char *prefix;
	bool summary_after;       /* the global usage: the summary beside or below */
	const char *summary;
	bool first;
} usage_ctx;

static void usage_form(void *ctx, const char *line)
{
	usage_ctx *u = ctx;
	if (u->summary_after) {
		char head[220];
		snprintf(head, sizeof head, "  %s", line);
		if (!u->first)
			fprintf(u->out, "%s\n", head);
		else if (strlen(head) < 29)
			fprintf(u->out, "%-29s%s\n", head, u->summary);
		else
			fprintf(u->out, "%s\n%29s%s\n", head, "", u->summary);
	} else {
		fprintf(u->out, "%s%s\n", u->first ? u->prefix : "       liza-watch ", line);
	}
	u->first = false;
}

void cli_commands_line(FILE *out, const cli_command *c)
{
	usage_ctx u = { out, "", true, c->summary, true };
	forms(c, usage_form, &u);
	/* transition's events differ by system: each adapter says what it adds. */
	if (strcmp(c->name, "transition") == 0)
		for (const lw_adapter *const *a = lw_adapters; *a; a++)
			if ((*a)->usage)
				fprintf(out, "%29s(%s)\n", "", (*a)->usage);
}

void cli_commands_usage(FILE *out, const cli_command *c)
{
	usage_ctx u = { out, "usage: liza-watch ", false, NULL, true };
	forms(c, usage_form, &u);
}

void cli_commands_forms(const cli_command *c, void (*f)(void *, const char *), void *ctx)
{
	forms(c, f, ctx);
}

void cli_commands_help(FILE *out, const cli_command *c)
{
	usage_ctx u = { out, "usage: liza-watch [GLOBAL OPTIONS] ", false, NULL, true };
	forms(c, usage_form, &u);
	fprintf(out, "\n%s\n", c->summary);
	if (c->help)
		fprintf(out, "\n%s", c->help);
	if (c->opts->name) {
		fputs("\noptions:\n", out);
		for (const cli_option *o = c->opts; o->name; o++) {
			char head[64];
			snprintf(head, sizeof head, "  --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
			fprintf(out, "%-22s %s\n", head, o->help);
		}
	}
	fputs("\nGlobal options (before or after the command): -C DIR, --as ID, --theme NAME|PATH,\n"
	      "--no-color, --poll[=MS]; see liza-watch --help.\n", out);
}

/* Damerau-Levenshtein distance (optimal string alignment) of two short words. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 31 || lb > 31)
		return 99;
	size_t d[32][32];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];
			size_t v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v) v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb];
}

const char *cli_commands_near(const char *name)
{
	const char *best = NULL, *prefix = NULL;
	size_t nprefix = 0;
	bool tie = false;
	for (const cli_command *c = cli_commands; c->name; c++) {
		if (c->hidden)
			continue;
		if (*name && strncmp(c->name, name, strlen(name)) == 0) {
			prefix = c->name;
			nprefix++;
		}
		if (edit_distance(name, c->name) == 1) {
			tie = best != NULL;
			best = c->name;
		}
	}
	if (best && !tie)
		return best;
	return nprefix == 1 ? prefix : NULL;
}
