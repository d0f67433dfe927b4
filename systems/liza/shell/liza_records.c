/* liza_records.c — see liza_records.h. */
#include "systems/liza/shell/liza_records.h"
#include "core/model/activity.h"
#include "core/util/timeparse.h"
#include "core/util/grow.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void liza_rec_ring_init(liza_rec_ring *r)
{
	memset(r, 0, sizeof *r);
	r->max = lw_records_limit();
	r->field = -1;
}

int liza_rec_key(const char *s, size_t len)
{
	switch (len) {
	case 4: return memcmp(s, "task", 4) == 0 ? 0 : -1;
	case 5: return memcmp(s, "agent", 5) == 0 ? 1 : -1;
	case 6: return memcmp(s, "action", 6) == 0 ? 2 : memcmp(s, "detail", 6) == 0 ? 3 : -1;
	case 9: return memcmp(s, "timestamp", 9) == 0 ? LIZA_REC_TIME : -1;
	default: return -1;
	}
}

void liza_rec_ring_entry(liza_rec_ring *r)
{
	liza_rec_slot *slot;
	if (r->n < r->max) {
		if (r->n == r->cap) {
			r->v = lw_grow(r->v, &r->cap, r->n, sizeof *r->v, 8);
			if (r->cap > r->max)
				r->cap = r->max;
		}
		slot = &r->v[r->n++];
	} else {   /* full: the oldest goes */
		slot = &r->v[r->start];
		r->start = (r->start + 1) % r->n;
	}
	/* Empty fields: their first byte is enough (each is written whole, NUL and all). */
	for (int i = 0; i < 4; i++)
		slot->field[i][0] = '\0';
	slot->time = LW_NO_TIME;
	r->field = -1;
}

void liza_rec_ring_key(liza_rec_ring *r, int cls) { r->field = r->n ? cls : -1; }

void liza_rec_ring_value(liza_rec_ring *r, const char *s, size_t len, time_t t)
{
	int f = r->field;
	r->field = -1;
	if (f < 0 || !r->n)
		return;
	liza_rec_slot *slot = &r->v[(r->start + r->n - 1) % r->n];
	if (f == LIZA_REC_TIME) {
		slot->time = t;
		return;
	}
	/* As "%.*s" would: cut to the slot, and at a NUL inside the scalar. */
	size_t n = strnlen(s, len < LIZA_REC_FIELD - 1 ? len : LIZA_REC_FIELD - 1);
	memcpy(slot->field[f], s, n);
	slot->field[f][n] = '\0';
}

static const char *field(arena *a, const char *s) { return *s ? arena_strdup(a, s) : NULL; }

void liza_rec_ring_done(liza_rec_ring *r, arena *a, const lw_record *prev, size_t nprev, lw_record **out,
                        size_t *n)
{
	size_t total = nprev + r->n, skip = total > r->max ? total - r->max : 0;
	*out = arena_alloc(a, (total - skip + 1) * sizeof **out);
	*n = 0;
	for (size_t i = skip; i < nprev; i++) {
		lw_record *c = &(*out)[(*n)++];
		*c = prev[i];
		c->subject = prev[i].subject ? arena_strdup(a, prev[i].subject) : NULL;
		c->actor = prev[i].actor ? arena_strdup(a, prev[i].actor) : NULL;
		c->text = prev[i].text ? arena_strdup(a, prev[i].text) : NULL;
	}
	for (size_t i = skip > nprev ? skip - nprev : 0; i < r->n; i++) {
		const liza_rec_slot *slot = &r->v[(r->start + i) % r->n];
		lw_record *c = &(*out)[(*n)++];
		c->time = slot->time;
		c->kind = "log";
		c->subject = field(a, slot->field[0]);
		c->actor = field(a, slot->field[1]);
		/* "action: detail" when both are there: the action leads. */
		c->text = *slot->field[2] && *slot->field[3] ? arena_printf(a, "%s: %s", slot->field[2], slot->field[3])
		        : field(a, *slot->field[2] ? slot->field[2] : slot->field[3]);
	}
	free(r->v);
	memset(r, 0, sizeof *r);
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
