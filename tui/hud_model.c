/* hud_model.c — what the HUD shows, derived from the project: the filtered
 * task index, the selection kept by task key across reloads, alerts. */
#include "tui/hud.h"
#include "tui/triage.h"
#include "tui/view_queue.h"
#include "tui/sort.h"
#include "tui/search.h"
#include "notify/notify.h"
#include "core/model/alert_index.h"
#include "core/util/timeparse.h"
#include "core/util/grow.h"
#include "core/util/inputs.h"
#include "core/util/userdirs.h"
#include <curses.h>
#include <stdarg.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* The log keeps each message once (a reload repeats some), with its time. */
void hud_log(hud *h, const char *line)
{
	char stamp[16] = "";
	time_t now = time(NULL);
	struct tm tm;
	if (localtime_r(&now, &tm))
		strftime(stamp, sizeof stamp, "%H:%M:%S ", &tm);
	if (h->nlog && strcmp(h->log[(h->nlog - 1) % HUD_LOG_MAX] + strlen(stamp), line) == 0)
		return;
	if (!h->log && !(h->log = malloc(HUD_LOG_MAX * sizeof *h->log)))
		abort();   /* as every allocation of the HUD does when memory runs out */
	snprintf(h->log[h->nlog % HUD_LOG_MAX], sizeof h->log[0], "%s%s", stamp, line);
	h->nlog++;
}

void hud_log_free(hud *h)
{
	free(h->log);
	h->log = NULL;
	h->nlog = 0;
}

/* A message that says a task moved ("user-api: READY_FOR_REVIEW -> REJECTED")
 * names the task and where it went: once the task has been seen there and
 * then moves on (another writer, the CLI), the message is no longer true and
 * goes (message_expire). Any other message keeps no subject. */
static void message_expire(hud *h);

static void message_subject(hud *h, bool error)
{
	h->msg_task[0] = h->msg_to[0] = '\0';
	h->msg_seen = false;
	const char *arrow = error ? NULL : strstr(h->message, " -> ");
	if (!arrow)
		return;
	const char *colon = NULL;
	for (const char *c = h->message; c < arrow; c++)
		if (c[0] == ':' && c[1] == ' ')
			colon = c;
	if (!colon || colon == h->message)
		return;
	snprintf(h->msg_task, sizeof h->msg_task, "%.*s", (int)(colon - h->message), h->message);
	const char *to = arrow + 4;
	snprintf(h->msg_to, sizeof h->msg_to, "%.*s", (int)strcspn(to, " |,;"), to);
	message_expire(h);   /* the reload of the write may have come first: seen there already */
}

/* The task the message names, as the board has it now (id, system:id, or
 * label/system:id), or NULL. */
static const lw_task *message_task(const hud *h)
{
	for (size_t i = 0; i < h->nitems; i++) {
		const lw_task *t = h->items[i].task;
		char key[512];
		hud_task_key(h, &h->items[i], key, sizeof key);
		size_t kl = strlen(key), ml = strlen(h->msg_task);
		if (strcmp(t->id, h->msg_task) == 0 || strcmp(key, h->msg_task) == 0 ||
		    (kl > ml && strcmp(key + kl - ml, h->msg_task) == 0 && key[kl - ml - 1] == ':'))
			return t;
	}
	return NULL;
}

static void message_expire(hud *h)
{
	/* The message still the one that named it (others write the line too). */
	if (!h->msg_task[0] || h->message_error || strncmp(h->message, h->msg_task, strlen(h->msg_task)) != 0)
		return;
	const lw_task *t = message_task(h);
	if (!t || !t->status)
		return;
	if (strcmp(t->status, h->msg_to) == 0)
		h->msg_seen = true;
	else if (h->msg_seen) {
		h->message[0] = '\0';   /* it moved on since: the line would say what is no longer so */
		h->msg_task[0] = '\0';
	}
}

void hud_message(hud *h, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char raw[sizeof h->message];
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	hud_shown_text(h, raw, h->message, sizeof h->message);
	h->message_error = error;
	hud_log(h, h->message);
	message_subject(h, error);
}

