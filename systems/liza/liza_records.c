/* liza_records.c — see liza_records.h. */
#include "systems/liza/liza_records.h"
#include "core/model/activity.h"
#include "core/util/timeparse.h"
#include <string.h>

/* Where the last `want` top-level items ("- " at the start of a line) begin. */
static size_t tail_start(const char *buf, size_t len, size_t want)
{
	size_t found = 0, at = len;
	for (size_t i = len; i-- > 0 && found < want;) {
		if (buf[i] == '-' && (i == 0 || buf[i - 1] == '\n') &&
		    (i + 1 == len || buf[i + 1] == ' ' || buf[i + 1] == '\n' || buf[i + 1] == '\r')) {
			found++;
			at = i;
		}
	}
	return found ? at : len;
}

typedef struct scan {
	arena *a;
	lw_record *v;
	size_t n, max;
	const char *key;          /* the field the next scalar is the value of, or NULL */
} scan;

static int on_event(const doc_event *ev, void *ctx)
{
	scan *s = ctx;
	if (ev->depth == 1 && ev->kind != DOC_EV_END) {
		if (s->n == s->max) {   /* more items than looked for: keep the newest */
			memmove(s->v, s->v + 1, (s->max - 1) * sizeof *s->v);
			s->n--;
		}
		lw_record *r = &s->v[s->n++];
		memset(r, 0, sizeof *r);
		r->time = LW_NO_TIME;
		r->kind = "log";
		return 0;
	}
	if (ev->depth != 2 || ev->kind != DOC_EV_SCALAR || !s->n)
		return 0;
	if (ev->is_key) {
		static const char *const keys[] = { "timestamp", "agent", "action", "task", "detail" };
		s->key = NULL;
		for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
			if (strcmp(ev->str, keys[i]) == 0)
				s->key = keys[i];
		return 0;
	}
	lw_record *r = &s->v[s->n - 1];
	if (!s->key)
		return 0;
	if (strcmp(s->key, "timestamp") == 0) {
		if (lw_parse_time(ev->str, &r->time) < 0)
			r->time = LW_NO_TIME;
	} else if (strcmp(s->key, "agent") == 0) {
		r->actor = arena_strndup(s->a, ev->str, ev->len);
	} else if (strcmp(s->key, "task") == 0) {
		r->subject = arena_strndup(s->a, ev->str, ev->len);
	} else if (strcmp(s->key, "action") == 0) {
		/* "action: detail" when both are there: the action leads. */
		r->text = r->text ? arena_printf(s->a, "%.*s: %s", (int)ev->len, ev->str, r->text)
		                  : arena_strndup(s->a, ev->str, ev->len);
	} else {
		r->text = r->text ? arena_printf(s->a, "%s: %.*s", r->text, (int)ev->len, ev->str)
		                  : arena_strndup(s->a, ev->str, ev->len);
	}
	s->key = NULL;
	return 0;
}

void liza_records_log(arena *a, const char *buf, size_t len, const char *path, lw_record **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	size_t max = lw_records_limit();
	size_t at = tail_start(buf, len, max);
	if (at >= len)
		return;
	/* Items counted from the end bound the array (all of them for `events`). */
	size_t items = 0;
	for (size_t i = at; i < len; i++)
		items += buf[i] == '-' && (i == at || buf[i - 1] == '\n');
	if (items > max)
		items = max;
	scan s = { .a = a, .max = items ? items : 1 };
	s.v = arena_alloc(a, s.max * sizeof *s.v);
	lw_error ignored;
	lw_error_clear(&ignored);
	/* A torn tail says nothing more than what read: the checks report the log itself. */
	doc_stream(buf + at, len - at, path, NULL, on_event, &s, &ignored);
	*out = s.v;
	*n = s.n;
}

void liza_records_copy(arena *a, const lw_record *v, size_t n, lw_record **out, size_t *nout)
{
	*out = n ? arena_alloc(a, n * sizeof **out) : NULL;
	*nout = n;
	for (size_t i = 0; i < n; i++) {
		(*out)[i] = v[i];
		(*out)[i].subject = v[i].subject ? arena_strdup(a, v[i].subject) : NULL;
		(*out)[i].actor = v[i].actor ? arena_strdup(a, v[i].actor) : NULL;
		(*out)[i].text = v[i].text ? arena_strdup(a, v[i].text) : NULL;
	}
}

static bool before(const lw_record *x, const lw_record *y)
{
	return x->time != y->time && (x->time == LW_NO_TIME || (y->time != LW_NO_TIME && x->time < y->time));
}

/* Insertion sort: stable (the files' order among equal times), and the
 * two lists are short and each sorted already. */
static void sort_by_time(lw_record *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		lw_record r = v[i];
		size_t j = i;
		for (; j > 0 && before(&r, &v[j - 1]); j--)
			v[j] = v[j - 1];
		v[j] = r;
	}
}

void liza_records_project(lw_snapshot *snap, const lw_record *log, size_t nlog, const doc_node *root)
{
	const doc_node *notes = doc_deref(doc_get(root, "human_notes"));
	size_t nn = doc_is_seq(notes) ? doc_len(notes) : 0;
	if (nn > lw_records_limit())
		nn = lw_records_limit();
	snap->records = arena_alloc(&snap->mem, (nlog + nn + 1) * sizeof *snap->records);
	if (nlog)   /* memcpy takes no NULL, even for 0 bytes */
		memcpy(snap->records, log, nlog * sizeof *log);
	size_t n = nlog, skip = doc_is_seq(notes) ? doc_len(notes) - nn : 0;
	for (const doc_node *it = doc_seq_first(notes); it; it = it->next) {
		if (skip) {
			skip--;
			continue;
		}
		const doc_node *m = doc_deref(it);
		lw_record *r = &snap->records[n++];
		r->kind = "note";
		if (doc_time(doc_get(m, "timestamp"), &r->time) != DOC_OK)
			r->time = LW_NO_TIME;
		r->subject = doc_str(doc_get(m, "for"));
		r->actor = "human";
		r->text = doc_is_map(m) ? doc_str(doc_get(m, "message")) : doc_str(m);
	}
	/* Merged by time (stably): a new note and a new log entry both come last. */
	if (nn)
		sort_by_time(snap->records, n);
	snap->nrecords = n;
}
