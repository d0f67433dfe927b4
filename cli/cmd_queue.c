/* cmd_queue.c — `queue`: every item waiting for a human, across every
 * project watched and every system, oldest first (core/model/queue.h); the
 * HUD's queue view lists the same. --json: one object a line; --follow: a
 * line when an item arrives and when it leaves. */
#include "cli/cli.h"
#include "cli/follow.h"
#include "cli/cmd_queue.h"
#include "core/model/fleet.h"
#include "core/model/queue.h"
#include "core/review/review_counts.h"
#include "core/util/escape.h"
#include "core/util/timeparse.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct queue_opts {
	bool json;
	lw_queue_order order;
} queue_opts;

static void run_checks(const lw_member *m, lw_alerts *al)
{
	lw_check_ctx ctx = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = al, .th = &m->cfg.th };
	lw_project_check(&m->proj, &ctx);
	lw_alerts_sort(al);
	cli_acks_mark(&m->proj, al);
}

/* Build the queue of the fleet over each project's alerts, counts filled. */
void cmd_queue_build(const lw_fleet *f, const lw_alerts *al, lw_queue *q, lw_queue_order order, lw_counts *counts)
{
	const lw_project *projects[LW_MAX_PROJECTS];
	lw_queue_clear(q);
	for (size_t i = 0; i < f->n && i < LW_MAX_PROJECTS; i++) {
		projects[i] = &f->v[i].proj;
		lw_queue_add_project(q, &f->v[i].proj, &al[i], f->v[i].label, i);
	}
	if (counts)
		lw_counts_all(counts, q, projects);
	lw_queue_sort(q, order);
}

static void term(strbuf *out, const char *s) { esc_term(out, s ? s : "", s ? strlen(s) : 0, true); }

/* "  12m  proj  liza:task-3  review  approve or reject …  (coder-1)  +12 -3 in 2 files" */
static void text_line(strbuf *out, const lw_wait *w, time_t now)
{
	char age[24] = "-";
	if (w->since != LW_NO_TIME)
		lw_format_age(now > w->since ? (long long)(now - w->since) : 0, age, sizeof age);
	strbuf_printf(out, "%6s  ", age);
	term(out, w->project);
	strbuf_adds(out, "  ");
	term(out, w->system);
	strbuf_addc(out, ':');
	term(out, w->subject);
	strbuf_adds(out, "  ");
	term(out, w->kind);
	strbuf_adds(out, "  ");
	term(out, w->ask);
	strbuf_adds(out, "  (");
	term(out, w->who);
	strbuf_addc(out, ')');
	if (w->files >= 0)
		strbuf_printf(out, "  +%lld -%lld in %lld file%s", w->added, w->removed, w->files, w->files == 1 ? "" : "s");
	strbuf_addc(out, '\n');
}

static bool same_item(const lw_wait *a, const lw_wait *b)
{
	return strcmp(a->project, b->project) == 0 && strcmp(a->system, b->system) == 0 &&
	       strcmp(a->subject, b->subject) == 0 && strcmp(a->kind, b->kind) == 0;
}

static bool holds(const lw_queue *q, const lw_wait *w)
{
	for (size_t i = 0; i < q->n; i++)
		if (same_item(&q->v[i], w))
			return true;
	return false;
}

typedef struct queue_follow {
	queue_opts qo;
	lw_alerts *kept;
	bool *reported;
	lw_queue seen, now;
	lw_counts counts;
} queue_follow;

/* Lines for the items of a that b does not hold. */
static void events(strbuf *out, const queue_follow *f, const lw_queue *a, const lw_queue *b, const char *event,
                   time_t now)
{
	char tb[32];
	for (size_t i = 0; i < a->n; i++) {
		if (holds(b, &a->v[i]))
			continue;
		if (f->qo.json) {
			strbuf_printf(out, "{\"time\": \"%s\", \"event\": \"%s\", \"item\": ", lw_format_time(now, tb, sizeof tb),
			              event);
			lw_queue_json(out, &a->v[i], now);
			strbuf_adds(out, "}\n");
		} else {
			strbuf_printf(out, "%s %-7s ", lw_format_time(now, tb, sizeof tb), event);
			text_line(out, &a->v[i], now);
		}
	}
}

