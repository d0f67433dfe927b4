/* view_detail.c — every field of the selected task, straight from its source
 * node (history, reasons, dependencies included), of an alert and its task,
 * or of a workflow, scrollable; and the log view (L), the last messages in
 * the same frame. */
#include "tui/view.h"
#include "tui/pane.h"
#include "tui/keymap.h"
#include "tui/search.h"
#include "core/util/timeparse.h"
#include "core/util/grow.h"
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const hud_view_def view_log;

typedef struct lines {
	char **v;
	size_t n, cap;
} lines;

static void add_line(lines *l, int indent, const char *prefix, const char *text, size_t len)
{
	l->v = lw_grow(l->v, &l->cap, l->n, sizeof *l->v, 64);
	strbuf b;
	strbuf_init(&b);
	for (int i = 0; i < indent; i++)
		strbuf_addc(&b, ' ');
	strbuf_adds(&b, prefix);
	strbuf_add(&b, text, len);
	l->v[l->n++] = strbuf_detach(&b, NULL);
}

/* A scalar on one line, or one line per line of a multi-line value. */
static void add_scalar(lines *l, int indent, const char *prefix, const doc_node *n)
{
	const char *s = n->u.scalar.str;
	if (!memchr(s, '\n', n->u.scalar.len)) {
		add_line(l, indent, prefix, s, n->u.scalar.len);
		return;
	}
	add_line(l, indent, prefix, "|", 1);
	const char *end = s + n->u.scalar.len;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t len = nl ? (size_t)(nl - s) : (size_t)(end - s);
		add_line(l, indent + 2, "", s, len);
		s += len + (nl != NULL);
	}
}

/* first: what stands before the first key of a mapping ("- " inside a list,
 * so an item reads "- time: …" as in YAML). */
static void render(lines *l, const doc_node *n, int indent, int depth, const char *first)
{
	n = doc_deref(n);
	if (!n || depth > 32)
		return;
	if (n->kind == DOC_MAP) {
		for (const doc_node *k = doc_map_first(n); k; k = doc_map_next(k)) {
			const doc_node *v = doc_deref(k->next);
			const char *key = doc_is_scalar(k) ? doc_deref(k)->u.scalar.str : "?";
			char prefix[256];
			bool lead = first && k == doc_map_first(n);
			snprintf(prefix, sizeof prefix, "%s%s: ", lead ? first : first ? "  " : "", key);
			if (v && v->kind == DOC_SCALAR)
				add_scalar(l, indent, prefix, v);
			else if (v && (v->kind == DOC_MAP || v->kind == DOC_SEQ) && v->u.coll.count == 0)
				add_line(l, indent, prefix, v->kind == DOC_MAP ? "{}" : "[]", 2);
			else {
				add_line(l, indent, prefix, "", 0);
				render(l, v, indent + (first ? 4 : 2), depth + 1, NULL);
			}
		}
	} else if (n->kind == DOC_SEQ) {
		for (const doc_node *i = doc_seq_first(n); i; i = i->next) {
			const doc_node *v = doc_deref(i);
			if (v->kind == DOC_SCALAR)
				add_scalar(l, indent, "- ", v);
			else if (v->kind == DOC_MAP && v->u.coll.count)
				render(l, v, indent, depth + 1, "- ");
			else {
				add_line(l, indent, "-", "", 0);
				render(l, v, indent + 2, depth + 1, NULL);
			}
		}
	} else {
		add_scalar(l, indent, "", n);
	}
}

/* Text cut into lines of at most w columns, at spaces where it can. */
static void add_wrapped(lines *l, const hud *h, int indent, const char *text, int w)
{
	if (w < 20)
		w = 20;
	for (const char *s = text; *s;) {
		size_t nl = strcspn(s, "\n");
		size_t len = nl;
		if ((int)len > w) {
			len = (size_t)w;
			for (size_t k = len; k > (size_t)w / 2; k--)
				if (s[k] == ' ') { len = k; break; }
			/* never in the middle of a UTF-8 character */
			while (len > 1 && ((unsigned char)s[len] & 0xC0) == 0x80)
				len--;
		}
		add_line(l, indent, "", s, len);
		s += len;
		while (*s == ' ' && len != nl)
			s++;
		if (*s == '\n')
			s++;
	}
	(void)h;
}

/* The adapter's derived lines, then every field of the task's node. */
static void task_lines(lines *l, const hud_item *it)
{
	const lw_task *t = it->task;
	if (it->src->adapter->detail) {
		/* What the system derives (a mode, an age at now) before the fields. */
		strbuf b;
		strbuf_init(&b);
		it->src->adapter->detail(it->src, t, lw_now(), &b);
		for (const char *s = b.buf; s && *s;) {
			size_t len = strcspn(s, "\n");
			add_line(l, 1, "", s, len);
			s += len + (s[len] == '\n');
		}
		if (b.len)
			add_line(l, 1, "", "--", 2);
		strbuf_free(&b);
	}
	render(l, t->node, 1, 0, NULL);
}

