/* cmd_events.c — `events`: what happened, one line (or JSON object) each.
 * Without --follow, what the files themselves record, oldest first: log
 * entries (Liza's log.yaml, Task Factory's activity.jsonl), human notes,
 * Agent Cell Phone's inbox messages that carry a time, every task's
 * history. With --follow, each change seen from then on as
 * the HUD's activity feed sees it (a task's status from -> to, an
 * assignment, a verdict, agents coming, going stale and leaving, new
 * records) and alerts raised and cleared, acknowledged ones marked. */
#include "cli/cli.h"
#include "cli/follow.h"
#include "core/model/activity.h"
#include "core/model/adapter.h"
#include "core/model/alert_index.h"
#include "core/model/fleet.h"
#include "core/model/journal.h"
#include "core/util/escape.h"
#include "core/util/grow.h"
#include "core/util/timeparse.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool print_event(const lw_event *e, bool json)
{
	strbuf out;
	strbuf_init(&out);
	if (json) {
		lw_event_json(e, &out);
	} else {
		char tb[32] = "-";
		if (e->time != LW_NO_TIME)
			lw_format_time(e->time, tb, sizeof tb);
		strbuf_printf(&out, "%s ", tb);
		/* Every field came from a state file: escaped for the terminal. */
		const char *parts[] = { e->project, e->system, e->subject, lw_event_kind_name(e->kind) };
		for (size_t i = 0; i < 4; i++) {
			if (!*parts[i])
				continue;
			esc_term(&out, parts[i], strlen(parts[i]), true);
			strbuf_addc(&out, ' ');
		}
		esc_term(&out, e->from, strlen(e->from), true);
		strbuf_adds(&out, " -> ");
		esc_term(&out, e->to, strlen(e->to), true);
		if (e->acked)
			strbuf_adds(&out, " (acked)");
	}
	strbuf_addc(&out, '\n');
	bool ok = fwrite(out.buf, 1, out.len, stdout) == out.len;
	strbuf_free(&out);
	return ok;
}

/* ---- without --follow: the records and the task histories ---- */

static const char *field_str(const doc_node *m, const char *const *keys)
{
	for (; *keys; keys++) {
		const char *s = doc_str(doc_get(m, *keys));
		if (s)
			return s;
	}
	return NULL;
}

/* A task's history as the system wrote it: a list of entries with a time. */
static void history(lw_activity *a, const char *project, const lw_task *t)
{
	static const char *const who[] = { "agent", "by", "actor", "source", NULL };
	static const char *const what[] = { "event", "status", "action", "to", "phase", NULL };
	const doc_node *h = doc_deref(doc_get(doc_deref(t->node), "history"));
	for (const doc_node *it = doc_is_seq(h) ? doc_seq_first(h) : NULL; it; it = it->next) {
		const doc_node *m = doc_deref(it);
		time_t at;
		if (doc_time(doc_get(m, "time"), &at) != DOC_OK && doc_time(doc_get(m, "timestamp"), &at) != DOC_OK &&
		    doc_time(doc_get(m, "at"), &at) != DOC_OK)
			continue;
		const char *ev = field_str(m, what), *reason = doc_str(doc_get(m, "reason"));
		char text[256];
		snprintf(text, sizeof text, "%s%s%s", ev ? ev : "", ev && reason ? ": " : "", reason ? reason : "");
		lw_record r = { .time = at, .kind = "history", .subject = t->id, .actor = field_str(m, who), .text = text };
		lw_activity_record(a, project, t->system, &r, at);
	}
}

/* What the operator did through liza-watch in this project (journal.h):
 * from *offset on, a line that does not read skipped with one message. */
static void journal(lw_activity *a, const lw_project *p, const char *label, bool rotated, long long *offset)
{
	char path[4200];
	size_t bad = 0;
	if (!lw_journal_path(p->dir, path, sizeof path))
		return;
	lw_journal_read(path, p->dir, rotated, a, label, offset, &bad);
	if (bad)
		cli_error("%s: %zu line%s that do%s not read skipped", path, bad, bad == 1 ? "" : "s", bad == 1 ? "es" : "");
}

