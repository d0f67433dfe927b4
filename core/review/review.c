/* review.c — the review's lines and its timeline: plain text kept as read,
 * escaped by whoever prints it. */
#include "core/review/review.h"
#include "core/util/timeparse.h"
#include "core/util/grow.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lw_rlines_init(lw_rlines *l)
{
	memset(l, 0, sizeof *l);
	strbuf_init(&l->text);
}

void lw_rlines_free(lw_rlines *l)
{
	strbuf_free(&l->text);
	free(l->v);
	memset(l, 0, sizeof *l);
}

void lw_rlines_add(lw_rlines *l, lw_rkind kind, const char *s, size_t len)
{
	l->v = lw_grow(l->v, &l->cap, l->n, sizeof *l->v, 256);
	if (l->text.len + len + 1 > UINT32_MAX)
		return;   /* the callers cut long before 4 GiB; never wrap an offset */
	lw_rline *r = &l->v[l->n++];
	r->off = (uint32_t)l->text.len;
	r->len = (uint32_t)len;
	r->kind = (uint8_t)kind;
	strbuf_add(&l->text, s, len);
	strbuf_addc(&l->text, '\0');
}

void lw_rlines_addml(lw_rlines *l, lw_rkind kind, const char *s, size_t len, const char *indent)
{
	size_t il = indent ? strlen(indent) : 0;
	const char *end = s + len;
	bool first = true;
	do {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
		if (first || !il) {
			lw_rlines_add(l, kind, s, n);
		} else {
			char *tmp = malloc(il + n + 1);
			if (!tmp)
				abort();
			memcpy(tmp, indent, il);
			memcpy(tmp + il, s, n);
			lw_rlines_add(l, kind, tmp, il + n);
			free(tmp);
		}
		first = false;
		s += n + (nl != NULL);
		if (!nl)
			break;
	} while (s <= end);
}

void lw_review_init(lw_review *rv)
{
	memset(rv, 0, sizeof *rv);
	lw_rlines_init(&rv->body);
}

void lw_review_free(lw_review *rv)
{
	lw_rlines_free(&rv->body);
	for (size_t i = 0; i < rv->ntl; i++)
		free(rv->tl[i].what);
	free(rv->tl);
	memset(rv, 0, sizeof *rv);
}

void lw_review_line(lw_review *rv, lw_rkind kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char tmp[1024];
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof tmp) {
		char *big = malloc((size_t)n + 1);
		if (!big)
			abort();
		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
		lw_rlines_addml(&rv->body, kind, big, (size_t)n, "  ");
		free(big);
	} else if (n > 0) {
		lw_rlines_addml(&rv->body, kind, tmp, (size_t)n, "  ");
	} else {
		lw_rlines_add(&rv->body, kind, "", 0);
	}
}

void lw_review_event(lw_review *rv, time_t at, const char *fmt, ...)
{
	rv->tl = lw_grow(rv->tl, &rv->captl, rv->ntl, sizeof *rv->tl, 16);
	va_list ap, again;
	va_start(ap, fmt);
	va_copy(again, ap);
	/* vasprintf is not POSIX: measured, then written. */
	int len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = len < 0 ? NULL : malloc((size_t)len + 1);
	if (!s || vsnprintf(s, (size_t)len + 1, fmt, again) != len)
		abort();
	va_end(again);
	rv->tl[rv->ntl] = (lw_tl_entry){ .at = at, .what = s, .seq = rv->ntl };
	rv->ntl++;
}

int lw_review_refuse(lw_review *rv, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(rv->refusal, sizeof rv->refusal, fmt, ap);
	va_end(ap);
	rv->refused = true;
	rv->has_diff = false;
	return -1;
}

static bool key_is(const doc_node *k, const char *const *names)
{
	const char *s = doc_str(k);
	for (; s && *names; names++)
		if (strcmp(s, *names) == 0)
			return true;
	return false;
}

/* A scalar, or a short description of a collection. */
static void value_text(strbuf *b, const doc_node *v)
{
	v = doc_deref(v);
	if (!v || doc_is_null(v))
		strbuf_adds(b, "null");
	else if (v->kind == DOC_SCALAR)
		strbuf_add(b, v->u.scalar.str, v->u.scalar.len);
	else if (v->kind == DOC_SEQ) {
		strbuf_addc(b, '[');
		size_t i = 0;
		for (const doc_node *e = doc_seq_first(v); e; e = e->next, i++) {
			if (i)
				strbuf_adds(b, ", ");
			value_text(b, e);
		}
		strbuf_addc(b, ']');
	} else {
		strbuf_addc(b, '{');
		size_t i = 0;
		for (const doc_node *k = doc_map_first(v); k; k = doc_map_next(k), i++) {
			if (i)
				strbuf_adds(b, ", ");
			value_text(b, k);
			strbuf_adds(b, ": ");
			value_text(b, k->next);
		}
		strbuf_addc(b, '}');
	}
}

