/* edit_layout.c — reading how the source is laid out, so new text can match
 * it: where a value's last token ends, which column a key sits at, how far
 * the file indents sequences, which line end it uses.
 *
 * Spans from the document layer include a node's properties (an anchor or a
 * tag starts the span) and a block collection's span runs to the next token,
 * over trailing blank lines and comments; a block scalar's span runs over its
 * trailing blank lines. Everything here works from those facts. */
#include "core/edit/edit_int.h"
#include <string.h>

static bool is_break(char c) { return c == '\n' || c == '\r'; }

size_t edit_layout_after_line(const char *s, size_t len, size_t off)
{
	/* LF, CRLF, or (old Mac files) a lone CR ends a line. */
	while (off < len && !is_break(s[off]))
		off++;
	if (off < len && s[off] == '\r' && off + 1 < len && s[off + 1] == '\n')
		off++;
	return off < len ? off + 1 : len;
}

bool edit_layout_rest_blank(const char *s, size_t len, size_t off)
{
	while (off < len && (s[off] == ' ' || s[off] == '\t'))
		off++;
	return off >= len || is_break(s[off]);
}

unsigned edit_layout_col(const char *s, size_t off)
{
	size_t b = off;
	while (b > 0 && !is_break(s[b - 1]))
		b--;
	/* A byte order mark is not part of the first line's indentation. */
	if (b == 0 && off >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		b = 3;
	unsigned col = 0;
	for (size_t i = b; i < off; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			col++;
	return col;
}

/* A block scalar's span ends after its trailing blank lines; the value's
 * text ends with its last non-blank line (trailing blanks of that line are
 * content and go with it). */
size_t edit_layout_block_scalar_end(const char *s, const doc_node *n)
{
	size_t e = n->end;
	while (e > n->start && (s[e - 1] == ' ' || s[e - 1] == '\t' || is_break(s[e - 1])))
		e--;
	while (e < n->end && !is_break(s[e]))
		e++;
	return e;
}

size_t edit_layout_content_end(const char *s, const doc_node *n)
{
	/* Recursion follows the last child only, and the tree's depth is bounded
	 * by the parser's limit. */
	for (;;) {
		if (n->kind == DOC_SCALAR)
			return n->style == DOC_LITERAL || n->style == DOC_FOLDED ? edit_layout_block_scalar_end(s, n) : n->end;
		if (n->kind == DOC_ALIAS || n->style == DOC_FLOW || !n->u.coll.last)
			return n->end;
		n = n->u.coll.last;
	}
}

long edit_layout_colon_after(const char *s, size_t len, const doc_node *key)
{
	size_t i = key->end;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i < len && s[i] == ':' ? (long)(i + 1) : -1;
}

bool edit_layout_has_anchor(const char *s, size_t len, const doc_node *n)
{
	size_t i = n->start;
	while (i < len) {
		if (s[i] == '&')
			return true;
		if (s[i] != '!')
			return false;
		while (i < len && s[i] != ' ' && s[i] != '\t' && !is_break(s[i]))
			i++;
		while (i < len && (s[i] == ' ' || s[i] == '\t' || is_break(s[i])))
			i++;
	}
	return false;
}

long edit_layout_dash_col(const char *s, const doc_node *item)
{
	size_t i = item->start;
	while (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t'))
		i--;
	if (i == 0 || s[i - 1] != '-')
		return -1;
	return (long)edit_layout_col(s, i - 1);
}

unsigned edit_layout_literal_indent(const char *s, size_t len, const doc_node *n)
{
	size_t end = n->end < len ? n->end : len;
	size_t i = edit_layout_after_line(s, end, n->start);
	while (i < end) {
		unsigned spaces = 0;
		while (i < end && s[i] == ' ')
			i++, spaces++;
		if (i < end && !is_break(s[i]))
			return spaces;
		i = edit_layout_after_line(s, end, i);
	}
	return 0;
}

const char *edit_layout_eol(const char *s, size_t len)
{
	const char *nl = memchr(s, '\n', len);
	if (!nl)
		return memchr(s, '\r', len) ? "\r" : "\n";
	return nl > s && nl[-1] == '\r' ? "\r\n" : "\n";
}

/* The first block sequence under a key says how this file indents sequences
 * ("key:\n  - a" or "key:\n- a"); the first mapping item says how far its
 * keys sit from the dash. */
typedef struct prefs_walk {
	const char *s;
	long seq_indent, item_offset;
} prefs_walk;

static void prefs_visit(prefs_walk *w, const doc_node *n, unsigned depth)
{
	if (!n || depth > 64 || (w->seq_indent >= 0 && w->item_offset >= 0))
		return;
	if (n->kind == DOC_MAP) {
		for (const doc_node *k = n->u.coll.first; k && k->next; k = k->next->next) {
			const doc_node *v = k->next;
			if (n->style == DOC_BLOCK && v->kind == DOC_SEQ && v->style == DOC_BLOCK &&
			    w->seq_indent < 0 && v->u.coll.first) {
				long dash = edit_layout_dash_col(w->s, v->u.coll.first);
				long kc = (long)edit_layout_col(w->s, k->start);
				if (dash >= kc && k->line < v->u.coll.first->line)
					w->seq_indent = dash - kc;
			}
			prefs_visit(w, v, depth + 1);
		}
	} else if (n->kind == DOC_SEQ) {
		for (const doc_node *i = n->u.coll.first; i; i = i->next) {
			if (n->style == DOC_BLOCK && i->kind == DOC_MAP && i->style == DOC_BLOCK &&
			    w->item_offset < 0 && i->u.coll.first) {
				long dash = edit_layout_dash_col(w->s, i);
				long kc = (long)edit_layout_col(w->s, i->u.coll.first->start);
				if (dash >= 0 && kc >= dash + 2)
					w->item_offset = kc - dash;
			}
			prefs_visit(w, i, depth + 1);
		}
	}
}

void edit_layout_prefs(editor *ed)
{
	if (ed->prefs_done)
		return;
	prefs_walk w = { .s = ed->d->src, .seq_indent = -1, .item_offset = -1 };
	prefs_visit(&w, ed->d->root, 0);
	ed->seq_indent = w.seq_indent >= 0 ? (unsigned)w.seq_indent : 2;
	ed->item_offset = w.item_offset >= 0 ? (unsigned)w.item_offset : 2;
	ed->prefs_done = true;
}
