/* fuzz_patch.c — the partial re-parse (doc_reparse_item) against the full
 * parse. The input is two edits and a document:
 *   [pos u16][delete u8][insert length u8][insert bytes] twice, then the text.
 * The text is parsed; each edit replaces bytes of the current text, and the
 * patch is tried on the current tree (so the second patch is made from a
 * patched tree, through its position map). Beyond "no crash, no leak":
 *  - a patch is only taken when the full parse of the new text succeeds;
 *  - a patched tree equals the full parse node for node: kind, style, text,
 *    children, and span, line and column where doc_where puts them;
 *  - the tree patched from still equals the full parse of its own text. */
#include <string.h>
#include "core/doc/doc.h"
#include "tests/fuzz/fuzz.h"

typedef struct edit {
	size_t pos, del;
	const uint8_t *ins;
	size_t ins_len;
} edit;

static edit read_edit(fuzz_in *in)
{
	edit e = { .pos = fuzz_u16(in), .del = fuzz_byte(in) % 64, .ins_len = fuzz_byte(in) % 64 };
	if (e.ins_len > in->n)
		e.ins_len = in->n;
	e.ins = in->p;
	in->p += e.ins_len;
	in->n -= e.ins_len;
	return e;
}

/* text with e applied, malloc'd (a doc keeps pointing into its text). */
static char *apply(const char *text, size_t len, const edit *e, size_t *out_len)
{
	size_t pos = e->pos % (len + 1), del = e->del < len - pos ? e->del : len - pos;
	*out_len = len - del + e->ins_len;
	char *out = malloc(*out_len + 1);
	FUZZ_CHECK(out != NULL, "out of memory");
	memcpy(out, text, pos);
	memcpy(out + pos, e->ins, e->ins_len);
	memcpy(out + pos + e->ins_len, text + pos + del, len - pos - del);
	out[*out_len] = '\0';
	return out;
}

static void same_tree(const doc *da, const doc_node *a, const doc *db, const doc_node *b)
{
	FUZZ_CHECK((a == NULL) == (b == NULL), "one tree is empty");
	if (!a)
		return;
	doc_pos pa = doc_where(da, a), pb = doc_where(db, b);
	FUZZ_CHECK(a->kind == b->kind && a->style == b->style, "kind %d/%d style %d/%d at line %u", a->kind, b->kind,
	           a->style, b->style, pb.line);
	FUZZ_CHECK(pa.start == pb.start && pa.end == pb.end && pa.line == pb.line && pa.col == pb.col,
	           "patched node at [%zu,%zu) %u:%u, full parse at [%zu,%zu) %u:%u", pa.start, pa.end, pa.line, pa.col,
	           pb.start, pb.end, pb.line, pb.col);
	if (a->kind == DOC_SCALAR) {
		FUZZ_CHECK(a->u.scalar.len == b->u.scalar.len && memcmp(a->u.scalar.str, b->u.scalar.str, a->u.scalar.len) == 0,
		           "scalar text differs at line %u", pb.line);
		return;
	}
	if (a->kind == DOC_ALIAS)
		return;
	FUZZ_CHECK(a->u.coll.count == b->u.coll.count, "%zu children vs %zu at line %u", a->u.coll.count,
	           b->u.coll.count, pb.line);
	const doc_node *x = a->u.coll.first, *y = b->u.coll.first;
	for (; x && y; x = x->next, y = y->next)
		same_tree(da, x, db, y);
	FUZZ_CHECK(!x && !y, "child lists of different lengths at line %u", pb.line);
}

static void equals_full_parse(const doc *d)
{
	doc full;
	lw_error err;
	FUZZ_CHECK(doc_parse(&full, d->src, d->len, "f.yaml", NULL, &err) == 0, "the full parse fails: %s", err.msg);
	same_tree(d, d->root, &full, full.root);
	FUZZ_CHECK(d->nodes == full.nodes, "%zu nodes vs %zu", d->nodes, full.nodes);
	doc_free(&full);
}

/* The sequence a Liza state patches: "tasks" in a root mapping, or the root itself. */
static const doc_node *the_seq(const doc *d)
{
	const doc_node *t = doc_is_map(d->root) ? doc_get(d->root, "tasks") : d->root;
	return doc_is_seq(t) ? t : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_in in = { data, size };
	edit e[2] = { read_edit(&in), read_edit(&in) };
	char *text[3] = { malloc(in.n + 1), NULL, NULL };
	FUZZ_CHECK(text[0] != NULL, "out of memory");
	memcpy(text[0], in.p, in.n);
	text[0][in.n] = '\0';
	size_t len[3] = { in.n, 0, 0 };
	doc d[3];
	lw_error err;
	int have = 1;   /* docs to free: d[0 .. have) (a failed parse holds memory too) */
	if (doc_parse(&d[0], text[0], len[0], "f.yaml", NULL, &err) == 0) {
		for (int k = 0; k < 2; k++) {
			text[k + 1] = apply(text[k], len[k], &e[k], &len[k + 1]);
			size_t item;
			if (doc_reparse_item(&d[k + 1], &d[k], the_seq(&d[k]), text[k + 1], len[k + 1], &item) < 0)
				break;
			have = k + 2;
			equals_full_parse(&d[k + 1]);
			equals_full_parse(&d[k]);   /* unchanged by lending its nodes */
		}
	}
	/* Free the doc patched from first now and then: shares outlive it. */
	for (int k = 0; k < have; k++)
		doc_free(&d[size && (data[0] & 1) ? k : have - 1 - k]);
	for (int k = 0; k < 3; k++)
		free(text[k]);
	return 0;
}