static int by_time(const void *pa, const void *pb)
{
	const lw_event *const *x = pa, *const *y = pb;
	time_t a = (*x)->time, b = (*y)->time;
	if (a != b)
		return a == LW_NO_TIME ? -1 : b == LW_NO_TIME ? 1 : a < b ? -1 : 1;
	return *x < *y ? -1 : *x > *y;   /* pointers into one ring, in the order added: stable */
}

static int recorded(const lw_fleet *f, bool json)
{
	lw_activity a;
	lw_activity_init(&a, (size_t)1 << 20);
	for (size_t m = 0; m < f->n; m++) {
		const lw_project *p = &f->v[m].proj;
		const char *label = f->n > 1 ? f->v[m].label : NULL;
		for (size_t i = 0; i < p->n; i++) {
			const lw_snapshot *s = p->src[i].good;
			if (!s)
				continue;
			for (size_t k = 0; k < s->nrecords; k++)
				/* An inbox message that carries no time has no place among
				 * them (the feed shows it when it comes). */
				if (s->records[k].time != LW_NO_TIME || !s->records[k].kind ||
				    strcmp(s->records[k].kind, "message") != 0)
					lw_activity_record(&a, label, p->src[i].adapter->name, &s->records[k], LW_NO_TIME);
			for (size_t k = 0; k < s->ntasks; k++)
				history(&a, label, &s->tasks[k]);
		}
		if (!p->unreadable)
			journal(&a, p, label, true, NULL);
	}
	/* The ring never wrapped (its bound is far above what is added), so
	 * the events sit in the order added; sorted by time, stably. */
	const lw_event **v = malloc((a.n + 1) * sizeof *v);
	int rc = EXIT_OK;
	if (!v) {
		cli_error("out of memory");
		rc = EXIT_IO;
	} else {
		for (size_t i = 0; i < a.n; i++)
			v[i] = lw_activity_get(&a, i);
		qsort(v, a.n, sizeof *v, by_time);
		for (size_t i = 0; i < a.n && rc == EXIT_OK; i++)
			if (!print_event(v[i], json))
				rc = EXIT_IO;
	}
	free(v);
	lw_activity_free(&a);
	return rc;
}

/* ---- --follow ---- */

typedef struct events_follow {
	lw_activity act;
	unsigned long long printed;   /* the next event to print (lw_activity_seq) */
	lw_alerts *seen;              /* per project: the alerts at its last check */
	bool *started;
	long long *journal_at;        /* per project: how far its journal was read */
	bool json;
} events_follow;

static void alert_changes(events_follow *ev, const lw_alerts *now_al, const lw_alerts *was, bool raised,
                          const char *label, time_t now)
{
	lw_alert_index ix;
	lw_alert_index_init(&ix, was);
	for (size_t i = 0; i < now_al->n; i++) {
		if (lw_alert_index_find(&ix, now_al->v[i].system, now_al->v[i].code, now_al->v[i].key))
			continue;
		lw_alert a = now_al->v[i];
		a.project = label;
		lw_activity_alert(&ev->act, &a, raised, now);
	}
	lw_alert_index_free(&ix);
}

static bool on_change(const lw_fleet *f, size_t m, const lw_alerts *al, void *ctx)
{
	events_follow *ev = ctx;
	const char *label = f->n > 1 ? f->v[m].label : NULL;
	time_t now = lw_now();
	/* The alerts present at start are the baseline, as the HUD's are. */
	if (ev->started[m]) {
		alert_changes(ev, al, &ev->seen[m], true, label, now);
		alert_changes(ev, &ev->seen[m], al, false, label, now);
	}
	ev->started[m] = true;
	lw_alerts_copy(&ev->seen[m], al);
	/* The operator's actions written since (by this machine's CLI or HUD):
	 * a write changes the files, which brings this call. */
	for (size_t i = 0; i < f->n; i++)
		if (!f->v[i].proj.unreadable)
			journal(&ev->act, &f->v[i].proj, f->n > 1 ? f->v[i].label : NULL, false, &ev->journal_at[i]);
	bool ok = true;
	for (const lw_event *e; ok && (e = lw_activity_seq(&ev->act, ev->printed)) != NULL; ev->printed++)
		ok = print_event(e, ev->json);
	/* Lines that left the ring before they were printed: say nothing of them
	 * silently would be a lie; the ring is large enough that this needs a
	 * burst of thousands of changes at once. */
	if (ev->printed < ev->act.total)
		ev->printed = ev->act.total;
	return ok && fflush(stdout) == 0;
}

