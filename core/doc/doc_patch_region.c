/* doc_patch_region.c — where the one edit between two texts lies, and
 * whether the lines of the sequence item holding it can be parsed alone
 * and give what a full parse gives (the conditions listed in doc_patch.c).
 * Only the text is read here; doc_patch.c parses and builds. */
#include "core/doc/doc_patch_int.h"
#include <string.h>

static size_t line_start(const char *s, size_t i)
{
	while (i > 0 && s[i - 1] != '\n' && s[i - 1] != '\r')
		i--;
	return i;
}

/* Column of the item's '-' when its line reads "<spaces>- <item>", else -1. */
static long dash_column(const char *s, size_t ls, size_t item_start)
{
	size_t i = ls;
	while (i < item_start && s[i] == ' ')
		i++;
	if (i >= item_start || s[i] != '-')
		return -1;
	long col = (long)(i - ls);
	for (i++; i < item_start; i++)
		if (s[i] != ' ')
			return -1;
	return col;
}

/* Every line after the first is blank, a comment, or indented past dash. */
static bool lines_stay_inside(const char *s, size_t from, size_t to, long dash)
{
	size_t i = from;
	while (i < to && s[i] != '\n')
		i++;
	while (i < to) {
		i++;   /* past '\n' */
		size_t ind = 0;
		while (i + ind < to && s[i + ind] == ' ')
			ind++;
		size_t j = i + ind;
		if (j < to && s[j] != '\n' && s[j] != '\r' && s[j] != '#' && (long)ind <= dash)
			return false;
		if (j < to && s[j] == '\t')
			return false;
		i = j;
		while (i < to && s[i] != '\n')
			i++;
	}
	return true;
}

size_t doc_patch_next_token(const char *s, size_t len, size_t i)
{
	while (i < len) {
		if (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
			i++;
		} else if (s[i] == '#') {
			while (i < len && s[i] != '\n' && s[i] != '\r')
				i++;
		} else {
			break;
		}
	}
	return i;
}

unsigned doc_patch_column_of(const char *s, size_t i)
{
	unsigned col = 1;
	for (size_t k = line_start(s, i); k < i; k++)
		col += ((unsigned char)s[k] & 0xC0) != 0x80;
	return col;
}

unsigned doc_patch_count_lines(const char *s, size_t from, size_t to)
{
	unsigned n = 0;
	for (size_t i = from; i < to; i++)
		n += s[i] == '\n';
	return n;
}

/* Equal leading bytes; memcmp over blocks first, since states run to
 * megabytes and this runs on every reload. */
static size_t common_prefix(const char *a, const char *b, size_t n)
{
	size_t i = 0;
	while (i + 4096 <= n && memcmp(a + i, b + i, 4096) == 0)
		i += 4096;
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

/* Equal trailing bytes before a_end and b_end, at most n. */
static size_t common_suffix(const char *a_end, const char *b_end, size_t n)
{
	size_t i = 0;
	while (i + 4096 <= n && memcmp(a_end - i - 4096, b_end - i - 4096, 4096) == 0)
		i += 4096;
	while (i < n && a_end[-(long)i - 1] == b_end[-(long)i - 1])
		i++;
	return i;
}

/* Lines are counted by LF: refuse a region holding any other break libyaml
 * counts (a lone CR, NEL, LS, PS). */
static bool lf_lines_only(const char *s, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\r' && (i + 1 >= to || s[i + 1] != '\n'))
			return false;
		if (c == 0xC2 && i + 1 < to && (unsigned char)s[i + 1] == 0x85)
			return false;
		if (c == 0xE2 && i + 2 < to && (unsigned char)s[i + 1] == 0x80 &&
		    ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9))
			return false;
	}
	return true;
}

int doc_patch_find_region(const doc *old, const doc_node *seq, const char *buf, size_t len, patch_region *r)
{
	const char *os = old->src;
	size_t olen = old->len;
	size_t lim = olen < len ? olen : len;
	size_t pre = common_prefix(os, buf, lim);
	if (pre == olen && olen == len)
		return -1;   /* identical: nothing to patch */
	size_t suf = common_suffix(os + olen, buf + len, lim - pre);
	r->pre = pre;
	r->ce_old = olen - suf;
	r->ce_new = len - suf;
	/* The item whose lines hold the whole change, at its place in old's text. */
	const doc_node *next = NULL;
	doc_pos next_at = { 0 };
	size_t i = 0;
	r->item = NULL;
	for (const doc_node *it = seq->u.coll.first; it; it = it->next, i++) {
		doc_pos p = doc_where(old, it);
		if (p.start > pre) {
			next = it;
			next_at = p;
			break;
		}
		r->item = it;
		r->at = p;
		r->index = i;
	}
	if (!r->item || r->item->kind == DOC_ALIAS)
		return -1;
	size_t ls = r->ls = line_start(os, r->at.start);
	long dash = dash_column(os, ls, r->at.start);
	if (dash < 0 || pre <= ls + (size_t)dash)
		return -1;   /* the edit touches the dash itself */
	/* The item's lines run to the next item's dash line: that is where the
	 * next item starts only when its content starts on the dash's line
	 * ("- id: x", not "-" then "  id: x" below it: found by fuzz_patch). */
	if (next && dash_column(os, line_start(os, next_at.start), next_at.start) < 0)
		return -1;
	size_t seq_end = doc_where(old, seq).end;
	size_t end_old = next ? line_start(os, next_at.start) : line_start(os, seq_end);
	if (!next && seq_end >= olen)
		end_old = olen;
	if (r->ce_old > end_old || end_old < ls)
		return -1;
	long delta = (long)len - (long)olen;
	size_t end_new = (size_t)((long)end_old + delta);
	r->end_old = end_old;
	r->end_new = end_new;
	/* The new item text must still end a line: an edit of the line break
	 * before the next item would join that item's dash line onto the last
	 * line of this one (into a comment, say), which the slice cannot see
	 * (found by fuzz_patch). */
	if (end_new < len && buf[end_new - 1] != '\n')
		return -1;
	/* Line starts are found by LF: up to the token that ends the item (the
	 * next dash, or what follows the sequence), no other break libyaml
	 * counts may hide one (a PS there ended the sequence a line early for
	 * libyaml, not for line_start: found by fuzz_patch). */
	size_t bound_old = next ? next_at.start : seq_end < olen ? seq_end : olen;
	if (bound_old < end_old)
		bound_old = end_old;
	if (!lines_stay_inside(buf, ls, end_new, dash) || !lf_lines_only(os, ls, bound_old) ||
	    !lf_lines_only(buf, ls, (size_t)((long)bound_old + delta)))
		return -1;
	return 0;
}