/* A workflow's own fields. When its node is the whole state (Liza's goal
 * lives beside the task list), the tasks are left to their cards: each has
 * a detail view of its own, and hundreds of them would bury the goal. */
static void workflow_fields(lines *l, const doc_node *node)
{
	const doc_node *n = doc_deref(node);
	if (!n || n->kind != DOC_MAP) {
		render(l, node, 1, 0, NULL);
		return;
	}
	for (const doc_node *k = doc_map_first(n); k; k = doc_map_next(k)) {
		const doc_node *v = doc_deref(k->next);
		const char *key = doc_is_scalar(k) ? doc_deref(k)->u.scalar.str : "?";
		if (strcmp(key, "tasks") == 0 && v && v->kind == DOC_SEQ) {
			char buf[96];
			snprintf(buf, sizeof buf, "tasks: %zu (on the board: Enter on a card shows one)", v->u.coll.count);
			add_line(l, 1, "", buf, strlen(buf));
			continue;
		}
		/* One pair at a time, as render draws a mapping's. */
		char prefix[256];
		snprintf(prefix, sizeof prefix, "%s: ", key);
		if (v && v->kind == DOC_SCALAR)
			add_scalar(l, 1, prefix, v);
		else if (v && (v->kind == DOC_MAP || v->kind == DOC_SEQ) && v->u.coll.count == 0)
			add_line(l, 1, prefix, v->kind == DOC_MAP ? "{}" : "[]", 2);
		else {
			add_line(l, 1, prefix, "", 0);
			render(l, v, 3, 1, NULL);
		}
	}
}

/* An alert kept for the detail view. */
typedef struct alert_copy {
	lw_level level;
	char project[LW_LABEL_MAX];   /* "" with one project */
	char system[32], code[64], subject[256], message[1200];
	time_t since;
} alert_copy;

/* The detail view's own state (its private block, tui/view.h): what it
 * shows — the selected task, an alert (a copy: the alerts are rebuilt by
 * every check run) with its task, or a workflow — and the line on top. */
typedef struct detail_state {
	enum { DETAIL_TASK, DETAIL_ALERT, DETAIL_WORKFLOW } kind;
	alert_copy alert;
	int scroll;
} detail_state;
/* The message log's: the line on top. */
typedef struct log_state {
	int scroll;
} log_state;

static detail_state *state(hud *h) { return views_private(h, &view_detail); }
static log_state *log_st(hud *h) { return views_private(h, &view_log); }

/* The task an alert is about: same project and system, its subject the task's id. */
static const hud_item *alert_task(const hud *h, const alert_copy *a)
{
	for (size_t i = 0; i < h->nitems; i++) {
		const char *label = hud_project_label(h, h->items[i].member);
		if (strcmp(label ? label : "", a->project) == 0 &&
		    strcmp(h->items[i].task->system, a->system) == 0 &&
		    strcmp(h->items[i].task->id, a->subject) == 0)
			return &h->items[i];
	}
	return NULL;
}

void view_detail_open_alert(hud *h, const lw_alert *a)
{
	detail_state *d = state(h);
	d->alert.level = a->level;
	snprintf(d->alert.project, sizeof d->alert.project, "%s", a->project ? a->project : "");
	snprintf(d->alert.system, sizeof d->alert.system, "%s", a->system);
	snprintf(d->alert.code, sizeof d->alert.code, "%s", a->code);
	snprintf(d->alert.subject, sizeof d->alert.subject, "%s", a->subject);
	snprintf(d->alert.message, sizeof d->alert.message, "%s", a->message);
	d->alert.since = a->since;
	d->kind = DETAIL_ALERT;
	d->scroll = 0;
	h->search_for = NULL;   /* a new subject: no search yet */
	views_push(h, &view_detail);
	/* Its task becomes the board's selection, so the keys that act on a
	 * task act on it once the view is closed. */
	const hud_item *it = alert_task(h, &d->alert);
	if (it) {
		hud_task_key(h, it, h->sel_key, sizeof h->sel_key);
		hud_rebuild(h);
	}
}

/* Enter opens what the focused pane selects: a workflow, an alert, a task. */
static bool can(const hud *h)
{
	if (h->focus == &pane_workflows)
		return hud_workflow_count(h) > 0;
	if (h->focus == &pane_alerts)
		return h->alerts.n > 0;
	return hud_selected(h) != NULL;
}

