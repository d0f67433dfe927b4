/* cmd_export.c — `export --html FILE | --json FILE [--follow]`: the watched
 * projects' state as one page to share (workflows, board, agents, alerts,
 * the queue, each task's record and its links), self-contained: no script,
 * no network, no external asset, a Content-Security-Policy that allows none
 * either. Every string from a project goes through esc_html (or esc_json);
 * a link is only ever a checked relative path inside the project
 * (esc_html_path), one to nothing is shown as broken. The file is replaced
 * atomically (store_write_atomic: a temp in its folder, renamed), and never
 * written into a project's state folders. */
#include "cli/cli.h"
#include "cli/cmd_queue.h"
#include "cli/follow.h"
#include "cli/export_docs.h"
#include "core/model/fleet.h"
#include "core/store/store.h"
#include "core/util/escape.h"
#include "core/util/timeparse.h"
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct export_job {
	const char *path;           /* "-": stdout (json only) */
	bool html;
	lw_alerts *al;              /* per project */
	bool *reported;
	strbuf last;
	lw_counts counts;
	int rc;
} export_job;

static void h(strbuf *o, const char *s) { esc_html_str(o, s ? s : ""); }

/* A file or folder the state names, relative to the project's root when it
 * lies beneath it, symlinks resolved (else NULL: never a link out of the
 * project, `../x` or a link to /etc), and whether it exists. */
static const char *link_target(const lw_project *p, const char *path, char *buf, size_t n, bool *exists)
{
	*exists = false;
	if (!path || !*path)
		return NULL;
	char full[LW_PATH_MAX + PATH_MAX + 2];
	if (path[0] == '/')
		snprintf(full, sizeof full, "%s", path);
	else
		snprintf(full, sizeof full, "%s/%s", p->dir, path);
	struct stat st;
	*exists = stat(full, &st) == 0;
	char real[PATH_MAX], top[PATH_MAX];
	if (!*exists || !realpath(full, real) || !realpath(p->dir, top) || !store_path_beneath(top, real))
		return NULL;
	const char *rel = lw_project_shown_path(p, full);
	if (rel == full)
		return NULL;
	snprintf(buf, n, "%s", rel);
	return buf;
}

/* <a href> to a checked relative path, else the text; broken when missing.
 * shown is what the state wrote (a spec's "#anchor" included). */
static void html_link_as(strbuf *o, const lw_project *p, const char *what, const char *path, const char *shown)
{
	char rel[PATH_MAX];
	bool exists;
	const char *r = link_target(p, path, rel, sizeof rel, &exists);
	strbuf_printf(o, "<li>%s: ", what);
	strbuf href;
	strbuf_init(&href);
	if (!exists) {
		strbuf_adds(o, "<span class=\"broken\">");
		h(o, shown);
		strbuf_adds(o, " (broken: nothing there)</span>");
	} else if (r && esc_html_path(&href, r)) {
		strbuf_adds(o, "<a class=\"link\" href=\"");
		strbuf_add(o, href.buf, href.len);
		strbuf_adds(o, "\">");
		h(o, shown == path ? r : shown);
		strbuf_adds(o, "</a>");
	} else {
		h(o, shown);
		strbuf_adds(o, " (not linked: outside the project)");
	}
	strbuf_free(&href);
	strbuf_adds(o, "</li>\n");
}

static void html_link(strbuf *o, const lw_project *p, const char *what, const char *path)
{
	html_link_as(o, p, what, path, path);
}

/* The next reference of a task's spec ("a.md#goal; b.md"): the text as
 * written into text, the file (the "#anchor" cut) into path; false past
 * the last. */
static bool spec_next(const char **s, char *text, size_t tn, char *path, size_t pn)
{
	while (**s == ';' || **s == ' ' || **s == '\t')
		(*s)++;
	if (!**s)
		return false;
	size_t len = strcspn(*s, ";");
	const char *start = *s;
	*s += len;
	while (len && (start[len - 1] == ' ' || start[len - 1] == '\t'))
		len--;
	snprintf(text, tn, "%.*s", (int)len, start);
	snprintf(path, pn, "%.*s", (int)strcspn(text, "#"), text);
	return true;
}