const char *hud_shown_text(const hud *h, const char *text, char *buf, size_t n)
{
	if (!text || !h->fleet || h->fleet->n != 1) {
		snprintf(buf, n, "%s", text ? text : "");
		return buf;
	}
	const char *root = h->fleet->v[0].proj.dir;
	size_t rl = strlen(root), o = 0;
	for (const char *s = text; *s && o + 1 < n;) {
		/* the root at the start of a word, followed by a name below it */
		bool word = s == text || !(isalnum((unsigned char)s[-1]) || strchr("/._-~", s[-1]));
		if (word && rl > 1 && strncmp(s, root, rl) == 0 && s[rl] == '/' && s[rl + 1] && s[rl + 1] != ' ') {
			s += rl + 1;
			continue;
		}
		buf[o++] = *s++;
	}
	buf[o] = '\0';
	return buf;
}

static bool matches(const lw_task *t, const char *f)
{
	if (!*f)
		return true;
	/* Case folded as the search folds it (tui/search.h: "é" finds "É"). */
	const char *fields[] = { t->id, t->title, t->status, t->assignee, t->system };
	for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
		if (fields[i] && search_has(f, true, fields[i]))
			return true;
	return false;
}

/* What names a task across reloads: "system:id", after "project/" when
 * several projects are watched (two projects may both have liza:task-1). */
void hud_task_key(const hud *h, const hud_item *it, char *buf, size_t n)
{
	const char *label = hud_project_label(h, it->member);
	snprintf(buf, n, "%s%s%s:%s", label ? label : "", label ? "/" : "", it->task->system, it->task->id);
}

size_t hud_lane_count(const hud *h, int lane)
{
	size_t n = 0;
	for (size_t i = 0; i < h->nitems; i++)
		n += (int)h->items[i].task->lane == lane;
	return n;
}

size_t hud_lane_items(const hud *h, int lane, const hud_item **out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < h->nitems && n < max; i++)
		if ((int)h->items[i].task->lane == lane)
			out[n++] = &h->items[i];
	return n;
}

/* The nth item of a lane, or NULL. */
static const hud_item *lane_nth(const hud *h, int lane, int nth)
{
	int k = 0;
	for (size_t i = 0; i < h->nitems; i++)
		if ((int)h->items[i].task->lane == lane && k++ == nth)
			return &h->items[i];
	return NULL;
}

const hud_item *hud_selected(const hud *h)
{
	if (h->table_view)
		return h->table_row >= 0 && (size_t)h->table_row < h->nitems ? &h->items[h->table_row] : NULL;
	return lane_nth(h, h->lane, h->row);
}

void hud_select_key(hud *h)
{
	const hud_item *it = hud_selected(h);
	if (it)
		hud_task_key(h, it, h->sel_key, sizeof h->sel_key);
}

/* After the index changed: find the remembered task again, else keep the
 * position clamped to what exists. */
static void restore_selection(hud *h)
{
	char key[256];
	for (size_t i = 0; h->sel_key[0] && i < h->nitems; i++) {
		hud_task_key(h, &h->items[i], key, sizeof key);
		if (strcmp(key, h->sel_key) != 0)
			continue;
		h->table_row = (int)i;
		h->lane = (int)h->items[i].task->lane;
		h->row = 0;
		for (size_t j = 0; j < i; j++)
			h->row += h->items[j].task->lane == h->items[i].task->lane;
		h->sel_hidden = false;
		return;
	}
	/* The remembered task is filtered out: say so (it comes back when the
	 * filter is cleared), the selection stays on a task that is shown. */
	/* Said once when it becomes hidden: a reload must not write over the
	 * message of what the operator just did. */
	bool hidden = h->sel_key[0] && h->filter[0];
	if (hidden && !h->sel_hidden)
		hud_message(h, false, "%s is hidden by the filter '%s' (Esc clears it)", h->sel_key, h->filter);
	h->sel_hidden = hidden;
	if (h->table_row >= (int)h->nitems)
		h->table_row = h->nitems ? (int)h->nitems - 1 : 0;
	int n = (int)hud_lane_count(h, h->lane);
	/* An emptied lane: the selection goes to the nearest lane with a card,
	 * so there always is one to see and act on. */
	for (int d = 1; !n && d < LANE_COUNT; d++)
		for (int sgn = -1; sgn <= 1 && !n; sgn += 2) {
			int l = h->lane + sgn * d;
			if (l >= 0 && l < LANE_COUNT && hud_lane_count(h, l)) {
				h->lane = l;
				n = (int)hud_lane_count(h, l);
			}
		}
	if (h->row >= n)
		h->row = n ? n - 1 : 0;
}

