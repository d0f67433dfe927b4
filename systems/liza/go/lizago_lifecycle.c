/* lizago_lifecycle.c — task.lifecycle as today's Liza advances it when an
 * operation completes (internal/ops CompleteLifecycleRequest,
 * pruneLifecycleReceipts; internal/models/lifecycle.go TaskTransitionID,
 * AdvanceLifecycle), with the digests Go computes: SHA-256 over the JSON
 * encoding/json writes. */
#include "systems/liza/go/lizago_lifecycle.h"
#include "core/util/escape.h"
#include "core/util/sha256.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RECEIPTS_PER_TASK = 16, RECEIPTS_PER_OPERATION = 4 };   /* models.LifecycleReceipts* */

void lizago_json_str(strbuf *out, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s, *stop = p + strlen(s);
	strbuf_addc(out, '"');
	while (p < stop) {
		unsigned c = *p;
		if (c < 0x80) {
			const char *esc = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\r' ? "\\r"
			                : c == '\t' ? "\\t" : c == '\b' ? "\\b" : c == '\f' ? "\\f" : NULL;
			if (esc)
				strbuf_adds(out, esc);
			else if (c < 0x20 || c == '<' || c == '>' || c == '&') {
				char u[7] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], 0 };
				strbuf_adds(out, u);
			} else
				strbuf_addc(out, (char)c);
			p++;
			continue;
		}
		/* a valid UTF-8 sequence is copied (U+2028/9 escaped); an invalid
		 * byte becomes U+FFFD, as Go writes it. Not esc_json: Go's bytes
		 * must come out exactly, for the digest, not a terminal's. */
		unsigned cp;
		size_t n = esc_utf8_decode(p, (size_t)(stop - p), &cp);
		if (!n) {
			strbuf_adds(out, "\\ufffd");
			p++;
		} else if (cp == 0x2028 || cp == 0x2029) {
			strbuf_adds(out, cp == 0x2028 ? "\\u2028" : "\\u2029");
			p += n;
		} else {
			strbuf_add(out, p, n);
			p += n;
		}
	}
	strbuf_addc(out, '"');
}

/* A time as Go's encoding/json writes t.UTC(): RFC 3339 with the fraction
 * the file held (trailing zeros dropped); the zero time when absent. */
static void json_time(strbuf *out, const char *text)
{
	time_t t;
	if (!text || lw_parse_time(text, &t) != 0) {
		strbuf_adds(out, "\"0001-01-01T00:00:00Z\"");
		return;
	}
	char frac[10] = "";
	const char *tp = strpbrk(text, "Tt ");
	const char *dot = tp ? strchr(tp, '.') : NULL;
	if (dot) {
		size_t k = 0;
		for (const char *d = dot + 1; *d >= '0' && *d <= '9' && k < 9; d++)
			frac[k++] = *d;
		frac[k] = '\0';
		while (k && frac[k - 1] == '0')
			frac[--k] = '\0';
	}
	char buf[40];
	lw_format_time(t, buf, sizeof buf);   /* ...Z */
	buf[strlen(buf) - 1] = '\0';
	strbuf_printf(out, "\"%s%s%sZ\"", buf, frac[0] ? "." : "", frac);
}

static void json_ptr(strbuf *out, const char *s)
{
	if (s)
		lizago_json_str(out, s);
	else
		strbuf_adds(out, "null");
}

const char *lizago_transition_id(const lg_boundary *b, char out[65])
{
	strbuf j;
	strbuf_init(&j);
	strbuf_adds(&j, "{\"ID\":");
	lizago_json_str(&j, b->id ? b->id : "");
	strbuf_adds(&j, ",\"Created\":");
	json_time(&j, b->created);
	strbuf_printf(&j, ",\"Revision\":%llu,\"Status\":", b->revision);
	lizago_json_str(&j, b->status ? b->status : "");
	strbuf_printf(&j, ",\"Attempt\":%lld,\"Iteration\":%lld,\"ReviewCycles\":%lld,\"HistoryCount\":%zu,\"Assignee\":",
	              b->attempt, b->iteration, b->review_cycles, b->history);
	json_ptr(&j, b->assignee);
	strbuf_adds(&j, ",\"Reviewer\":");
	json_ptr(&j, b->reviewer);
	strbuf_adds(&j, ",\"ReviewCommit\":");
	json_ptr(&j, b->review_commit);
	strbuf_adds(&j, ",\"Last\":{\"Time\":");
	json_time(&j, b->has_last ? b->last_time : NULL);
	strbuf_adds(&j, ",\"Event\":");
	lizago_json_str(&j, b->has_last && b->last_event ? b->last_event : "");
	strbuf_adds(&j, ",\"Agent\":");
	json_ptr(&j, b->has_last ? b->last_agent : NULL);
	strbuf_adds(&j, ",\"Commit\":");
	json_ptr(&j, b->has_last ? b->last_commit : NULL);
	strbuf_adds(&j, "}}");
	lw_sha256_hex_of(j.buf, j.len, out);
	strbuf_free(&j);
	return out;
}