/* The anchor index (t<m>-<k>) of system's task id in the project, or -1. */
static long task_index(const lw_project *p, const char *system, const char *id)
{
	long k = 0;
	for (size_t i = 0; i < p->n; i++) {
		const lw_snapshot *s = p->src[i].good;
		for (size_t t = 0; s && t < s->ntasks; t++, k++)
			if (id && strcmp(s->tasks[t].system, system) == 0 && strcmp(s->tasks[t].id, id) == 0)
				return k;
	}
	return -1;
}

/* What an alert's code means, as its system's page says (export_docs.h):
 * the page of the project's source of that system (Go Liza has its own);
 * "" when the page says nothing. */
static const char *explain(const lw_project *p, const lw_alert *a)
{
	const char *page = a->system;
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->src[i].adapter->name, a->system) == 0 && p->src[i].good && p->src[i].good->docs_page)
			page = p->src[i].good->docs_page;
	const char *text = export_docs_meaning(page, a->code);
	return text ? text : "";
}

static const char css[] =
	"body{font-family:sans-serif;margin:1em 2em;color:#222}table{border-collapse:collapse;margin:.5em 0}"
	"td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}"
	".CRIT{color:#b00}.WARN{color:#a60}.broken{color:#b00;text-decoration:line-through}"
	"pre{white-space:pre-wrap}.lane{display:inline-block;vertical-align:top;min-width:10em;margin-right:1em}";

static void html_alerts(strbuf *o, const lw_project *p, const lw_alerts *al)
{
	char tb[32];
	strbuf_printf(o, "<h3>Alerts (%zu)</h3>\n<table class=\"alerts\"><tr><th>level</th><th>system</th><th>code</th>"
	              "<th>subject</th><th>message</th><th>what the code means</th><th>since</th></tr>\n", al->n);
	for (size_t i = 0; i < al->n; i++) {
		const lw_alert *a = &al->v[i];
		strbuf_printf(o, "<tr class=\"alert %s\"><td>%s</td><td>", lw_level_name(a->level), lw_level_name(a->level));
		h(o, a->system);
		strbuf_adds(o, "</td><td>");
		h(o, a->code);
		strbuf_adds(o, "</td><td>");
		h(o, a->subject);
		strbuf_adds(o, "</td><td>");
		h(o, a->message);
		strbuf_adds(o, "</td><td class=\"explain\">");
		h(o, explain(p, a));
		strbuf_printf(o, "</td><td>%s</td></tr>\n", lw_format_time(a->since, tb, sizeof tb));
	}
	strbuf_adds(o, "</table>\n");
}

static void html_queue(strbuf *o, const lw_queue *q, time_t now)
{
	strbuf_printf(o, "<section id=\"queue\"><h2>Waiting for a human (<span id=\"queue-count\">%zu</span>)</h2>\n"
	              "<table><tr><th>waited</th><th>project</th><th>system</th><th>subject</th><th>kind</th>"
	              "<th>asked</th><th>who asks</th><th>change</th></tr>\n", q->n);
	for (size_t i = 0; i < q->n; i++) {
		const lw_wait *w = &q->v[i];
		char age[24] = "-";
		if (w->since != LW_NO_TIME)
			lw_format_age(now > w->since ? (long long)(now - w->since) : 0, age, sizeof age);
		strbuf_printf(o, "<tr class=\"wait\"><td>%s</td><td>", age);
		h(o, w->project);
		strbuf_adds(o, "</td><td>");
		h(o, w->system);
		strbuf_adds(o, "</td><td>");
		h(o, w->subject);
		strbuf_adds(o, "</td><td>");
		h(o, w->kind);
		strbuf_adds(o, "</td><td>");
		h(o, w->ask);
		strbuf_adds(o, "</td><td>");
		h(o, w->who);
		strbuf_adds(o, "</td><td>");
		if (w->files >= 0)
			strbuf_printf(o, "+%lld &minus;%lld, %lld files", w->added, w->removed, w->files);
		strbuf_adds(o, "</td></tr>\n");
	}
	strbuf_adds(o, "</table></section>\n");
}