static bool follow_changed(const lw_fleet *fl, size_t m, const lw_alerts *al, void *ctx)
{
	queue_follow *f = ctx;
	if (!follow_keep(f->kept, f->reported, fl, m, al))
		return true;
	cmd_queue_build(fl, f->kept, &f->now, f->qo.order, &f->counts);
	time_t now = lw_now();
	strbuf out;
	strbuf_init(&out);
	events(&out, f, &f->seen, &f->now, "left", now);
	events(&out, f, &f->now, &f->seen, "arrived", now);
	lw_queue tmp = f->seen;
	f->seen = f->now;
	f->now = tmp;
	bool ok = fwrite(out.buf ? out.buf : "", 1, out.len, stdout) == out.len && fflush(stdout) == 0;
	strbuf_free(&out);
	return ok;
}

static int follow(const lw_opts *o, lw_fleet *fl, const queue_opts *qo)
{
	queue_follow f = { .qo = *qo, .kept = lw_alerts_array(fl->n), .reported = calloc(fl->n, sizeof(bool)) };
	if (!f.reported) {
		cli_error("out of memory");
		return EXIT_IO;
	}
	lw_queue_init(&f.seen);
	lw_queue_init(&f.now);
	lw_counts_init(&f.counts);
	int rc = follow_run(o, fl, follow_changed, &f);
	lw_counts_free(&f.counts);
	lw_queue_free(&f.seen);
	lw_queue_free(&f.now);
	lw_alerts_array_free(f.kept, fl->n);
	free(f.reported);
	return rc;
}

static int cmd_queue(const lw_opts *o, const cli_args *a)
{
	queue_opts qo = { .order = LW_QUEUE_AGE, .json = cli_args_has(a, "json") };
	bool follow_mode = cli_args_has(a, "follow");
	const char *sort = cli_args_value(a, "sort");
	if (sort) {
		int ord = lw_queue_order_parse(sort);
		if (ord < 0) {
			esc_print(stderr, "liza-watch: queue: --sort %s: one of age, project, system, kind", sort);
			return EXIT_USAGE;
		}
		qo.order = (lw_queue_order)ord;
	}
	if (cli_args_max(a, 0))
		return EXIT_USAGE;
	lw_fleet fl;
	if (follow_mode) {
		if (cli_open_fleet(o, &fl, true) < 0)
			return EXIT_UNREADABLE;
		int rc = follow(o, &fl, &qo);
		lw_fleet_free(&fl);
		return rc;
	}
	cli_missing miss;
	if (cli_open_fleet_missing(o, &fl, false, &miss) < 0)
		return EXIT_UNREADABLE;
	lw_alerts *al = lw_alerts_array(fl.n);
	for (size_t i = 0; i < fl.n; i++)
		run_checks(&fl.v[i], &al[i]);
	lw_queue q;
	lw_counts counts;
	lw_queue_init(&q);
	lw_counts_init(&counts);
	cmd_queue_build(&fl, al, &q, qo.order, &counts);
	time_t now = lw_now();
	strbuf out;
	strbuf_init(&out);
	for (size_t i = 0; i < q.n; i++) {
		if (qo.json) {
			lw_queue_json(&out, &q.v[i], now);
			strbuf_addc(&out, '\n');
		} else {
			text_line(&out, &q.v[i], now);
		}
	}
	fwrite(out.buf ? out.buf : "", 1, out.len, stdout);
	strbuf_free(&out);
	lw_counts_free(&counts);
	lw_queue_free(&q);
	lw_alerts_array_free(al, fl.n);
	lw_fleet_free(&fl);
	int rc = miss.n ? EXIT_UNREADABLE : EXIT_OK;
	cli_missing_free(&miss);
	return rc;
}

static const cli_option queue_options[] = {
	{ "json", 'j', no_argument, NULL, "one object a line: project, system, subject, kind, ask, who, since, waited, task, revision, added, removed, files" },
	{ "follow", 'f', no_argument, NULL, "keep watching: a line when an item arrives and when it leaves" },
	{ "sort", 0, required_argument, "ORDER", "age (oldest first, the default), project, system or kind" },
	{ NULL, 0, 0, NULL, NULL },
};

const cli_command cmd_queue_entry = {
	"queue", "[--json] [--follow] [--sort ORDER]", "every item waiting for a human, in every project, oldest first",
	"Tasks in review or awaiting a verdict, runs paused or held for a human, gates\n"
	"and stops that need a decision, from every system of every project watched:\n"
	"how long each has waited, what is asked, who asks, and for work under review\n"
	"its +added -removed and files changed (git). The HUD's queue view (w) lists\n"
	"the same items.\n",
	queue_options, "", cmd_queue, true, false,
};