static long long int_or(const doc_node *n, long long dflt)
{
	long long v;
	return doc_int(n, &v) == DOC_OK ? v : dflt;
}

bool lizago_boundary_of(const doc_node *task, lg_boundary *b, const char **why)
{
	memset(b, 0, sizeof *b);
	if (doc_len(doc_get(task, "validation_prerequisites")) > 0) {
		*why = "the task declares validation_prerequisites, whose contract digest enters Liza's lifecycle "
		       "transition and is not reproduced here";
		return false;
	}
	b->id = doc_str(doc_get(task, "id"));
	b->created = doc_str(doc_get(task, "created"));
	b->status = doc_str(doc_get(task, "status"));
	long long rev = int_or(doc_get(doc_get(task, "lifecycle"), "revision"), 0);
	b->revision = rev > 0 ? (unsigned long long)rev : 0;
	/* models.Task.EffectiveAttempt: attempt, else the legacy attempted list, else 1 */
	b->attempt = int_or(doc_get(task, "attempt"), 0);
	if (b->attempt < 1) {
		size_t legacy = doc_is_seq(doc_get(task, "attempted")) ? doc_len(doc_get(task, "attempted")) : 0;
		b->attempt = legacy ? (legacy + 1 < 2 ? (long long)legacy + 1 : 2) : 1;
	}
	b->iteration = int_or(doc_get(task, "iteration"), 0);
	b->review_cycles = int_or(doc_get(task, "review_cycles_current"), 0);
	const doc_node *hist = doc_get(task, "history"), *last = NULL;
	for (const doc_node *h = doc_seq_first(hist); h; h = h->next) {
		b->history++;
		last = doc_deref(h);
	}
	b->assignee = doc_str(doc_get(task, "assigned_to"));
	b->reviewer = doc_str(doc_get(task, "reviewing_by"));
	b->review_commit = doc_str(doc_get(task, "review_commit"));
	if (last) {
		b->has_last = true;
		b->last_time = doc_str(doc_get(last, "time"));
		b->last_event = doc_str(doc_get(last, "event"));
		b->last_agent = doc_str(doc_get(last, "agent"));
		b->last_commit = doc_str(doc_get(last, "commit"));
	}
	return true;
}

/* A value the file holds, as an edit value: the receipts Liza kept are
 * written back as they read (a null is dropped, as Go omits it). */
static edit_value from_doc(arena *a, const doc_node *n)
{
	n = doc_deref(n);
	if (doc_is_map(n)) {
		size_t cap = doc_len(n), k = 0;
		edit_pair *p = arena_alloc(a, (cap ? cap : 1) * sizeof *p);
		for (const doc_node *key = doc_map_first(n); key; key = doc_map_next(key)) {
			if (doc_is_null(key->next) || !doc_str(key))
				continue;
			p[k].key = doc_str(key);
			p[k++].val = from_doc(a, key->next);
		}
		return edit_map(p, k);
	}
	if (doc_is_seq(n)) {
		size_t cap = doc_len(n), k = 0;
		edit_value *v = arena_alloc(a, (cap ? cap : 1) * sizeof *v);
		for (const doc_node *i = doc_seq_first(n); i; i = i->next)
			v[k++] = from_doc(a, i);
		return edit_seq(v, k);
	}
	long long i;
	const char *s = doc_str(n);
	if (!s)
		return edit_null();
	if (n->style == DOC_PLAIN && doc_int(n, &i) == DOC_OK)
		return edit_int(i);
	if (n->style == DOC_PLAIN && (strcmp(s, "true") == 0 || strcmp(s, "false") == 0))
		return edit_bool(s[0] == 't');
	return edit_str(s);
}

