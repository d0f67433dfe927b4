/* doc_patch.c — the tree of an edited file, from the tree of the old one,
 * when the edit lies inside one item of a block sequence (one task in a
 * 10,000-task state.yaml): only that item's lines are parsed again; every
 * other node of the old tree is reused as it is, not copied.
 *
 * This is only done when it provably equals a full parse of the new text:
 * - the old and new text differ only inside the item's lines, after its dash,
 *   and the new item text still ends a line;
 * - every line of the new item text is indented past the dash (or blank, or
 *   a comment), so the item cannot swallow or release its neighbours;
 * - the item text parses alone as one block-sequence item at the same column;
 * - no anchor or alias anywhere (an alias could point into the item);
 * - the item's lines end with LF or CR LF only, so counting LFs counts
 *   libyaml's lines.
 * Anything else returns -1 and the caller parses the whole file. The
 * randomized tests and fuzz_patch compare both ways, node by node. The
 * text-level conditions are checked in doc_patch_region.c.
 *
 * Reuse without copying: a reused node keeps the offsets and line it had in
 * the old text, and the new doc's position map (doc_posmap.h) says where
 * they now lie; the memory holding reused nodes becomes a refcounted share
 * (doc_shared.h). The new doc owns only the nodes whose links change: the
 * way from the root to the sequence, and the sequence's items. So a patch
 * costs the item's parse plus one small copy per item, whatever the file's
 * size. Each patch adds a little memory to the share chain (the new item;
 * the item it replaced stays in an older share) and two pieces to the map;
 * past a budget the caller's full parse starts a fresh chain. */
#include "core/doc/doc_patch_int.h"
#include "core/doc/doc_posmap.h"
#include "core/doc/doc_shared.h"
#include <stdlib.h>
#include <string.h>

/* Past these a patch falls back to a full parse, which starts a new chain:
 * the map's pieces (two per patch, each resolve is a binary search over
 * them), and the memory patches have added to the shares, against the first
 * parse's (the replaced items in it are garbage until then). */
enum { MAX_PIECES = 2048 };
#define PATCH_BYTES_MIN (256u * 1024u)

static bool is_coll(const doc_node *n) { return n->kind == DOC_SEQ || n->kind == DOC_MAP; }

static void count_tree(const doc_node *n, size_t *nodes, size_t *bytes)
{
	(*nodes)++;
	if (n->kind == DOC_SCALAR)
		*bytes += n->u.scalar.len + 1;
	else if (is_coll(n))
		for (const doc_node *k = n->u.coll.first; k; k = k->next)
			count_tree(k, nodes, bytes);
}

/* ---- the re-parsed item, packed into one block of its own share ---- */
typedef struct packer {
	doc_node *node;               /* next free node of the block */
	char *text;                   /* next free byte of its text */
	const doc_posmap *map;        /* the new doc's: fresh positions become virtual */
	size_t slice_end, next_token; /* a fresh collection ending at the slice's end ends,
	                                 in a full parse, where the next token starts */
	size_t len;                   /* of the text */
	unsigned next_line, next_col; /* where that token is */
} packer;

static doc_node *pack(packer *p, const doc_node *n)
{
	doc_node *m = p->node++;
	*m = *n;
	m->next = NULL;
	/* Block collections end at the next token, and so does an empty value
	 * that libyaml places on the token after it (an explicit key's missing
	 * value): in the slice both lie at its end (found by fuzz_patch). When
	 * the slice runs to the end of the text, its end is the text's and
	 * every position is already right (an empty item after a last "-" is
	 * placed after the dash: the same in both). A block scalar ends at the
	 * start of the line after it, which is the slice's end. */
	if (m->start == p->slice_end && p->slice_end < p->len) {
		m->start = m->end = p->next_token;
		m->line = p->next_line;
		m->col = p->next_col;
	} else if (is_coll(m) && m->end == p->slice_end) {
		m->end = p->next_token;
	}
	doc_posmap_virtualize(p->map, m);
	if (n->kind == DOC_SCALAR) {
		memcpy(p->text, n->u.scalar.str, n->u.scalar.len);
		p->text[n->u.scalar.len] = '\0';
		m->u.scalar.str = p->text;
		p->text += n->u.scalar.len + 1;
		return m;
	}
	if (!is_coll(n))
		return m;   /* aliases never get here: documents with them are refused */
	m->u.coll.first = m->u.coll.last = NULL;
	for (const doc_node *k = n->u.coll.first; k; k = k->next) {
		doc_node *c = pack(p, k);
		if (m->u.coll.last)
			m->u.coll.last->next = c;
		else
			m->u.coll.first = c;
		m->u.coll.last = c;
	}
	return m;
}

/* ---- the new doc's own nodes ---- */
static doc_node *copy_node(arena *a, const doc_node *n)
{
	doc_node *c = arena_alloc(a, sizeof *c);
	*c = *n;
	return c;
}

/* seq is old's root, or a value in the root mapping's child list. */
static bool seq_in_root(const doc_node *root, const doc_node *seq)
{
	if (seq == root)
		return true;
	if (root->kind != DOC_MAP)
		return false;
	for (const doc_node *c = root->u.coll.first; c; c = c->next)
		if (c == seq)
			return true;
	return false;
}

/* Copy every node whose links change: the root and its children up to seq
 * (each links to the next), seq, and all of seq's items, with item k
 * replaced. Copying every item, not only those before k, keeps a doc's own
 * nodes private: no later patch links into them, so they go with the doc. */
