/* fuzz_edit.c — the byte-preserving editor on fuzzed files and edits.
 *
 * Input: one byte H, then an edit program of H bytes, then the document.
 * A document that does not parse is no test (return). The program names
 * 1-4 edits: for each an operation (set a value, add a key, append an item
 * or a scalar to a sequence, append an item to the root sequence, set a
 * value to a mapping), the
 * place (an index into the file's candidates, helper_edit_oracle.h) and
 * the value (null, bool, any long long, raw bytes, or nasty pieces).
 *
 * The editor may refuse (an anchor, an edit it cannot render safely): it
 * must then say why and produce nothing. When it produces a file, that
 * file must parse, hold every planned value as planned, and every other
 * node unchanged: eo_check, independent of the editor's own verification.
 * LW_FUZZ_EDIT_STRICT=1 also treats a refused edit_apply as a failure, to
 * look for edits the editor could have made and did not; =log prints each
 * refusal and goes on (for a census over a corpus). */
#include <string.h>
#include "core/edit/edit.h"
#include "core/util/strbuf.h"
#include "tests/fuzz/fuzz.h"
#include "tests/unit/helper_edit_oracle.h"

static int strict;   /* 0 off, 1 abort on a refusal, 2 print it */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *s = getenv("LW_FUZZ_EDIT_STRICT");
	strict = !s ? 0 : *s == '1' ? 1 : strcmp(s, "log") == 0 ? 2 : 0;
	return 0;
}

/* Owned bytes of the values (strings, and the arrays of nested values),
 * freed after each input. */
typedef struct pool {
	void *s[48];
	size_t n;
} pool;

static void *pool_keep(pool *pl, void *p)
{
	if (!p || pl->n == sizeof pl->s / sizeof *pl->s) {
		free(p);
		return NULL;
	}
	return pl->s[pl->n++] = p;
}

static edit_value read_value_at(fuzz_in *in, pool *pl, int depth);

/* A mapping (distinct keys, in the order given) or a sequence of up to
 * three values, each of which may nest in turn (the editor writes them in
 * flow style, to any depth). */
static edit_value read_nested(fuzz_in *in, pool *pl, int depth, bool map)
{
	static const char *const keys[] = { "a", "id", "status", "with space", "x:y", "#k", "n\u00e9" };
	size_t n = fuzz_byte(in) % 4;
	if (map) {
		edit_pair *v = pool_keep(pl, calloc(n ? n : 1, sizeof *v));
		if (!v)
			return edit_null();
		unsigned first = fuzz_byte(in);
		for (size_t k = 0; k < n; k++) {
			v[k].key = keys[(first + k) % (sizeof keys / sizeof *keys)];
			v[k].val = read_value_at(in, pl, depth + 1);
		}
		return edit_map(v, n);
	}
	edit_value *v = pool_keep(pl, calloc(n ? n : 1, sizeof *v));
	if (!v)
		return edit_null();
	for (size_t k = 0; k < n; k++)
		v[k] = read_value_at(in, pl, depth + 1);
	return edit_seq(v, n);
}

static edit_value read_value(fuzz_in *in, pool *pl) { return read_value_at(in, pl, 0); }

static edit_value read_value_at(fuzz_in *in, pool *pl, int depth)
{
	unsigned k = fuzz_byte(in) % 16;
	if ((k == 4 || k == 5) && depth < 3)
		return read_nested(in, pl, depth, k == 4);
	if (k == 0)
		return edit_null();
	if (k == 1)
		return edit_bool(fuzz_byte(in) & 1);
	if (k == 2) {
		unsigned long long v = 0;
		for (int i = 0; i < 8; i++)
			v = v << 8 | fuzz_byte(in);
		return edit_int((long long)v);
	}
	strbuf b;
	strbuf_init(&b);
	if (k == 3) {
		size_t len;
		const char *raw = fuzz_bytes(in, &len);
		strbuf_add(&b, raw, len);
	} else {
		for (unsigned n = fuzz_byte(in) % 8; n; n--)
			strbuf_adds(&b, eo_nasty[fuzz_byte(in) % eo_nasty_count]);
	}
	size_t len;
	char *s = strbuf_detach(&b, &len);
	if (!s)
		s = strdup("");
	if (!pool_keep(pl, s))
		return edit_str("x");
	return edit_strn(s, len);
}