static void html_task(strbuf *o, const lw_project *p, size_t m, size_t k, const lw_snapshot *s, const lw_task *t)
{
	char tb[32];
	strbuf_printf(o, "<article class=\"task\" id=\"t%zu-%zu\"><h4>", m, k);
	h(o, t->system);
	strbuf_adds(o, ":");
	h(o, t->id);
	strbuf_adds(o, " &mdash; ");
	h(o, t->title);
	strbuf_adds(o, "</h4>\n<ul>\n<li>status: ");
	h(o, t->status);
	strbuf_printf(o, " (%s)</li>\n", lw_lane_name(t->lane));
	if (t->assignee) {
		strbuf_adds(o, "<li>assignee: ");
		h(o, t->assignee);
		strbuf_adds(o, "</li>\n");
	}
	if (t->revision) {
		strbuf_adds(o, "<li>under review: ");
		h(o, t->revision);
		strbuf_adds(o, "</li>\n");
	}
	if (t->path)
		html_link(o, p, "file", t->path);
	if (t->worktree)
		html_link(o, p, "worktree", t->worktree);
	char text[PATH_MAX], path[PATH_MAX];
	for (const char *sp = t->spec; sp && spec_next(&sp, text, sizeof text, path, sizeof path);)
		html_link_as(o, p, "spec", path, text);
	for (size_t d = 0; d < t->ndepends; d++) {
		long to = task_index(p, t->system, t->depends[d]);
		strbuf_adds(o, "<li>depends on: ");
		if (to >= 0) {
			strbuf_printf(o, "<a class=\"dep\" href=\"#t%zu-%ld\">", m, to);
			h(o, t->depends[d]);
			strbuf_adds(o, "</a>");
		} else {
			strbuf_adds(o, "<span class=\"broken\">");
			h(o, t->depends[d]);
			strbuf_adds(o, " (broken: no such task)</span>");
		}
		strbuf_adds(o, "</li>\n");
	}
	strbuf_adds(o, "</ul>\n");
	bool any = false;
	for (size_t i = 0; i < s->nrecords; i++) {
		const lw_record *r = &s->records[i];
		if (!r->subject || strcmp(r->subject, t->id) != 0)
			continue;
		if (!any)
			strbuf_adds(o, "<table class=\"record\"><tr><th>time</th><th>kind</th><th>who</th><th>what</th></tr>\n");
		any = true;
		strbuf_printf(o, "<tr><td>%s</td><td>", lw_format_time(r->time, tb, sizeof tb));
		h(o, r->kind);
		strbuf_adds(o, "</td><td>");
		h(o, r->actor);
		strbuf_adds(o, "</td><td>");
		h(o, r->text);
		strbuf_adds(o, "</td></tr>\n");
	}
	if (any)
		strbuf_adds(o, "</table>\n");
	strbuf_adds(o, "</article>\n");
}

