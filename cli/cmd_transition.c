/* cmd_transition.c — approve, reject and transition: resolve TASK, then let
 * the system's adapter apply the row of its table under its own lock. */
#include "cli/cli.h"
#include "core/model/adapter.h"
#include "core/txn/txn.h"
#include "core/util/fileio.h"
#include "core/util/escape.h"
#include "core/util/timeparse.h"
#include <getopt.h>
#include <stdio.h>
#include <string.h>

typedef struct tx_args {
	const char *task, *event, *reason, *question;
	bool force, all_sessions;
} tx_args;

/* A task not found while a state file did not read (caught empty or half
 * written, unreadable) is a read failure, not a typo: say which file, exit 3. */
static bool unread(const lw_project *p)
{
	bool any = false;
	for (size_t i = 0; i < p->n; i++) {
		const lw_source *s = &p->src[i];
		char m[1200];
		if (s->failed) {
			cli_error("%s", lw_error_format(&s->error, m, sizeof m));
			any = true;
		}
		for (size_t k = 0; s->good && k < s->good->nproblems; k++) {
			const lw_problem *pr = &s->good->problems[k];
			if (pr->rule && (strcmp(pr->rule, "parse_error") == 0 || strcmp(pr->rule, "unreadable") == 0 ||
			                 strcmp(pr->rule, "dangling_link") == 0)) {
				cli_error("%s", pr->message);
				any = true;
			}
		}
	}
	return any;
}

static int run(const lw_opts *o, const tx_args *a)
{
	/* The first read waits for an in-place writer as the commit will: a
	 * task file caught between its writer's truncate and write is not
	 * "no task" (core/txn/txn_settle.c). */
	lw_read_settle_with(txn_read_settled);
	lw_project p;
	if (cli_open_project(o, &p) < 0)
		return EXIT_IO;
	char msg[512];
	const lw_source *src;
	const lw_task *task;
	int rc;
	if (lw_project_resolve(&p, a->task, &src, &task, msg, sizeof msg) < 0) {
		cli_error("%s", msg);
		rc = unread(&p) ? EXIT_IO : EXIT_USAGE;
		goto out;
	}
	if (!src->adapter->transition) {
		cli_error("%s: transitions are not supported for this system yet", src->adapter->name);
		rc = EXIT_USAGE;
		goto out;
	}
	/* rcs:forge names a workflow mode, not a task: pass the name on. */
	const char *colon = strchr(a->task, ':');
	const char *named = colon && colon[1] ? colon + 1 : NULL;
	tx_request rq = {
		.subject = task ? task->id : src->adapter->open_subjects ? named : NULL,
		.event = a->event,
		.as = o->as,
		.reason = a->reason,
		.question = a->question,
		/* What this command saw when it loaded: the adapter compares under the lock. */
		.expect_status = task ? task->status : NULL,
		.expect_commit = task ? task->revision : NULL,
		.force = a->force,
		.all_sessions = a->all_sessions,
		.now = lw_now(),
	};
	tx_result res;
	lw_transition(p.dir, src, &rq, &res);
	switch (res.rc) {
	case TX_DONE:
		esc_print(stdout, "%s", res.message);   /* it names states read from the file */
		rc = EXIT_OK;
		break;
	case TX_ASK:
	case TX_DENIED:
		cli_error("denied: %s", res.message);
		rc = EXIT_DENIED;
		break;
	case TX_USAGE:
		cli_error("%s", res.message);
		rc = EXIT_USAGE;
		break;
	default:
		cli_error("%s", res.message);
		rc = EXIT_IO;
		break;
	}
	/* Only a success has anything to add: after a failure its one reason
	 * stands alone (advice such as "merge it yourself" would read as done). */
	if (res.rc == TX_DONE && res.note[0])
		esc_print(stdout, "note: %s", res.note);
out:
	lw_project_close(&p);
	return rc;
}

/* The options the command's entry parsed, and its operands (want of them). */
static int parse(const cli_args *c, tx_args *a, int want_pos, const char **pos)
{
	a->force = cli_args_has(c, "force");
	if (c->cmd != &cmd_approve_entry)
		a->reason = cli_args_value(c, "reason");
	if (c->cmd == &cmd_transition_entry) {
		a->question = cli_args_value(c, "question");
		a->all_sessions = cli_args_has(c, "all-sessions");
	}
	if (c->argc != want_pos)
		return -1;
	for (int i = 0; i < want_pos; i++)
		pos[i] = c->argv[i];
	return 0;
}

static int cmd_approve(const lw_opts *o, const cli_args *c)
{
	tx_args a = { .event = "approve" };
	if (parse(c, &a, 1, &a.task) < 0) {
		cli_commands_usage(stderr, c->cmd);
		return EXIT_USAGE;
	}
	return run(o, &a);
}

static int cmd_reject(const lw_opts *o, const cli_args *c)
{
	tx_args a = { .event = "reject" };
	if (parse(c, &a, 1, &a.task) < 0) {
		cli_commands_usage(stderr, c->cmd);
		return EXIT_USAGE;
	}
	if (!a.reason || !*a.reason) {
		cli_error("reject: a reason is required (--reason TEXT)");
		return EXIT_USAGE;
	}
	return run(o, &a);
}

static int cmd_transition(const lw_opts *o, const cli_args *c)
{
	tx_args a = { 0 };
	const char *pos[2];
	if (parse(c, &a, 2, pos) < 0) {
		cli_commands_usage(stderr, c->cmd);
		return EXIT_USAGE;
	}
	a.task = pos[0];
	a.event = pos[1];
	return run(o, &a);
}

static const cli_option approve_opts[] = {
	{ "force", 'F', no_argument, NULL, "override another reviewer's live review lease" },
	{ NULL, 0, 0, NULL, NULL },
};

static const cli_option reject_opts[] = {
	{ "reason", 'r', required_argument, "TEXT", "why (required)" },
	{ "force", 'F', no_argument, NULL, "override another reviewer's live review lease" },
	{ NULL, 0, 0, NULL, NULL },
};

static const cli_option transition_opts[] = {
	{ "reason", 'r', required_argument, "TEXT", "a reason (reject, block, redirect, note)" },
	{ "question", 'Q', required_argument, "TEXT", "a question for the planner (block)" },
	{ "force", 'F', no_argument, NULL, "override a guard that allows it" },
	{ "all-sessions", 0, no_argument, NULL, "rcs clear: every session, not only the current one" },
	{ NULL, 0, 0, NULL, NULL },
};

const cli_command cmd_approve_entry = {
	"approve", "TASK [--force]", "approve a task awaiting review", NULL, approve_opts, "subjects=approve",
	cmd_approve, false, false,
};

const cli_command cmd_reject_entry = {
	"reject", "TASK --reason TEXT [--force]", "reject a task awaiting review (a reason is required)", NULL,
	reject_opts, "subjects=reject", cmd_reject, false, false,
};

const cli_command cmd_transition_entry = {
	"transition", "TASK EVENT [--reason TEXT] [--question TEXT] [--force] [--all-sessions]",
	"any other transition of the system's table", NULL, transition_opts, "subjects events", cmd_transition,
	false, false,
};