/* The idx-th candidate of a kind that fits op (wrapping), NULL when none. */
static const eo_cand *pick(const eo_cands *c, eo_op op, unsigned idx)
{
	size_t fit = 0;
	for (int pass = 0; pass < 2; pass++) {
		size_t k = 0;
		for (size_t i = 0; i < c->n; i++) {
			eo_kind kd = c->c[i].kind;
			bool ok = op == EO_SET || op == EO_SET_MAP ? kd == EO_SCALAR || kd == EO_COLL
			         : op == EO_ADD ? kd == EO_MAP : kd == EO_SEQ;
			if (!ok)
				continue;
			if (pass == 1 && k == idx % fit)
				return &c->c[i];
			k++;
		}
		fit = k;
		if (!fit)
			return NULL;
	}
	return NULL;
}

/* A new key: nasty pieces without the characters a path cannot hold. */
static void read_key(fuzz_in *in, char *key, size_t n)
{
	size_t j = 0;
	key[j++] = 'k';
	for (unsigned p = fuzz_byte(in) % 4; p; p--)
		for (const char *s = eo_nasty[fuzz_byte(in) % eo_nasty_count]; *s && j + 1 < n; s++)
			if (*s != '/' && *s != '\\' && (unsigned char)*s >= 0x20 && *s != 0x7F)
				key[j++] = *s;
	key[j] = '\0';
}

static size_t read_plans(fuzz_in *in, const doc *d, const eo_cands *c, eo_plan *p, pool *pl)
{
	static const char *const item_keys[] = { "time", "event", "reason" };
	size_t np = 0, want = 1 + fuzz_byte(in) % 4;
	for (size_t i = 0; i < want; i++) {
		eo_op op = (eo_op)(fuzz_byte(in) % 6);
		unsigned idx = fuzz_u16(in);
		const eo_cand *cand = NULL;
		char key[32] = "";
		if (op != EO_APPEND_ROOT && !(cand = pick(c, op, idx)))
			continue;
		if (op == EO_APPEND_ROOT && d->root && d->root->kind != DOC_SEQ)
			continue;
		if (op == EO_ADD)
			read_key(in, key, sizeof key);
		eo_plan *q = &p[np];
		memset(q, 0, sizeof *q);
		eo_plan_target(q, op, cand, d, key);
		bool clash = false;
		for (size_t j = 0; j < np; j++)
			clash |= eo_related(p[j].path, q->path);
		if (clash)
			continue;
		if (op == EO_APPEND || op == EO_APPEND_ROOT || op == EO_SET_MAP) {
			q->nitem = 1 + fuzz_byte(in) % 3;
			for (size_t j = 0; j < q->nitem; j++) {
				q->item[j].key = item_keys[j];
				q->item[j].val = read_value(in, pl);
			}
		} else {
			q->v = read_value(in, pl);
		}
		np++;
	}
	return np;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	size_t h = data[0];
	if (h > size - 1)
		h = size - 1;
	fuzz_in prog = { data + 1, h };
	size_t len = size - 1 - h;
	char *src = malloc(len + 1);
	memcpy(src, data + 1 + h, len);
	src[len] = '\0';
	doc d;
	lw_error err;
	lw_error_clear(&err);
	if (doc_parse(&d, src, len, "fuzz.yaml", NULL, &err) != 0) {
		doc_free(&d);
		free(src);
		return 0;
	}
	eo_cands c;
	eo_collect(&c, &d);
	eo_plan p[4];
	pool pl = { .n = 0 };
	size_t np = read_plans(&prog, &d, &c, p, &pl);
	editor *ed = edit_new(&d, &err);
	FUZZ_CHECK(ed != NULL, "edit_new failed: %s", err.msg);
	char *out = NULL;
	size_t out_len = 0;
	if (np && eo_apply_plans(ed, p, np) == 0) {
		int rc = edit_apply(ed, &out, &out_len);
		if (rc != 0) {
			FUZZ_CHECK(err.set && !out, "a refused apply without a reason, or with output");
			if (strict == 2)
				fprintf(stderr, "refused: %s\n", err.msg);
			FUZZ_CHECK(strict != 1, "edit_apply refused: %s:%u:%u: %s", err.file, err.line, err.col, err.msg);
		} else {
			doc nd;
			lw_error nerr;
			lw_error_clear(&nerr);
			FUZZ_CHECK(doc_parse(&nd, out, out_len, "edited", NULL, &nerr) == 0, "the edited file does not parse: %s\n%s",
			           nerr.msg, out);
			char *bad = eo_check(d.root, nd.root, p, np, edit_is_json(ed));
			FUZZ_CHECK(!bad, "%s\n--- before\n%s\n--- after\n%s", bad, src, out);
			doc_free(&nd);
		}
	} else if (np) {
		FUZZ_CHECK(err.set, "a refused edit without a reason");
	}
	free(out);
	edit_free(ed);
	eo_cands_free(&c);
	for (size_t i = 0; i < pl.n; i++)
		free(pl.s[i]);
	doc_free(&d);
	free(src);
	return 0;
}