static void html_project(strbuf *o, const lw_member *mb, size_t m, const lw_alerts *al)
{
	const lw_project *p = &mb->proj;
	strbuf_printf(o, "<section class=\"project\" id=\"p%zu\"><h2>", m);
	h(o, mb->label);
	strbuf_adds(o, " <small>");
	h(o, p->dir);
	strbuf_adds(o, "</small></h2>\n<h3>Workflows</h3>\n<table><tr><th>system</th><th>name</th><th>phase</th>"
	               "<th>progress</th><th>flags</th></tr>\n");
	for (size_t i = 0; i < p->n; i++) {
		const lw_snapshot *s = p->src[i].good;
		for (size_t w = 0; s && w < s->nworkflows; w++) {
			const lw_workflow *wf = &s->workflows[w];
			strbuf_adds(o, "<tr><td>");
			h(o, wf->system);
			strbuf_adds(o, "</td><td>");
			h(o, wf->name);
			strbuf_adds(o, "</td><td>");
			h(o, wf->phase);
			strbuf_adds(o, "</td><td>");
			if (wf->max >= 0)
				strbuf_printf(o, "%d/%d", wf->iteration, wf->max);
			strbuf_adds(o, "</td><td>");
			h(o, wf->flags);
			strbuf_adds(o, "</td></tr>\n");
		}
	}
	strbuf_adds(o, "</table>\n<h3>Board</h3>\n<div class=\"board\">");
	for (int lane = 0; lane < LANE_COUNT; lane++) {
		strbuf_printf(o, "<div class=\"lane\"><h4>%s</h4><ul>", lw_lane_name((lw_lane)lane));
		size_t k = 0;
		for (size_t i = 0; i < p->n; i++) {
			const lw_snapshot *s = p->src[i].good;
			for (size_t t = 0; s && t < s->ntasks; t++, k++) {
				if ((int)s->tasks[t].lane != lane)
					continue;
				strbuf_printf(o, "<li><a href=\"#t%zu-%zu\">", m, k);
				h(o, s->tasks[t].system);
				strbuf_adds(o, ":");
				h(o, s->tasks[t].id);
				strbuf_adds(o, "</a></li>");
			}
		}
		strbuf_adds(o, "</ul></div>");
	}
	strbuf_adds(o, "</div>\n<h3>Agents</h3>\n<table><tr><th>system</th><th>agent</th><th>role</th><th>status</th>"
	               "<th>task</th></tr>\n");
	for (size_t i = 0; i < p->n; i++) {
		const lw_snapshot *s = p->src[i].good;
		for (size_t a = 0; s && a < s->nagents; a++) {
			const lw_agent *ag = &s->agents[a];
			strbuf_adds(o, "<tr class=\"agent\"><td>");
			h(o, ag->system);
			strbuf_adds(o, "</td><td>");
			h(o, ag->id);
			strbuf_adds(o, "</td><td>");
			h(o, ag->role);
			strbuf_adds(o, "</td><td>");
			h(o, ag->status);
			strbuf_adds(o, "</td><td>");
			h(o, ag->task);
			strbuf_adds(o, "</td></tr>\n");
		}
	}
	strbuf_adds(o, "</table>\n");
	html_alerts(o, p, al);
	strbuf_adds(o, "<h3>Tasks</h3>\n");
	size_t k = 0;
	for (size_t i = 0; i < p->n; i++) {
		const lw_snapshot *s = p->src[i].good;
		for (size_t t = 0; s && t < s->ntasks; t++, k++)
			html_task(o, p, m, k, s, &s->tasks[t]);
	}
	strbuf_adds(o, "</section>\n");
}

static void export_html(strbuf *o, const lw_fleet *f, const lw_alerts *al, const lw_queue *q, time_t now)
{
	char tb[32];
	size_t alerts = 0;
	for (size_t m = 0; m < f->n; m++)
		alerts += al[m].n;
	strbuf_adds(o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	               "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	               "style-src 'unsafe-inline'\">\n<title>liza-watch export</title>\n<style>");
	strbuf_adds(o, css);
	strbuf_printf(o, "</style></head><body>\n<h1>liza-watch: %zu project%s</h1>\n"
	              "<p id=\"summary\" data-alerts=\"%zu\" data-queue=\"%zu\">Written %s. %zu alerts, %zu waiting for a "
	              "human. File links are relative to each project's folder.</p>\n",
	              f->n, f->n == 1 ? "" : "s", alerts, q->n, lw_format_time(now, tb, sizeof tb), alerts, q->n);
	html_queue(o, q, now);
	for (size_t m = 0; m < f->n; m++)
		html_project(o, &f->v[m], m, &al[m]);
	strbuf_adds(o, "</body></html>\n");
}

