/* edit_remove.c — items taken out of a flow sequence (a JSON array), with
 * the bytes around them kept: each maximal run of removed items goes with
 * the separator that follows it, or, at the end of the sequence, with the
 * one before it; a sequence left empty reads "[]". Verification
 * (edit_verify.c) then expects exactly the remaining items, in order. */
#include "core/edit/edit_int.h"
#include <string.h>

bool edit_remove_is_removed(const editor *ed, const doc_node *item)
{
	for (size_t i = 0; i < ed->nremoved; i++)
		if (ed->removed[i] == item)
			return true;
	return false;
}

bool edit_remove_touches(const editor *ed, const doc_node *seq)
{
	for (size_t i = 0; i < ed->nremoved; i++)
		if (ed->removed_from[i] == seq)
			return true;
	return false;
}

/* The offsets of seq's '[' and ']' (-1 when the text is not that). */
static bool brackets(const editor *ed, const doc_node *seq, size_t *open, size_t *close)
{
	const char *s = ed->d->src;
	const char *o = memchr(s + seq->start, '[', seq->end - seq->start);
	if (!o || seq->end == 0 || s[seq->end - 1] != ']')
		return false;
	*open = (size_t)(o - s);
	*close = seq->end - 1;
	return true;
}

int edit_remove_item(editor *ed, const doc_node *seq, const doc_node *item)
{
	if (ed->failed)
		return -1;
	if (!seq || seq->kind != DOC_SEQ) {
		char what[64];
		return edit_fail(ed, seq, "cannot remove an item from %s: not a sequence",
		                 seq ? doc_describe(seq, what, sizeof what) : "nothing");
	}
	if (seq->style != DOC_FLOW)
		return edit_fail(ed, seq, "removing an item from a block sequence is not supported; only [ ... ] sequences");
	size_t open, close;
	if (edit_layout_has_anchor(ed->d->src, ed->d->len, seq) || !brackets(ed, seq, &open, &close))
		return edit_fail(ed, seq, "the sequence carries an anchor or tag: its aliases would change too");
	const doc_node *i = seq->u.coll.first;
	while (i && i != item)
		i = i->next;
	if (!i)
		return edit_fail(ed, item ? item : seq, "the item to remove is not in this sequence");
	if (item->kind != DOC_ALIAS && edit_layout_has_anchor(ed->d->src, ed->d->len, item))
		return edit_fail(ed, item, "the item carries an anchor: its aliases would lose it");
	if (edit_remove_is_removed(ed, item))
		return edit_fail(ed, item, "this item is removed twice in one change");
	if (ed->nremoved == ed->capremoved) {
		size_t cap = ed->capremoved ? ed->capremoved * 2 : 4;
		const doc_node **a = arena_alloc(&ed->mem, cap * sizeof *a), **b = arena_alloc(&ed->mem, cap * sizeof *b);
		if (ed->nremoved) {
			memcpy(a, ed->removed, ed->nremoved * sizeof *a);
			memcpy(b, ed->removed_from, ed->nremoved * sizeof *b);
		}
		ed->removed = a;
		ed->removed_from = b;
		ed->capremoved = cap;
	}
	ed->removed[ed->nremoved] = item;
	ed->removed_from[ed->nremoved++] = seq;
	return 0;
}

static void one(splice *out, size_t *n, size_t start, size_t end)
{
	splice *sp = &out[(*n)++];
	memset(sp, 0, sizeof *sp);
	sp->start = start;
	sp->end = end;
	sp->text = "";
	sp->seq = (size_t)-1 / 4 + *n;   /* after every recorded edit at one offset */
}

/* The splices of one sequence's removals: one per run of removed items. */
static size_t render_seq(const editor *ed, const doc_node *seq, splice *out)
{
	const char *s = ed->d->src;
	size_t n = 0, open, close;
	brackets(ed, seq, &open, &close);   /* checked when recorded */
	const doc_node *kept_before = NULL, *run = NULL, *last_removed = NULL;
	for (const doc_node *i = seq->u.coll.first; i; i = i->next) {
		if (edit_remove_is_removed(ed, i)) {
			if (!run)
				run = i;
			last_removed = i;
			continue;
		}
		if (run)   /* the run and the separator after it, up to this item */
			one(out, &n, run->start, i->start);
		run = NULL;
		kept_before = i;
	}
	if (run) {
		if (kept_before)   /* the last items: the separator before them goes */
			one(out, &n, edit_layout_content_end(s, kept_before), edit_layout_content_end(s, last_removed));
		else               /* nothing left: "[]" */
			one(out, &n, open + 1, close);
	}
	return n;
}

long edit_remove_render(editor *ed, splice *out)
{
	size_t n = 0;
	for (size_t r = 0; r < ed->nremoved; r++) {
		const doc_node *seq = ed->removed_from[r];
		bool first = true;
		for (size_t q = 0; q < r; q++)
			if (ed->removed_from[q] == seq)
				first = false;
		if (!first)
			continue;
		for (const expect *e = ed->exp; e; e = e->next)
			if (e->op == EXP_APPEND && e->val == seq)
				return edit_fail(ed, seq, "a sequence cannot be appended to and have items removed in one change");
		n += render_seq(ed, seq, out + n);
	}
	return (long)n;
}