static void open_task(hud *h)
{
	state(h)->kind = DETAIL_TASK;
	state(h)->scroll = 0;
	h->search_for = NULL;   /* a new subject: no search yet */
	views_push(h, &view_detail);
}

void view_detail_open_workflow(hud *h)
{
	state(h)->kind = DETAIL_WORKFLOW;
	state(h)->scroll = 0;
	h->search_for = NULL;   /* a new subject: no search yet */
	views_push(h, &view_detail);
}

static void open_log(hud *h)
{
	log_st(h)->scroll = 1000000;   /* the newest at the bottom, in view */
	h->search_for = NULL;
	views_push(h, &view_log);
}

/* Each line cut to the screen's width, at spaces where it can: a field of
 * any length (a 2,371-character reject reason) reads in full, its further
 * lines indented two past its own (issue 36). Frees in. */
static void wrap_lines(const hud *h, lines *in, lines *out)
{
	for (size_t i = 0; i < in->n; i++) {
		const char *s = in->v[i];
		int lead = (int)strspn(s, " ");
		int indent = lead + 2 < h->cols / 2 ? lead + 2 : 0;
		bool first = true;
		do {
			int w = first ? h->cols : h->cols - indent;
			size_t next, len = text_wrap_line(h, s, w, &next);
			add_line(out, first ? 0 : indent, "", s, len);
			s += next;
			first = false;
		} while (*s);
		free(in->v[i]);
	}
	free(in->v);
	in->v = NULL;
	in->n = in->cap = 0;
}