/* ---- JSON: the same content ---- */

static void jstr(strbuf *o, const char *name, const char *v, bool first)
{
	strbuf_printf(o, "%s\"%s\": ", first ? "" : ", ", name);
	esc_json_str(o, v);
}

static void json_link_as(strbuf *o, const lw_project *p, const char *what, const char *path, const char *shown)
{
	char rel[PATH_MAX];
	bool exists;
	link_target(p, path, rel, sizeof rel, &exists);
	strbuf_adds(o, "{");
	jstr(o, "kind", what, true);
	jstr(o, "target", shown, false);
	strbuf_printf(o, ", \"broken\": %s}", exists ? "false" : "true");
}

static void json_link(strbuf *o, const lw_project *p, const char *what, const char *path)
{
	json_link_as(o, p, what, path, path);
}

static void export_json(strbuf *o, const lw_fleet *f, const lw_alerts *al, const lw_queue *q, time_t now)
{
	char tb[32];
	strbuf_printf(o, "{\"generated\": \"%s\", \"queue\": [", lw_format_time(now, tb, sizeof tb));
	for (size_t i = 0; i < q->n; i++) {
		strbuf_adds(o, i ? ", " : "");
		lw_queue_json(o, &q->v[i], now);
	}
	strbuf_adds(o, "], \"projects\": [");
	for (size_t m = 0; m < f->n; m++) {
		const lw_project *p = &f->v[m].proj;
		strbuf_adds(o, m ? ", {" : "{");
		jstr(o, "project", f->v[m].label, true);
		jstr(o, "dir", p->dir, false);
		strbuf_adds(o, ", \"workflows\": [");
		bool first = true;
		for (size_t i = 0; i < p->n; i++)
			for (size_t w = 0; p->src[i].good && w < p->src[i].good->nworkflows; w++, first = false) {
				const lw_workflow *wf = &p->src[i].good->workflows[w];
				strbuf_adds(o, first ? "{" : ", {");
				jstr(o, "system", wf->system, true);
				jstr(o, "name", wf->name, false);
				jstr(o, "phase", wf->phase, false);
				jstr(o, "flags", wf->flags, false);
				strbuf_printf(o, ", \"iteration\": %d, \"max\": %d}", wf->iteration, wf->max);
			}
		strbuf_adds(o, "], \"agents\": [");
		first = true;
		for (size_t i = 0; i < p->n; i++)
			for (size_t a = 0; p->src[i].good && a < p->src[i].good->nagents; a++, first = false) {
				const lw_agent *ag = &p->src[i].good->agents[a];
				strbuf_adds(o, first ? "{" : ", {");
				jstr(o, "system", ag->system, true);
				jstr(o, "id", ag->id, false);
				jstr(o, "role", ag->role, false);
				jstr(o, "status", ag->status, false);
				jstr(o, "task", ag->task, false);
				strbuf_adds(o, "}");
			}
		strbuf_adds(o, "], \"alerts\": [");
		for (size_t i = 0; i < al[m].n; i++) {
			const lw_alert *a = &al[m].v[i];
			strbuf_adds(o, i ? ", {" : "{");
			jstr(o, "level", lw_level_name(a->level), true);
			jstr(o, "system", a->system, false);
			jstr(o, "code", a->code, false);
			jstr(o, "subject", a->subject, false);
			jstr(o, "message", a->message, false);
			jstr(o, "explanation", explain(p, a), false);
			jstr(o, "since", lw_format_time(a->since, tb, sizeof tb), false);
			strbuf_adds(o, "}");
		}
		strbuf_adds(o, "], \"tasks\": [");
		first = true;
		for (size_t i = 0; i < p->n; i++) {
			const lw_snapshot *s = p->src[i].good;
			for (size_t k = 0; s && k < s->ntasks; k++, first = false) {
				const lw_task *t = &s->tasks[k];
				strbuf_adds(o, first ? "{" : ", {");
				jstr(o, "system", t->system, true);
				jstr(o, "id", t->id, false);
				jstr(o, "title", t->title, false);
				jstr(o, "status", t->status, false);
				jstr(o, "lane", lw_lane_name(t->lane), false);
				jstr(o, "assignee", t->assignee, false);
				jstr(o, "revision", t->revision, false);
				strbuf_adds(o, ", \"links\": [");
				bool lf = true;
				if (t->path) { json_link(o, p, "file", t->path); lf = false; }
				if (t->worktree) { strbuf_adds(o, lf ? "" : ", "); json_link(o, p, "worktree", t->worktree); lf = false; }
				char text[PATH_MAX], path[PATH_MAX];
				for (const char *sp = t->spec; sp && spec_next(&sp, text, sizeof text, path, sizeof path); lf = false) {
					strbuf_adds(o, lf ? "" : ", ");
					json_link_as(o, p, "spec", path, text);
				}
				for (size_t d = 0; d < t->ndepends; d++, lf = false) {
					strbuf_adds(o, lf ? "{" : ", {");
					jstr(o, "kind", "depends_on", true);
					jstr(o, "target", t->depends[d], false);
					strbuf_printf(o, ", \"broken\": %s}", task_index(p, t->system, t->depends[d]) < 0 ? "true" : "false");
				}
				strbuf_adds(o, "], \"record\": [");
				bool rf = true;
				for (size_t r = 0; r < s->nrecords; r++) {
					const lw_record *rc = &s->records[r];
					if (!rc->subject || strcmp(rc->subject, t->id) != 0)
						continue;
					strbuf_adds(o, rf ? "{" : ", {");
					rf = false;
					jstr(o, "time", lw_format_time(rc->time, tb, sizeof tb), true);
					jstr(o, "kind", rc->kind, false);
					jstr(o, "actor", rc->actor, false);
					jstr(o, "text", rc->text, false);
					strbuf_adds(o, "}");
				}
				strbuf_adds(o, "]}");
			}
		}
		strbuf_adds(o, "]}");
	}
	strbuf_adds(o, "]}\n");
}

