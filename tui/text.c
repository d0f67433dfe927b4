/* text.c — every string reaches the screen through text_put: escaped by
 * esc_term (no control character or bidi override gets through), then cut to
 * the columns available by display width, not bytes. */
#include "tui/hud.h"
#include "core/util/escape.h"
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

int text_style_attr(const hud *h, theme_elem e)
{
	const theme_style *s = &h->th.el[e];
	int a = 0;
	if (s->attrs & THEME_BOLD) a |= A_BOLD;
	if (s->attrs & THEME_UNDERLINE) a |= A_UNDERLINE;
	if (s->attrs & THEME_REVERSE) a |= A_REVERSE;
	if (s->attrs & THEME_DIM) a |= A_DIM;
	if (h->color)
		a |= COLOR_PAIR(e + 1);
	else if (e == EL_SELECTED || e == EL_HEADER || e == EL_KEY || e == EL_CRIT || e == EL_STALE)
		a |= A_REVERSE;   /* without colour, what must stand out still does */
	return a;
}

/* Columns of one UTF-8 character (already escaped, so printable). */
static int char_cols(const unsigned char *s, size_t len, size_t *used)
{
	unsigned cp;
	size_t n = esc_utf8_decode(s, len, &cp);
	if (!n) {
		*used = 1;
		return 1;
	}
	*used = n;
	int w = wcwidth((wchar_t)cp);
	return w < 0 ? 1 : w;
}

int text_width(const hud *h, const char *s)
{
	strbuf b;
	strbuf_init(&b);
	esc_term(&b, s, strlen(s), h->utf8);
	int w = 0;
	for (size_t i = 0; i < b.len;) {
		size_t used;
		w += char_cols((const unsigned char *)b.buf + i, b.len - i, &used);
		i += used;
	}
	strbuf_free(&b);
	return w;
}

size_t text_fit(const hud *h, const char *s, int w)
{
	size_t i = 0, len = strlen(s);
	int cols = 0;
	while (i < len) {
		unsigned cp;
		size_t n = esc_utf8_decode((const unsigned char *)s + i, len - i, &cp);
		n = n ? n : 1;
		char c[8];
		memcpy(c, s + i, n);
		c[n] = '\0';
		int cw = text_width(h, c);
		if (cols + cw > w)
			break;
		cols += cw;
		i += n;
	}
	return i;
}

size_t text_wrap_line(const hud *h, const char *s, int w, size_t *next)
{
	size_t nl = strcspn(s, "\n");
	size_t fit = text_fit(h, s, w < 1 ? 1 : w);
	if (fit == 0 && s[0]) {
		/* A character wider than the line still goes on one, whole. */
		unsigned cp;
		size_t n = esc_utf8_decode((const unsigned char *)s, strlen(s), &cp);
		fit = n ? n : 1;
	}
	if (fit >= nl) {
		*next = nl + (s[nl] == '\n');
		return nl;
	}
	size_t len = fit;
	/* At the last space in the second half of the line, when there is one. */
	for (size_t k = fit; k > fit / 2; k--)
		if (s[k] == ' ') {
			len = k;
			break;
		}
	size_t at = len;
	while (s[at] == ' ')
		at++;
	*next = at;
	return len;
}

int text_put(hud *h, int y, int x, int w, const char *s, theme_elem e)
{
	if (w <= 0 || y < 0 || y >= h->rows || x >= h->cols || !s)
		return 0;
	if (x + w > h->cols)
		w = h->cols - x;
	strbuf b;
	strbuf_init(&b);
	esc_term(&b, s, strlen(s), h->utf8);
	size_t cut = 0;
	int cols = 0;
	while (cut < b.len) {
		size_t used;
		int cw = char_cols((const unsigned char *)b.buf + cut, b.len - cut, &used);
		if (cols + cw > w)
			break;
		cols += cw;
		cut += used;
	}
	attrset(text_style_attr(h, e));
	if (cut)
		mvaddnstr(y, x, b.buf, (int)cut);
	attrset(A_NORMAL);
	strbuf_free(&b);
	return cols;
}

int text_putf(hud *h, int y, int x, int w, theme_elem e, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return text_put(h, y, x, w, buf, e);
}

void text_fill_row(hud *h, int y, int x, int w, theme_elem e)
{
	if (y < 0 || y >= h->rows)
		return;
	if (x + w > h->cols)
		w = h->cols - x;
	attrset(text_style_attr(h, e));
	mvhline(y, x, ' ', w);
	attrset(A_NORMAL);
}