size_t hud_nsources(const hud *h)
{
	size_t n = 0;
	for (size_t m = 0; m < h->fleet->n; m++)
		if (h->only < 0 || (size_t)h->only == m)
			n += h->fleet->v[m].proj.n;
	return n;
}

const lw_source *hud_source(const hud *h, size_t i, size_t *member)
{
	for (size_t m = 0; m < h->fleet->n; m++) {
		if (h->only >= 0 && (size_t)h->only != m)
			continue;
		const lw_project *p = &h->fleet->v[m].proj;
		if (i < p->n) {
			if (member)
				*member = m;
			return &p->src[i];
		}
		i -= p->n;
	}
	return NULL;
}

const char *hud_project_label(const hud *h, size_t m)
{
	return h->fleet->n > 1 && m < h->fleet->n ? h->fleet->v[m].label : NULL;
}

/* The folder as a person names it: absolute (".", the default, says
 * nothing about which project this terminal shows), the home folder as "~". */
static const char *display_dir(const char *dir, char *buf, size_t n)
{
	char abs[LW_PATH_MAX];
	if (!realpath(dir, abs))
		return dir;   /* gone: as given, and the board says it waits for it */
	const char *home = lw_user_home();
	size_t hl = home ? strlen(home) : 0;
	while (hl > 1 && home[hl - 1] == '/')
		hl--;
	if (hl > 1 && strncmp(abs, home, hl) == 0 && (abs[hl] == '/' || abs[hl] == '\0'))
		snprintf(buf, n, "~%s", abs + hl);
	else
		snprintf(buf, n, "%s", abs);
	return buf;
}

void hud_dirs_shown(hud *h)
{
	h->dirs_shown = calloc(h->fleet->n, sizeof *h->dirs_shown);
	for (size_t m = 0; h->dirs_shown && m < h->fleet->n; m++) {
		char b[LW_PATH_MAX];
		h->dirs_shown[m] = strdup(display_dir(h->fleet->v[m].proj.dir, b, sizeof b));
	}
}

void hud_dirs_shown_free(hud *h)
{
	for (size_t m = 0; h->dirs_shown && m < h->fleet->n; m++)
		free(h->dirs_shown[m]);
	free(h->dirs_shown);
	h->dirs_shown = NULL;
}

static const char *dir_shown(const hud *h, size_t m)
{
	return h->dirs_shown && h->dirs_shown[m] ? h->dirs_shown[m] : h->fleet->v[m].proj.dir;
}

const char *hud_where(const hud *h, char *buf, size_t n)
{
	if (h->fleet->n == 1)
		return dir_shown(h, 0);
	if (h->only >= 0) {
		snprintf(buf, n, "%s (%d of %zu projects)", dir_shown(h, (size_t)h->only), h->only + 1, h->fleet->n);
	} else {
		snprintf(buf, n, "%zu projects", h->fleet->n);
	}
	return buf;
}

const char *hud_source_dir(const hud *h, const lw_source *src)
{
	for (size_t m = 0; src && m < h->fleet->n; m++) {
		const lw_project *p = &h->fleet->v[m].proj;
		if (src >= p->src && src < p->src + p->n)
			return p->dir;
	}
	return ".";
}

const char *hud_source_label(const hud *h, const lw_source *src)
{
	for (size_t m = 0; src && m < h->fleet->n; m++) {
		const lw_project *p = &h->fleet->v[m].proj;
		if (src >= p->src && src < p->src + p->n)
			return hud_project_label(h, m);
	}
	return NULL;
}

void hud_narrow_next(hud *h)
{
	if (h->fleet->n < 2) {
		hud_message(h, false, "one project is watched: nothing to narrow (give -C more than once)");
		return;
	}
	h->only = h->only + 1 >= (int)h->fleet->n ? -1 : h->only + 1;
	if (h->only < 0)
		hud_message(h, false, "showing every project (%zu)", h->fleet->n);
	else
		hud_message(h, false, "showing project %s only (o: the next)", h->fleet->v[h->only].label);
	hud_rebuild(h);
	hud_recheck(h);
}

/* After the rows changed: the selection found again, the message and the
 * workflow row kept true. */