static bool write_export(const lw_fleet *f, export_job *j)
{
	lw_queue q;
	lw_queue_init(&q);
	cmd_queue_build(f, j->al, &q, LW_QUEUE_AGE, &j->counts);
	time_t now = lw_now();
	strbuf text;
	strbuf_init(&text);
	if (j->html)
		export_html(&text, f, j->al, &q, now);
	else
		export_json(&text, f, j->al, &q, now);
	lw_queue_free(&q);
	bool ok = true;
	if (j->last.buf && j->last.len == text.len && memcmp(j->last.buf, text.buf, text.len) == 0) {
		strbuf_free(&text);
		return true;
	}
	if (strcmp(j->path, "-") == 0) {
		ok = fwrite(text.buf, 1, text.len, stdout) == text.len && fflush(stdout) == 0;
	} else {
		lw_error err;
		lw_error_clear(&err);
		if (store_write_atomic(j->path, text.buf, text.len, &err) != STORE_OK) {
			char msg[1200];
			cli_error("export: %s", lw_error_format(&err, msg, sizeof msg));
			j->rc = EXIT_IO;
			ok = false;
		}
	}
	strbuf_reset(&j->last);
	strbuf_add(&j->last, text.buf, text.len);
	strbuf_free(&text);
	return ok;
}

static bool on_change(const lw_fleet *f, size_t i, const lw_alerts *al, void *ctx)
{
	export_job *j = ctx;
	if (!follow_keep(j->al, j->reported, f, i, al))
		return true;
	return write_export(f, j);
}