static int follow(const lw_opts *o, lw_fleet *f, bool json)
{
	events_follow ev = { .json = json, .seen = lw_alerts_array(f->n), .started = calloc(f->n, sizeof(bool)),
	                     .journal_at = calloc(f->n, sizeof(long long)) };
	lw_activity_init(&ev.act, 4096);
	/* From now on: what was done before is `events` without --follow. */
	/* The journals are watched too: a pause and a resume between two stat
	 * polls (--poll, a network filesystem, the portable build) leave the
	 * project's files as they were, and only the journal changed. */
	char **journals = calloc(f->n, sizeof *journals);
	for (size_t m = 0; journals && ev.journal_at && m < f->n; m++) {
		char path[4200];
		struct stat st;
		if (!lw_journal_path(f->v[m].proj.dir, path, sizeof path))
			continue;
		journals[m] = strdup(path);
		if (stat(path, &st) == 0)
			ev.journal_at[m] = (long long)st.st_size;
	}
	ev.act.started = lw_now();
	for (size_t m = 0; m < f->n; m++) {
		f->v[m].proj.activity = &ev.act;
		f->v[m].proj.label = f->n > 1 ? f->v[m].label : NULL;
	}
	int rc = ev.started && ev.journal_at && journals ? follow_run_also(o, f, journals, on_change, &ev) : EXIT_IO;
	for (size_t m = 0; journals && m < f->n; m++)
		free(journals[m]);
	free(journals);
	for (size_t m = 0; m < f->n; m++)
		f->v[m].proj.activity = NULL;
	lw_activity_free(&ev.act);
	lw_alerts_array_free(ev.seen, f->n);
	free(ev.started);
	free(ev.journal_at);
	return rc;
}

static int cmd_events(const lw_opts *o, const cli_args *a)
{
	bool json = cli_args_has(a, "json"), follow_mode = cli_args_has(a, "follow");
	if (cli_args_max(a, 0))
		return EXIT_USAGE;
	/* The records of the whole log, not the tail the feed keeps. */
	if (!follow_mode)
		lw_records_set_limit((size_t)-1);
	lw_fleet fl;
	if (cli_open_fleet(o, &fl, follow_mode) < 0)
		return EXIT_UNREADABLE;
	int rc = follow_mode ? follow(o, &fl, json) : recorded(&fl, json);
	/* A folder that did not open (said on stderr): the others' events are
	 * printed, the exit code says one could not be read. */
	for (size_t i = 0; !follow_mode && rc == EXIT_OK && i < fl.n; i++)
		if (fl.v[i].proj.unreadable)
			rc = EXIT_UNREADABLE;
	lw_fleet_free(&fl);
	return rc;
}

static const cli_option events_opts[] = {
	{ "follow", 'f', no_argument, NULL, "each change from now on, as it is seen (alerts raised and cleared too)" },
	{ "json", 'j', no_argument, NULL, "one object a line: {project, system, subject, kind, from, to, time[, acked]}" },
	{ NULL, 0, 0, NULL, NULL },
};

const cli_command cmd_events_entry = {
	"events", "[--follow] [--json]", "what happened: the files' logs, notes and task histories",
	"Without --follow: what the state files record (logs, notes, task histories),\n"
	"oldest first. With --follow: each change liza-watch sees from now on (statuses,\n"
	"assignments, verdicts, agents, new log entries, alerts raised and cleared).\n",
	events_opts, "", cmd_events, true, false,
};
