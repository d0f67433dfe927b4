/* doc_posmap.c — see doc_posmap.h. */
#include "core/doc/doc_posmap.h"
#include <string.h>

/* The piece whose virtual range holds v. */
static const doc_piece *piece_of_virt(const doc_posmap *m, size_t v)
{
	size_t lo = 0, hi = m->n;   /* the first piece, in virtual order, starting after v */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->piece[m->by_virt[mid]].vstart <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const doc_piece *p = &m->piece[m->by_virt[lo - 1]];
	return v - p->vstart < p->len ? p : NULL;
}

/* The piece whose real range holds r. */
static const doc_piece *piece_of_real(const doc_posmap *m, size_t r)
{
	size_t lo = 0, hi = m->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->piece[mid].rstart <= r)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const doc_piece *p = &m->piece[lo - 1];
	return r - p->rstart < p->len ? p : NULL;
}

doc_pos doc_where(const doc *d, const doc_node *n)
{
	doc_pos p = { n->start, n->end, n->line, n->col };
	const doc_posmap *m = d ? d->posmap : NULL;
	if (!m)
		return p;
	/* A node reachable from the doc always starts and ends at live
	 * positions (the tests check every node of every patched tree): the
	 * fallbacks only keep a foreign node from reading out of bounds. */
	const doc_piece *s = piece_of_virt(m, n->start), *e = piece_of_virt(m, n->end);
	if (s) {
		p.start = s->rstart + (n->start - s->vstart);
		p.line = s->rline + (n->line - s->vline);
	}
	if (e)
		p.end = e->rstart + (n->end - e->vstart);
	return p;
}

/* An end is mapped like a start (the offset itself, not the byte before
 * it): it is a live position too, since what follows a node that survives
 * an edit survives it (the next token, a line start, the end of the text). */
void doc_posmap_virtualize(const doc_posmap *m, doc_node *n)
{
	const doc_piece *s = piece_of_real(m, n->start), *e = piece_of_real(m, n->end);
	if (!s || !e)
		return;
	n->line = s->vline + (n->line - s->rline);
	n->start = s->vstart + (n->start - s->rstart);
	n->end = e->vstart + (n->end - e->rstart);
}

size_t doc_posmap_pieces(const doc_posmap *m) { return m ? m->n : 1; }

doc_posmap *doc_posmap_edit(arena *a, const doc_posmap *old, size_t old_len, const doc_posedit *e)
{
	static const uint32_t ident_order = 0;
	doc_piece ident = { .vstart = 0, .rstart = 0, .len = old_len + 1, .vline = 1, .rline = 1 };
	const doc_piece *op = old ? old->piece : &ident;
	const uint32_t *oorder = old ? old->by_virt : &ident_order;
	size_t on = old ? old->n : 1, vnext = old ? old->vnext : old_len + 1;

	doc_posmap *m = arena_alloc(a, sizeof *m);
	m->piece = arena_alloc(a, (on + 2) * sizeof *m->piece);
	m->by_virt = arena_alloc(a, (on + 2) * sizeof *m->by_virt);
	/* Where each old piece's surviving parts went (UINT32_MAX: none). */
	uint32_t *before = arena_alloc(a, on * sizeof *before), *after = arena_alloc(a, on * sizeof *after);
	size_t n = 0;
	for (size_t i = 0; i < on; i++) {   /* before the edit: unchanged */
		before[i] = after[i] = UINT32_MAX;
		const doc_piece *p = &op[i];
		if (p->rstart >= e->pre)
			continue;
		doc_piece q = *p;
		if (q.rstart + q.len > e->pre)
			q.len = e->pre - q.rstart;
		before[i] = (uint32_t)n;
		m->piece[n++] = q;
	}
	size_t fresh = SIZE_MAX;
	if (e->ce_new > e->pre) {           /* the re-parsed bytes: virtual offsets never used */
		fresh = n;
		m->piece[n++] = (doc_piece){ .vstart = vnext, .rstart = e->pre, .len = e->ce_new - e->pre,
		                             .vline = e->line_pre, .rline = e->line_pre };
		vnext += e->ce_new - e->pre;
	}
	for (size_t i = 0; i < on; i++) {   /* after it: moved by the edit's bytes and lines */
		const doc_piece *p = &op[i];
		if (p->rstart + p->len <= e->ce_old)
			continue;
		size_t cut = p->rstart < e->ce_old ? e->ce_old - p->rstart : 0;
		doc_piece q = { .vstart = p->vstart + cut, .rstart = p->rstart + cut - e->ce_old + e->ce_new,
		                .len = p->len - cut };
		if (cut) {   /* the piece held the edit's end: its remainder starts at line_ce_old */
			q.vline = p->vline + (e->line_ce_old - p->rline);
			q.rline = e->line_ce_new;
		} else {
			q.vline = p->vline;
			q.rline = p->rline - e->line_ce_old + e->line_ce_new;
		}
		after[i] = (uint32_t)n;
		m->piece[n++] = q;
	}
	/* Virtual order: the old order, each old piece's parts in place (its
	 * part before the edit has the lower offsets), the fresh range last
	 * (it lies past every offset used so far). */
	size_t k = 0;
	for (size_t j = 0; j < on; j++) {
		uint32_t i = oorder[j];
		if (before[i] != UINT32_MAX)
			m->by_virt[k++] = before[i];
		if (after[i] != UINT32_MAX)
			m->by_virt[k++] = after[i];
	}
	if (fresh != SIZE_MAX)
		m->by_virt[k++] = (uint32_t)fresh;
	m->n = n;
	m->vnext = vnext;
	return m;
}
