/* review_diff.c — git's diff output, one line at a time: split a byte
 * stream into lines (bounded, whatever the input) and say what each line
 * is, for colour. */
#include "core/review/review_git.h"
#include <string.h>

static bool starts(const char *s, size_t len, const char *pre)
{
	size_t n = strlen(pre);
	return len >= n && memcmp(s, pre, n) == 0;
}

lw_rkind lw_diff_classify(lw_diff_state *st, const char *s, size_t len)
{
	if (starts(s, len, "diff --git ") || starts(s, len, "diff --cc ") || starts(s, len, "diff --combined ")) {
		st->in_patch = true;
		st->in_header = true;
		return RK_FILE;
	}
	if (!st->in_patch)
		return RK_STAT;       /* " path | 3 ++-", " 2 files changed, …", the blank line */
	if (starts(s, len, "@@")) {
		st->in_header = false;
		return RK_HUNK;
	}
	if (st->in_header)
		return RK_META;       /* index, ---/+++, mode, rename, "Binary files … differ" */
	if (len == 0)
		return RK_CONTEXT;
	switch (s[0]) {
	case '+': return RK_ADD;
	case '-': return RK_DEL;
	case '\\': return RK_META;    /* "\ No newline at end of file" */
	default: return RK_CONTEXT;
	}
}

void lw_splitter_init(lw_splitter *s)
{
	memset(s, 0, sizeof *s);
	strbuf_init(&s->partial);
}

void lw_splitter_free(lw_splitter *s)
{
	strbuf_free(&s->partial);
	memset(s, 0, sizeof *s);
}

static void emit(lw_splitter *s, const char *line, size_t len, lw_line_fn fn, void *ctx)
{
	if (s->max_lines && s->lines >= s->max_lines) {
		s->full = true;
		return;
	}
	lw_rkind k = lw_diff_classify(&s->st, line, len);
	s->lines++;
	fn(k, line, len, ctx);
}

size_t lw_splitter_feed(lw_splitter *s, const char *buf, size_t len, lw_line_fn fn, void *ctx)
{
	size_t before = s->lines;
	s->bytes += len;
	const char *p = buf, *end = buf + len;
	while (p < end && !s->full) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		/* Keep at most LW_DIFF_LINE_MAX bytes of a line; the rest is dropped. */
		size_t room = s->partial.len < LW_DIFF_LINE_MAX ? LW_DIFF_LINE_MAX - s->partial.len : 0;
		size_t take = n < room ? n : room;
		if (take < n)
			s->overlong = true;
		if (!nl) {
			strbuf_add(&s->partial, p, take);
			break;
		}
		if (s->partial.len || s->overlong) {
			strbuf_add(&s->partial, p, take);
			if (s->overlong)
				strbuf_adds(&s->partial, " [...]");
			emit(s, s->partial.buf, s->partial.len, fn, ctx);
			strbuf_reset(&s->partial);
			s->overlong = false;
		} else {
			emit(s, p, n, fn, ctx);   /* the common case: no copy */
		}
		p = nl + 1;
	}
	return s->lines - before;
}

size_t lw_splitter_end(lw_splitter *s, lw_line_fn fn, void *ctx)
{
	if (!s->partial.len && !s->overlong)
		return 0;
	if (s->overlong)
		strbuf_adds(&s->partial, " [...]");
	emit(s, s->partial.buf, s->partial.len, fn, ctx);
	strbuf_reset(&s->partial);
	s->overlong = false;
	return 1;
}