void lw_review_history(lw_review *rv, const doc_node *task)
{
	static const char *const time_keys[] = { "time", "timestamp", "ts", "at", NULL };
	static const char *const lead_keys[] = { "event", "action", "to", NULL };
	const doc_node *h = doc_deref(doc_get(task, "history"));
	if (!doc_is_seq(h))
		return;
	for (const doc_node *e = doc_seq_first(h); e; e = e->next) {
		const doc_node *m = doc_deref(e);
		if (!doc_is_map(m)) {
			strbuf b;
			strbuf_init(&b);
			value_text(&b, m);
			lw_review_event(rv, LW_NO_TIME, "history: %s", b.buf ? b.buf : "");
			strbuf_free(&b);
			continue;
		}
		time_t at = LW_NO_TIME;
		strbuf b;
		strbuf_init(&b);
		strbuf_adds(&b, "history:");
		/* The event first, then every other field as written. */
		for (const doc_node *k = doc_map_first(m); k; k = doc_map_next(k))
			if (key_is(k, lead_keys)) {
				strbuf_addc(&b, ' ');
				value_text(&b, k->next);
				break;
			}
		bool lead_done = false;
		for (const doc_node *k = doc_map_first(m); k; k = doc_map_next(k)) {
			if (key_is(k, time_keys) && at == LW_NO_TIME && doc_time(k->next, &at) == 0)
				continue;
			if (!lead_done && key_is(k, lead_keys)) {
				lead_done = true;
				continue;
			}
			strbuf_adds(&b, "  ");
			value_text(&b, k);
			strbuf_adds(&b, ": ");
			value_text(&b, k->next);
		}
		lw_review_event(rv, at, "%s", b.buf);
		strbuf_free(&b);
	}
}

static int tl_cmp(const void *a, const void *b)
{
	const lw_tl_entry *x = *(const lw_tl_entry *const *)a, *y = *(const lw_tl_entry *const *)b;
	/* Entries without a time keep their place after the timed ones. */
	bool xn = x->at == LW_NO_TIME, yn = y->at == LW_NO_TIME;
	if (xn != yn)
		return xn ? 1 : -1;
	if (!xn && x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void lw_review_timeline(const lw_review *rv, time_t now, lw_rlines *out)
{
	if (!rv->ntl) {
		lw_rlines_add(out, RK_NOTE, "  (no history recorded)", 23);
		return;
	}
	const lw_tl_entry **v = malloc(rv->ntl * sizeof *v);
	if (!v)
		abort();
	for (size_t i = 0; i < rv->ntl; i++)
		v[i] = &rv->tl[i];
	qsort(v, rv->ntl, sizeof *v, tl_cmp);
	for (size_t i = 0; i < rv->ntl; i++) {
		char when[40] = "(no time)", age[40] = "", line[128];
		if (v[i]->at != LW_NO_TIME) {
			lw_format_time(v[i]->at, when, sizeof when);
			char a[32];
			lw_format_age((long long)(now - v[i]->at), a, sizeof a);
			snprintf(age, sizeof age, "%s%s", a, now >= v[i]->at ? " ago" : "");
		}
		int n = snprintf(line, sizeof line, "  %-20s %-10s ", when, age);
		strbuf b;
		strbuf_init(&b);
		strbuf_add(&b, line, (size_t)n);
		strbuf_adds(&b, v[i]->what);
		lw_rlines_addml(out, RK_TEXT, b.buf, b.len, "                                   ");
		strbuf_free(&b);
	}
	free(v);
}

/* A value on one line after its lead: "key: v", "- v", or v alone. */
static void value_line(lw_review *rv, const char *pad, const char *lead, const char *sep, const doc_node *v)
{
	strbuf b;
	strbuf_init(&b);
	value_text(&b, v);
	lw_review_line(rv, RK_TEXT, "%s%s%s%s", pad, lead, sep, b.buf ? b.buf : "");
	strbuf_free(&b);
}

void lw_review_node(lw_review *rv, const doc_node *n, int indent)
{
	n = doc_deref(n);
	if (!n || indent > 40)
		return;
	char pad[48];
	memset(pad, ' ', (size_t)indent);
	pad[indent] = '\0';
	if (n->kind == DOC_MAP) {
		for (const doc_node *k = doc_map_first(n); k; k = doc_map_next(k)) {
			const doc_node *v = doc_deref(k->next);
			const char *key = doc_str(k) ? doc_str(k) : "?";
			if (v && (v->kind == DOC_MAP || v->kind == DOC_SEQ) && doc_len(v)) {
				lw_review_line(rv, RK_TEXT, "%s%s:", pad, key);
				lw_review_node(rv, v, indent + 2);
			} else {
				value_line(rv, pad, key, ": ", v);
			}
		}
	} else if (n->kind == DOC_SEQ) {
		for (const doc_node *e = doc_seq_first(n); e; e = e->next) {
			const doc_node *v = doc_deref(e);
			if (v && (v->kind == DOC_MAP || v->kind == DOC_SEQ) && doc_len(v)) {
				lw_review_line(rv, RK_TEXT, "%s-", pad);
				lw_review_node(rv, v, indent + 2);
			} else {
				value_line(rv, pad, "-", " ", v);
			}
		}
	} else {
		value_line(rv, pad, "", "", n);
	}
}