const edit_value *lizago_lifecycle_receipt(arena *a, const doc_node *task, const lg_boundary *pre,
                                           lg_boundary *post, const char *operation, const char *actor,
                                           const char *payload_json, const edit_pair *projection, size_t n,
                                           const char **why)
{
	const doc_node *life = doc_get(task, "lifecycle");
	char expected[65], transition[65], payload[65];
	lizago_transition_id(pre, expected);
	/* CheckLifecycleRequest: an unresolved preparation at this boundary
	 * belongs to another request */
	const char *boundary = doc_str(doc_get(doc_get(life, "preparation"), "boundary"));
	if (boundary && strcmp(boundary, expected) == 0) {
		*why = "an unresolved lifecycle preparation remains at this task's boundary (another Liza command is "
		       "mid-flight); look again once it settles";
		return NULL;
	}
	long long seq = int_or(doc_get(life, "completion_sequence"), 0);
	if (seq < 0)
		seq = 0;
	seq++;
	post->revision = pre->revision + 1;   /* AdvanceLifecycle */
	lizago_transition_id(post, transition);
	lw_sha256_hex_of(payload_json, strlen(payload_json), payload);

	/* the kept receipts (pruneLifecycleReceipts over old + new, newest
	 * first): at most 16, at most 4 per operation, none 16 sequences old */
	const doc_node *old = doc_get(life, "receipts");
	size_t nold = doc_is_seq(old) ? doc_len(old) : 0, nkeep = 0;
	const doc_node **olds = arena_alloc(a, (nold ? nold : 1) * sizeof *olds);
	bool *keep = arena_alloc(a, (nold ? nold : 1) * sizeof *keep);
	size_t i = 0;
	for (const doc_node *r = doc_seq_first(old); r; r = r->next)
		olds[i++] = doc_deref(r);
	struct { const char *op; int count; } ops[RECEIPTS_PER_TASK + 1];
	size_t nops = 1;
	ops[0].op = operation;
	ops[0].count = 1;
	nkeep = 1;
	for (size_t k = nold; k-- > 0 && nkeep < RECEIPTS_PER_TASK;) {
		long long rs = int_or(doc_get(olds[k], "sequence"), 0);
		const char *op = doc_str(doc_get(olds[k], "operation"));
		if (!op)
			op = "";
		if (seq >= RECEIPTS_PER_TASK && rs <= seq - RECEIPTS_PER_TASK)
			continue;
		size_t j = 0;
		while (j < nops && strcmp(ops[j].op, op) != 0)
			j++;
		if (j == nops) {
			ops[nops].op = op;
			ops[nops++].count = 0;
		}
		if (ops[j].count >= RECEIPTS_PER_OPERATION)
			continue;
		ops[j].count++;
		keep[k] = true;
		nkeep++;
	}
	edit_value *items = arena_alloc(a, nkeep * sizeof *items);
	size_t m = 0;
	for (size_t k = 0; k < nold; k++)
		if (keep[k])
			items[m++] = from_doc(a, olds[k]);
	edit_pair *rec = arena_alloc(a, 7 * sizeof *rec);
	rec[0] = (edit_pair){ "operation", edit_str(arena_strdup(a, operation)) };
	rec[1] = (edit_pair){ "actor", edit_str(arena_strdup(a, actor)) };
	rec[2] = (edit_pair){ "expected_transition", edit_str(arena_strdup(a, expected)) };
	rec[3] = (edit_pair){ "payload_digest", edit_str(arena_strdup(a, payload)) };
	rec[4] = (edit_pair){ "sequence", edit_int(seq) };
	rec[5] = (edit_pair){ "transition_id", edit_str(arena_strdup(a, transition)) };
	rec[6] = (edit_pair){ "projection", edit_map(projection, n) };
	items[m++] = edit_map(rec, 7);
	edit_pair *lp = arena_alloc(a, 3 * sizeof *lp);
	lp[0] = (edit_pair){ "revision", edit_int((long long)post->revision) };
	lp[1] = (edit_pair){ "completion_sequence", edit_int(seq) };
	lp[2] = (edit_pair){ "receipts", edit_seq(items, m) };
	edit_value *v = arena_alloc(a, sizeof *v);
	*v = edit_map(lp, 3);
	return v;
}