static void rebuilt(hud *h)
{
	restore_selection(h);
	message_expire(h);
	/* A workflow may have gone (cleared, finished): keep the selection on
	 * a row that exists, or the pane scrolls past its only row. */
	size_t nw = hud_workflow_count(h);
	if ((size_t)h->workflow_row >= nw)
		h->workflow_row = nw ? (int)nw - 1 : 0;
}

void hud_rebuild(hud *h)
{
	h->nitems = 0;
	for (size_t s = 0, ns = hud_nsources(h); s < ns; s++) {
		size_t member = 0;
		const lw_source *src = hud_source(h, s, &member);
		if (!src->good)
			continue;
		for (size_t i = 0; i < src->good->ntasks; i++) {
			const lw_task *t = &src->good->tasks[i];
			if (!matches(t, h->filter))
				continue;
			h->items = lw_grow(h->items, &h->cap_items, h->nitems, sizeof *h->items, 64);
			h->items[h->nitems++] = (hud_item){ t, src, member };
		}
	}
	sort_table_items(h);   /* the table by its column, when one is chosen (tui/sort.h) */
	rebuilt(h);
}

void hud_refilter(hud *h, const char *text)
{
	/* A task that holds the new text holds any part of it: when the filter
	 * shown is in the new one (a key typed at its end), the rows shown are
	 * the only candidates. They stay in their order, sorted already; the
	 * cost of a key follows what is still shown, not the whole project. */
	bool narrows = h->filter[0] && search_find(h->filter, true, text, strlen(text), 0) >= 0;
	snprintf(h->filter, sizeof h->filter, "%s", text);
	if (!narrows) {
		hud_rebuild(h);
		return;
	}
	size_t k = 0;
	for (size_t i = 0; i < h->nitems; i++)
		if (matches(h->items[i].task, h->filter))
			h->items[k++] = h->items[i];
	h->nitems = k;
	rebuilt(h);
}

/* Severity first, as check prints them; within a level the newest first,
 * so a CRIT that just came is the top row. */
static int cmp_severity(const void *pa, const void *pb)
{
	const lw_alert *a = pa, *b = pb;
	if (a->level != b->level)
		return a->level > b->level ? -1 : 1;
	if (a->since != b->since)
		return a->since > b->since ? -1 : 1;
	int c = strcmp(a->code, b->code);
	return c ? c : strcmp(a->key, b->key);
}

/* One project's alerts as its last check left them (labelled), and the
 * time that check said it would change by itself. */
typedef struct hud_checked {
	lw_alerts alerts;
	time_t next;
	bool valid;
} hud_checked;

void hud_checked_free(hud *h)
{
	view_queue_free(h);   /* the queue is built from the checks' alerts */
	if (!h->checked)
		return;
	for (size_t m = 0; m < h->fleet->n; m++)
		lw_alerts_free(&h->checked[m].alerts);
	free(h->checked);
	h->checked = NULL;
}

/* Check project m into fresh, and keep a copy for the next partial recheck.
 * Returns the time its alerts change by themselves (LW_NO_TIME: never). */
static time_t check_member(hud *h, size_t m, time_t now, lw_alerts *fresh)
{
	size_t first = fresh->n;
	/* Each project is judged by its own config's thresholds. */
	lw_check_ctx ctx = { .now = now, .next_deadline = LW_NO_TIME, .out = fresh,
	                     .th = h->fleet->n > 1 ? &h->fleet->v[m].cfg.th : h->opts->th };
	lw_project_check(&h->fleet->v[m].proj, &ctx);
	/* With several projects an alert's identity includes its project:
	 * two projects' task-1 are two alerts. */
	const char *label = hud_project_label(h, m);
	for (size_t i = first; label && i < fresh->n; i++) {
		fresh->v[i].project = label;
		fresh->v[i].key = arena_printf(&fresh->mem, "%s\x1f%s", label, fresh->v[i].key);
	}
	if (!h->checked)
		return ctx.next_deadline;
	hud_checked *c = &h->checked[m];
	lw_alerts_clear(&c->alerts);
	for (size_t i = first; i < fresh->n; i++)
		lw_alerts_add_copy(&c->alerts, &fresh->v[i]);
	c->next = ctx.next_deadline;
	c->valid = true;
	return ctx.next_deadline;
}

void hud_recheck(hud *h) { hud_recheck_changed(h, NULL); }