static void build_spine(doc *d, const doc *old, const doc_node *seq, size_t k, doc_node *item)
{
	const doc_node *root = old->root;
	doc_node *nseq;
	if (seq == root) {
		d->root = nseq = copy_node(&d->mem, seq);
	} else {
		doc_node *nroot = copy_node(&d->mem, root), *prev = NULL;
		for (const doc_node *c = root->u.coll.first;; c = c->next) {
			doc_node *cc = copy_node(&d->mem, c);
			if (prev)
				prev->next = cc;
			else
				nroot->u.coll.first = cc;
			if (root->u.coll.last == c)
				nroot->u.coll.last = cc;
			if (c == seq) {
				nseq = cc;
				break;
			}
			prev = cc;
		}
		d->root = nroot;
	}
	doc_node *items = arena_alloc(&d->mem, seq->u.coll.count * sizeof *items), *prev = NULL;
	size_t i = 0;
	for (const doc_node *it = seq->u.coll.first; it; it = it->next, i++) {
		doc_node *c = item;
		if (i != k) {
			items[i] = *it;
			c = &items[i];
		}
		if (prev)
			prev->next = c;
		else
			nseq->u.coll.first = c;
		prev = c;
	}
	nseq->u.coll.last = prev;
}

int doc_reparse_item(doc *d, doc *old, const doc_node *seq, const char *buf, size_t len, size_t *item_index)
{
	memset(d, 0, sizeof *d);
	patch_region r;
	if (!old->root || old->has_anchors || !seq || seq->kind != DOC_SEQ || seq->style != DOC_BLOCK ||
	    !seq_in_root(old->root, seq) || doc_posmap_pieces(old->posmap) + 2 > MAX_PIECES ||
	    doc_patch_find_region(old, seq, buf, len, &r) < 0)
		return -1;
	/* The item sits one level deeper in the file (under the root mapping)
	 * than in the slice (under the slice's own sequence): a full parse
	 * would refuse it one level sooner. */
	doc_limits limits = doc_default_limits;
	if (seq != old->root)
		limits.max_depth--;
	doc slice;
	lw_error err;
	lw_error_clear(&err);
	int rc = doc_parse_slice(&slice, buf, len, r.ls, r.end_new, r.at.line - 1, old->path, &limits, &err);
	const doc_node *s = slice.root;
	if (rc < 0 || slice.has_anchors || !s || s->kind != DOC_SEQ || s->u.coll.count != 1 ||
	    s->u.coll.first->col != r.at.col || s->u.coll.first->kind == DOC_ALIAS) {
		doc_free(&slice);
		return -1;
	}
	const doc_node *fresh = s->u.coll.first;
	size_t new_nodes = 0, text = 0, old_nodes = 0, ignored = 0;
	count_tree(fresh, &new_nodes, &text);
	count_tree(r.item, &old_nodes, &ignored);
	if (old->nodes - old_nodes + new_nodes > doc_default_limits.max_nodes) {
		doc_free(&slice);
		return -1;   /* a full parse refuses it: let it say so */
	}
	size_t block_bytes = new_nodes * sizeof(doc_node) + text;
	size_t base = old->shared ? old->shared->base_bytes : old->mem.used_total;
	size_t added = old->shared ? old->shared->patch_bytes : 0;
	if (added + block_bytes > base / 4 + PATCH_BYTES_MIN) {
		doc_free(&slice);
		return -1;   /* a full parse drops the garbage of earlier patches */
	}

	arena_init(&d->mem);
	d->src = buf;
	d->len = len;
	d->path = arena_strdup(&d->mem, old->path);
	if (!old->shared)   /* old's nodes outlive it now: its arena becomes the first share */
		old->shared = doc_shared_from_arena(&old->mem);
	unsigned line = r.at.line;   /* of ls: the item starts on its dash's line */
	doc_posedit e = {
		.pre = r.pre, .ce_old = r.ce_old, .ce_new = r.ce_new,
		.line_pre = line + doc_patch_count_lines(old->src, r.ls, r.pre),
		.line_ce_old = line + doc_patch_count_lines(old->src, r.ls, r.ce_old),
		.line_ce_new = line + doc_patch_count_lines(buf, r.ls, r.ce_new),
	};
	d->posmap = doc_posmap_edit(&d->mem, old->posmap, old->len, &e);
	void *block = malloc(block_bytes ? block_bytes : 1);
	if (!block)
		abort();
	packer p = { .node = block, .text = (char *)block + new_nodes * sizeof(doc_node), .map = d->posmap,
	             .slice_end = r.end_new, .next_token = doc_patch_next_token(buf, len, r.end_new), .len = len };
	p.next_line = line + doc_patch_count_lines(buf, r.ls, p.next_token);
	p.next_col = doc_patch_column_of(buf, p.next_token);
	if (p.next_token == len && p.next_col != 1) {
		/* At the end of a text whose last line has no break, libyaml's
		 * position is the start of the line after it (found by fuzz_patch). */
		p.next_line++;
		p.next_col = 1;
	}
	doc_node *packed = pack(&p, fresh);
	d->shared = doc_shared_from_block(block, block_bytes, old->shared);
	build_spine(d, old, seq, r.index, packed);
	d->nodes = old->nodes - old_nodes + new_nodes;
	doc_free(&slice);
	*item_index = r.index;
	return 0;
}