/* Is FILE's folder inside a state folder of one of the projects? */
static const char *in_state_folder(const lw_fleet *f, const char *path)
{
	char dir[PATH_MAX], real[PATH_MAX], root[PATH_MAX];
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if (slash == dir)
		dir[1] = '\0';
	else
		*slash = '\0';
	if (!realpath(dir, real))
		return NULL;   /* the write says why */
	for (size_t m = 0; m < f->n; m++)
		for (size_t i = 0; i < f->v[m].proj.n; i++) {
			if (!realpath(f->v[m].proj.src[i].root, root))
				continue;
			size_t n = strlen(root);
			if (strncmp(real, root, n) == 0 && (real[n] == '/' || real[n] == '\0'))
				return f->v[m].proj.src[i].root;
		}
	return NULL;
}

static void run_checks(const lw_member *m, lw_alerts *al)
{
	lw_check_ctx ctx = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = al, .th = &m->cfg.th };
	lw_project_check(&m->proj, &ctx);
	lw_alerts_sort(al);
	cli_acks_mark(&m->proj, al);
}

static int cmd_export(const lw_opts *o, const cli_args *a)
{
	export_job j = { .rc = EXIT_OK };
	bool follow_mode = cli_args_has(a, "follow");
	if (cli_args_has(a, "html") && cli_args_has(a, "json")) {
		cli_error("export: --html and --json do not go together (choose one)");
		return EXIT_USAGE;
	}
	j.html = cli_args_has(a, "html");
	j.path = j.html ? cli_args_value(a, "html") : cli_args_value(a, "json");
	if (a->argc > 0 || !j.path || !*j.path || (j.html && strcmp(j.path, "-") == 0)) {
		cli_error("export: needs --html FILE or --json FILE (--json - prints it)");
		return EXIT_USAGE;
	}
	lw_fleet fl;
	if (cli_open_fleet(o, &fl, follow_mode) < 0)
		return EXIT_UNREADABLE;
	const char *state = strcmp(j.path, "-") != 0 ? in_state_folder(&fl, j.path) : NULL;
	if (state) {
		esc_print(stderr, "liza-watch: export: %s is inside the state folder %s: write it elsewhere", j.path, state);
		lw_fleet_free(&fl);
		return EXIT_USAGE;
	}
	j.al = lw_alerts_array(fl.n);
	j.reported = calloc(fl.n, sizeof *j.reported);
	strbuf_init(&j.last);
	lw_counts_init(&j.counts);
	if (follow_mode) {
		int rc = follow_run(o, &fl, on_change, &j);
		if (rc != EXIT_OK)
			j.rc = rc;
	} else {
		for (size_t i = 0; i < fl.n; i++)
			run_checks(&fl.v[i], &j.al[i]);
		write_export(&fl, &j);
	}
	lw_counts_free(&j.counts);
	strbuf_free(&j.last);
	free(j.reported);
	lw_alerts_array_free(j.al, fl.n);
	lw_fleet_free(&fl);
	return j.rc;
}

static const cli_option export_opts[] = {
	{ "html", 0, required_argument, "FILE", "one self-contained HTML page (no script, no network)" },
	{ "json", 0, required_argument, "FILE", "the same content as one JSON document (- for stdout)" },
	{ "follow", 'f', no_argument, NULL, "rewrite FILE atomically on each change" },
	{ NULL, 0, 0, NULL, NULL },
};

const cli_command cmd_export_entry = {
	"export", "--html FILE [--follow]\n--json FILE [--follow]", "a page to share: the projects' state as one HTML (or JSON) file",
	"Writes workflows, board, agents, alerts with their explanations, the queue,\n"
	"each task's record and the links between tasks, specs and worktrees (a link\n"
	"to nothing shown as broken) into one self-contained HTML file: no script, no\n"
	"network, no external asset; every string from a project escaped. --follow\n"
	"rewrites it atomically (a temp file renamed in FILE's folder) on each change.\n"
	"A FILE inside a project's state folders is refused.\n",
	export_opts, "", cmd_export, true, false,
};