void hud_recheck_changed(hud *h, const bool *changed)
{
	lw_alerts fresh;
	lw_alerts_init(&fresh);
	time_t now = lw_now(), next = LW_NO_TIME;
	/* Only a fleet gains from keeping a project's alerts: one project is
	 * always the one that changed. */
	if (!h->checked && h->fleet->n > 1) {
		h->checked = calloc(h->fleet->n, sizeof *h->checked);
		for (size_t m = 0; h->checked && m < h->fleet->n; m++)
			lw_alerts_init(&h->checked[m].alerts);
	}
	/* Every project is checked, shown or not: a CRIT in a project the view
	 * is narrowed away from still rings and notifies. After a reload, a
	 * project that did not change keeps the alerts of its last check until
	 * its own deadline (an age crossing a threshold) or the timed recheck
	 * of every project, at least once a minute: what its checks read
	 * besides its state (spec files, worktrees) is not watched anyway. */
	for (size_t m = 0; m < h->fleet->n; m++) {
		hud_checked *c = h->checked ? &h->checked[m] : NULL;
		time_t nd;
		if (changed && !changed[m] && c && c->valid && (c->next == LW_NO_TIME || now < c->next)) {
			for (size_t i = 0; i < c->alerts.n; i++)
				lw_alerts_add_copy(&fresh, &c->alerts.v[i]);
			nd = c->next;
		} else {
			nd = check_member(h, m, now, &fresh);
		}
		if (nd != LW_NO_TIME && (next == LW_NO_TIME || nd < next))
			next = nd;
	}
	lw_alerts_carry_since(&fresh, &h->all_alerts);
	/* A CRIT that was not there before rings the bell, once, and scrolls
	 * the pane back to its top row, where it is. */
	const lw_alert *new_crit = NULL;
	lw_alert_index before;
	lw_alert_index_init(&before, &h->all_alerts);
	for (size_t i = 0; i < fresh.n && !new_crit; i++)
		if (fresh.v[i].level == LW_CRIT &&
		    !lw_alert_index_find(&before, fresh.v[i].system, fresh.v[i].code, fresh.v[i].key))
			new_crit = &fresh.v[i];
	lw_alert_index_free(&before);
	if (new_crit) {
		h->bell |= h->bell_on;   /* as notify.bell and notify.level say */
		h->alert_row = 0;
		if (h->only >= 0 && new_crit->project && strcmp(new_crit->project, h->fleet->v[h->only].label) != 0)
			hud_message(h, true, "new CRIT in project %s: %s %s (o shows the next project)", new_crit->project,
			            new_crit->code, new_crit->subject);
	}
	if (fresh.n > 1)
		qsort(fresh.v, fresh.n, sizeof *fresh.v, cmp_severity);
	triage_after_check(h, &fresh, &h->all_alerts);
	lw_alerts_free(&h->all_alerts);
	h->all_alerts = fresh;
	/* The pane shows the narrowed project's alerts only. */
	lw_alerts_free(&h->alerts);
	lw_alerts_init(&h->alerts);
	for (size_t i = 0; i < fresh.n; i++) {
		const lw_alert *a = &fresh.v[i];
		if (h->only >= 0 && a->project && strcmp(a->project, h->fleet->v[h->only].label) != 0)
			continue;
		lw_alerts_add_copy(&h->alerts, a);
	}
	sort_alert_rows(h);   /* by the column chosen (tui/sort.h), else as above */
	h->next_deadline = next;
	view_queue_update(h);
	if (h->notify)
		notify_update(h->notify, &h->all_alerts);
	if (h->alert_row >= (int)h->alerts.n)
		h->alert_row = h->alerts.n ? (int)h->alerts.n - 1 : 0;
}

size_t hud_workflow_count(const hud *h)
{
	size_t n = 0;
	for (size_t s = 0, ns = hud_nsources(h); s < ns; s++) {
		const lw_source *src = hud_source(h, s, NULL);
		if (src->good)
			n += src->good->nworkflows;
	}
	return n;
}

const lw_workflow *hud_workflow(const hud *h, size_t i, const lw_source **src)
{
	for (size_t s = 0, ns = hud_nsources(h); s < ns; s++) {
		const lw_source *so = hud_source(h, s, NULL);
		const lw_snapshot *g = so->good;
		if (!g)
			continue;
		if (i < g->nworkflows) {
			if (src)
				*src = so;
			return &g->workflows[i];
		}
		i -= g->nworkflows;
	}
	return NULL;
}