static void free_lines(lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

/* The title, the lines from *scroll (kept in range), the footer; frees l. */
static void show(hud *h, const search_view *sv, const char *title, lines *raw, int *scroll)
{
	lines wrapped = { 0 }, *l = &wrapped;
	wrap_lines(h, raw, l);
	text_fill_row(h, 0, 0, h->cols, EL_HEADER);
	text_put(h, 0, 0, h->cols, title, EL_HEADER);
	int rows = h->rows - 2;
	if (*scroll > (int)l->n - rows)
		*scroll = (int)l->n - rows;
	if (*scroll < 0)
		*scroll = 0;
	for (int r = 0; r < rows && (size_t)(*scroll + r) < l->n; r++) {
		text_put(h, 1 + r, 0, h->cols, l->v[*scroll + r], EL_NORMAL);
		search_mark(h, sv, 1 + r, 0, h->cols, l->v[*scroll + r]);
	}
	size_t n = l->n;
	free_lines(l);
	text_fill_row(h, h->rows - 1, 0, h->cols, EL_NORMAL);
	text_putf(h, h->rows - 1, 0, h->cols, EL_DIM,
	          " Up/Down PgUp/PgDn Home/End scroll  / n N search  Esc/q back  line %d of %zu",
	          *scroll + 1, n);
	search_footer(h, sv);
}

static void log_lines(hud *h, lines *l, char *title, size_t tn)
{
	snprintf(title, tn, " Messages (the last %d, oldest first)", HUD_LOG_MAX);
	size_t from = h->nlog > HUD_LOG_MAX ? h->nlog - HUD_LOG_MAX : 0;
	for (size_t i = from; i < h->nlog; i++)
		add_wrapped(l, h, 1, h->log[i % HUD_LOG_MAX], h->cols - 2);
	if (!h->nlog)
		add_line(l, 1, "", "no messages yet", 15);
}

/* What the view shows: false when its subject is gone (the view closed). */
static bool detail_lines(hud *h, lines *lp, char *title, size_t tn)
{
	lines l = { 0 }, *l_ = &l;
	const detail_state *d = state(h);
	if (d->kind == DETAIL_ALERT) {
		const alert_copy *a = &d->alert;
		char age[24], buf[512], subj[sizeof a->subject], msg[sizeof a->message];
		lw_format_age((long long)(lw_now() - a->since), age, sizeof age);
		snprintf(title, tn, " %s %s %s: %s", lw_level_name(a->level), a->system, a->code,
		         hud_shown_text(h, a->subject, subj, sizeof subj));
		snprintf(buf, sizeof buf, "%s for %s", lw_level_name(a->level), age);
		add_line(l_, 1, "", buf, strlen(buf));
		add_wrapped(l_, h, 1, hud_shown_text(h, a->message, msg, sizeof msg), h->cols - 2);
		const hud_item *it = alert_task(h, a);
		if (it) {
			snprintf(buf, sizeof buf, "-- task %s:%s  %s  (%s)", it->task->system, it->task->id,
			         it->task->status,
			         it->task->path ? lw_project_shown_path(&h->fleet->v[it->member].proj, it->task->path) : "");
			add_line(l_, 1, "", buf, strlen(buf));
			task_lines(l_, it);
		} else if (strcmp(a->code, "parse_error") == 0) {
			add_line(l_, 1, "", "-- the file is shown as it was last read; fix it at the line above", 67);
		}
	} else if (d->kind == DETAIL_WORKFLOW) {
		const lw_source *src = NULL;
		const lw_workflow *w = hud_workflow(h, (size_t)h->workflow_row, &src);
		if (!w) {
			views_close(h, &view_detail);   /* gone: the screen below is drawn */
			return false;
		}
		const char *label = hud_source_label(h, src);
		snprintf(title, tn, " workflow %s%s%s:%s  %s", label ? label : "", label ? "/" : "", w->system,
		         w->name ? w->name : "-", w->phase ? w->phase : "");
		char buf[256];
		if (w->max > 0) {
			snprintf(buf, sizeof buf, "gauge: %d of %d", w->iteration, w->max);
			add_line(l_, 1, "", buf, strlen(buf));
		}
		if (w->flags && *w->flags) {
			snprintf(buf, sizeof buf, "flags: %s", w->flags);
			add_line(l_, 1, "", buf, strlen(buf));
		}
		if (src->failed)
			add_line(l_, 1, "", "stale: its state cannot be read now; this is the last good version", 66);
		if (w->node) {
			add_line(l_, 1, "", "--", 2);
			workflow_fields(l_, w->node);
		}
	} else {
		const hud_item *it = hud_selected(h);
		if (!it) {
			views_close(h, &view_detail);
			return false;
		}
		const lw_task *t = it->task;
		snprintf(title, tn, " %s:%s  %s  (%s)", t->system, t->id, t->status,
		         t->path ? lw_project_shown_path(&h->fleet->v[it->member].proj, t->path) : "");
		task_lines(l_, it);
	}
	*lp = l;
	return true;
}

/* A search reads the lines as drawn: wrapped to the screen, made once for it. */
static lines found;
static size_t found_count(hud *h) { (void)h; return found.n; }
static const char *found_line(hud *h, size_t i, strbuf *b) { (void)h; (void)b; return found.v[i]; }
static void found_end(hud *h) { (void)h; free_lines(&found); }
static void detail_begin(hud *h)
{
	lines raw = { 0 };
	char title[512];
	if (detail_lines(h, &raw, title, sizeof title))
		wrap_lines(h, &raw, &found);
}
static void log_begin(hud *h)
{
	lines raw = { 0 };
	char title[128];
	log_lines(h, &raw, title, sizeof title);
	wrap_lines(h, &raw, &found);
}
static size_t detail_top(hud *h) { return (size_t)state(h)->scroll; }
static void detail_go(hud *h, size_t i) { state(h)->scroll = (int)i; }
static size_t log_top(hud *h) { return (size_t)log_st(h)->scroll; }
static void log_go(hud *h, size_t i) { log_st(h)->scroll = (int)i; }
static const search_view detail_search = { found_count, found_line, detail_top, detail_go, detail_begin, found_end };
static const search_view log_search = { found_count, found_line, log_top, log_go, log_begin, found_end };

static void draw(hud *h, unsigned dirty)
{
	(void)dirty;
	lines l = { 0 };
	char title[512];
	if (detail_lines(h, &l, title, sizeof title))
		show(h, &detail_search, title, &l, &state(h)->scroll);
}

static void draw_log(hud *h, unsigned dirty)
{
	(void)dirty;
	lines l = { 0 };
	char title[128];
	log_lines(h, &l, title, sizeof title);
	show(h, &log_search, title, &l, &log_st(h)->scroll);
}

/* Scroll by the movement keys; the keys that leave a view, and detail's own, close it. */
static void scroll_or_leave(hud *h, const search_view *sv, int ch, int *scroll)
{
	const char *a = keymap_action_of(h->keymap, ch);
	if (!search_key(h, sv, ch) && !views_scroll_key(h, ch, a, scroll) && (views_leave_key(ch, a) || (a && strcmp(a, "detail") == 0)))
		views_pop(h);
}

static void key(hud *h, int ch) { scroll_or_leave(h, &detail_search, ch, &state(h)->scroll); }
static void key_log(hud *h, int ch) { scroll_or_leave(h, &log_search, ch, &log_st(h)->scroll); }

const hud_view_def view_detail = {
	.name = "detail",
	.action = "detail",
	.can = can,
	.open = open_task,
	.draw = draw,
	.key = key,
	.private_size = sizeof(detail_state),
};

const hud_view_def view_log = {
	.name = "log",
	.action = "log",
	.open = open_log,
	.draw = draw_log,
	.key = key_log,
	.private_size = sizeof(log_state),
};
