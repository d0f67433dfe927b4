/* search.c — one search for every scrolling view (search.h): the matcher,
 * the live prompt, n/N with their wrap, the marks over what matches; and
 * the board's filter as it is typed. */
#include "tui/search.h"
#include "tui/prompt.h"
#include "tui/view.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

/* One character of s, folded: ASCII by table, others through the C
 * library's wide characters (mbrtowc, towlower: the locale's, UTF-8 as the
 * HUD runs). A byte that starts no character is itself, out of the range
 * of characters. Returns its length in bytes. */
static size_t fold_char(const char *s, size_t len, bool fold, wint_t *wc)
{
	unsigned char c = (unsigned char)s[0];
	if (c < 0x80) {
		*wc = fold && c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
		return 1;
	}
	mbstate_t st;
	memset(&st, 0, sizeof st);
	wchar_t w;
	size_t r = mbrtowc(&w, s, len, &st);
	if (r == 0 || r > len) {
		*wc = (wint_t)(0x110000u + c);
		return 1;
	}
	*wc = fold ? towlower((wint_t)w) : (wint_t)w;
	return r;
}

bool search_fold(const char *pat)
{
	size_t len = strlen(pat);
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)pat[i];
		if (c >= 'A' && c <= 'Z')
			return false;
		if (c < 0x80) {
			i++;
			continue;
		}
		mbstate_t st;
		memset(&st, 0, sizeof st);
		wchar_t w;
		size_t r = mbrtowc(&w, pat + i, len - i, &st);
		if (r != 0 && r <= len - i && iswupper((wint_t)w))
			return false;
		i += r != 0 && r <= len - i ? r : 1;
	}
	return true;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* The bytes of s from i that match pat (m bytes) folded, or 0. */
static size_t match_folded(const char *pat, size_t m, const char *s, size_t len, size_t i)
{
	size_t a = i, b = 0;
	while (b < m) {
		if (a >= len)
			return 0;
		unsigned char x = (unsigned char)s[a], y = (unsigned char)pat[b];
		if (x < 0x80 && y < 0x80) {   /* the common case, without a call */
			if (lower(x) != lower(y))
				return 0;
			a++, b++;
			continue;
		}
		wint_t u, v;
		a += fold_char(s + a, len - a, true, &u);
		b += fold_char(pat + b, m - b, true, &v);
		if (u != v)
			return 0;
	}
	return a - i;
}

long search_find_len(const char *pat, bool fold, const char *s, size_t len, size_t from, size_t *mlen)
{
	size_t m = strlen(pat);
	if (!m)
		return -1;
	for (size_t i = from; i < len; i++) {
		if (((unsigned char)s[i] & 0xC0) == 0x80)
			continue;   /* never inside a character */
		size_t k;
		if (fold) {
			k = match_folded(pat, m, s, len, i);
		} else {
			if (i + m > len)
				return -1;
			k = memcmp(s + i, pat, m) == 0 ? m : 0;
		}
		if (k) {
			if (mlen)
				*mlen = k;
			return (long)i;
		}
	}
	return -1;
}

long search_find(const char *pat, bool fold, const char *s, size_t len, size_t from)
{
	return search_find_len(pat, fold, s, len, from, NULL);
}

bool search_has(const char *pat, bool fold, const char *s)
{
	unsigned char p0 = (unsigned char)pat[0];
	if (!p0)
		return false;
	if (!fold)
		return strstr(s, pat) != NULL;
	if (p0 >= 0x80)
		return search_find(pat, true, s, strlen(s), 0) >= 0;
	/* The first byte is ASCII: a match starts where s has it, in either
	 * case, or at a character that may fold to it (the Kelvin sign to k);
	 * the string is read once, to its end. */
	size_t m = strlen(pat);
	int lo = lower(p0), up = lo >= 'a' && lo <= 'z' ? lo - 'a' + 'A' : lo;
	for (const char *c = s; *c; c++)
		if ((*c == lo || *c == up || (unsigned char)*c >= 0xC0) && match_folded(pat, m, c, strnlen(c, 4 * m), 0))
			return true;   /* (a character folds to one of at most 4 bytes) */
	return false;
}

static bool line_has(hud *h, const search_view *sv, size_t i, strbuf *buf, bool fold)
{
	buf->len = 0;
	if (buf->buf)
		buf->buf[0] = '\0';
	const char *s = sv->line(h, i, buf);
	return s && search_find(h->search_pat, fold, s, strlen(s), 0) >= 0;
}

/* The first line holding the pattern from line from on, going dir (1 or
 * -1), round the end to the other; -1 none. *wrapped when it went round. */
static long find_line(hud *h, const search_view *sv, size_t from, int dir, bool *wrapped)
{
	size_t n = sv->count(h);
	bool fold = search_fold(h->search_pat);
	strbuf buf;
	strbuf_init(&buf);
	long at = -1;
	*wrapped = false;
	for (size_t k = 0; k < n && at < 0; k++) {
		size_t i = dir > 0 ? (from + k) % n : (from + n - k % n) % n;
		if (line_has(h, sv, i, &buf, fold)) {
			at = (long)i;
			*wrapped = dir > 0 ? i < from : i > from;
		}
	}
	strbuf_free(&buf);
	return at;
}

static void say(hud *h, const char *fmt, const char *arg)
{
	snprintf(h->search_msg, sizeof h->search_msg, fmt, arg);
	h->dirty = DIRTY_ALL;
}

/* Typed so far: the first match from where the view was, or back there. */
static void live(hud *h, const char *text)
{
	const search_view *sv = h->search_for;
	if (!sv)
		return;
	snprintf(h->search_pat, sizeof h->search_pat, "%s", text);
	if (sv->begin)
		sv->begin(h);
	bool wrapped;
	long at = text[0] ? find_line(h, sv, h->search_origin, 1, &wrapped) : -1;
	sv->show(h, at >= 0 ? (size_t)at : h->search_origin);
	h->search_cur = at >= 0 ? (size_t)at : SIZE_MAX;
	if (sv->end)
		sv->end(h);
	snprintf(h->prompt.label, sizeof h->prompt.label, "%s", at >= 0 || !text[0] ? "/" : "/ (not found)");
	h->search_msg[0] = '\0';
	h->dirty = DIRTY_ALL;
}

static void done(hud *h, const char *text)
{
	const search_view *sv = h->search_for;
	if (!sv)
		return;
	if (!text) {
		/* Esc: where the view was, with the pattern it had. */
		snprintf(h->search_pat, sizeof h->search_pat, "%s", h->search_before);
		sv->show(h, h->search_origin);
		h->search_msg[0] = '\0';
		h->search_cur = SIZE_MAX;
		return;
	}
	live(h, text);
	if (text[0] && strcmp(h->prompt.label, "/") != 0)
		say(h, "pattern not found: %s", text);
}

static void step(hud *h, const search_view *sv, int dir)
{
	if (h->search_for != sv || !h->search_pat[0]) {
		say(h, "%s", "no pattern: / searches");
		return;
	}
	if (sv->begin)
		sv->begin(h);
	size_t n = sv->count(h), top = sv->top(h);
	/* From the line last found while it is on screen: near the end the view
	 * cannot bring it to the top, and n must still go on past it. */
	if (h->search_cur != SIZE_MAX && h->search_cur >= top && h->search_cur < top + (size_t)(h->rows > 2 ? h->rows - 2 : 1))
		top = h->search_cur;
	bool wrapped;
	long at = n ? find_line(h, sv, dir > 0 ? (top + 1) % n : (top + n - 1) % n, dir, &wrapped) : -1;
	if (at >= 0) {
		sv->show(h, (size_t)at);
		h->search_cur = (size_t)at;
		h->search_msg[0] = '\0';
		if (dir > 0 ? (size_t)at <= top : (size_t)at >= top)   /* round the end */
			say(h, "%s", dir > 0 ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM");
	} else {
		say(h, "pattern not found: %s", h->search_pat);
	}
	if (sv->end)
		sv->end(h);
}

bool search_key(hud *h, const search_view *sv, int ch)
{
	h->search_msg[0] = '\0';   /* said until the next key */
	if (ch == '/') {
		if (h->search_for != sv)
			search_reset(h, sv);
		snprintf(h->search_before, sizeof h->search_before, "%s", h->search_pat);
		h->search_origin = sv->top(h);
		prompt_ask_text(h, "/", "", done);
		h->prompt.edited = live;
		return true;
	}
	if (ch == 'n' || ch == 'N') {
		step(h, sv, ch == 'n' ? 1 : -1);
		return true;
	}
	return false;
}

void search_reset(hud *h, const search_view *sv)
{
	h->search_for = sv;
	h->search_pat[0] = h->search_msg[0] = '\0';
	h->search_origin = 0;
	h->search_cur = SIZE_MAX;
}

size_t search_spans(const hud *h, const char *pat, bool fold, const char *s, int w, search_span *out, size_t max)
{
	if (!pat || !pat[0] || !s)
		return 0;
	size_t len = strlen(s), m = 0, n = 0;
	strbuf pre;
	strbuf_init(&pre);
	for (long at = search_find_len(pat, fold, s, len, 0, &m); at >= 0 && n < max;
	     at = search_find_len(pat, fold, s, len, (size_t)at + m, &m)) {
		/* Its column: the width of what comes before it, as text_put draws
		 * it (escaped: a control character takes the columns of its escape). */
		pre.len = 0;
		strbuf_add(&pre, s, (size_t)at);
		int col = text_width(h, pre.buf ? pre.buf : "");
		if (col >= w)
			break;
		out[n++] = (search_span){ (size_t)at, m, col };
	}
	strbuf_free(&pre);
	return n;
}

void search_mark_pat(hud *h, const char *pat, bool fold, int y, int x, int w, const char *s)
{
	search_span sp[64];
	size_t n = search_spans(h, pat, fold, s, w, sp, sizeof sp / sizeof *sp);
	for (size_t i = 0; i < n; i++) {
		char hit[sizeof h->search_pat];
		snprintf(hit, sizeof hit, "%.*s", (int)sp[i].len, s + sp[i].at);
		text_put(h, y, x + sp[i].col, w - sp[i].col, hit, EL_MATCH);
	}
}

void search_mark(hud *h, const search_view *sv, int y, int x, int w, const char *s)
{
	if (h->search_for == sv)
		search_mark_pat(h, h->search_pat, search_fold(h->search_pat), y, x, w, s);
}

void search_footer(hud *h, const search_view *sv)
{
	if (h->search_for != sv || !h->search_msg[0])
		return;
	text_fill_row(h, h->rows - 1, 0, h->cols, EL_NORMAL);
	text_put(h, h->rows - 1, 0, h->cols, h->search_msg, EL_WARN);
}

/* ---- the board's filter, live ---- */

static size_t all_tasks(const hud *h)
{
	size_t n = 0;
	for (size_t s = 0, ns = hud_nsources(h); s < ns; s++) {
		const lw_source *src = hud_source(h, s, NULL);
		n += src->good ? src->good->ntasks : 0;
	}
	return n;
}

static void filter_label(hud *h)
{
	snprintf(h->prompt.label, sizeof h->prompt.label, "filter (id, title, status, assignee)  %zu of %zu",
	         h->nitems, all_tasks(h));
}

/* The board with filter text; the selected task hidden by it is said
 * once the filter is kept (Enter, Esc), not at every key typed. */
static void filter_apply(hud *h, const char *text, bool typing)
{
	h->sel_hidden = false;
	hud_refilter(h, text);
	if (typing && h->sel_hidden && strstr(h->message, " is hidden by the filter ")) {
		h->message[0] = '\0';
		h->sel_hidden = false;
	}
	h->dirty = DIRTY_ALL;
}

/* Each key: the board narrows to what is typed so far. A text too long for
 * the filter is not applied (never cut: a cut could split a character). */
static void filter_live(hud *h, const char *text)
{
	if (strlen(text) >= sizeof h->filter) {
		hud_message(h, true, "a filter is at most %zu bytes: shorten it, or Esc", sizeof h->filter - 1);
		return;
	}
	filter_apply(h, text, true);
	filter_label(h);
}

static void filter_done(hud *h, const char *text)
{
	if (!text) {
		/* Esc: the filter it had. */
		char before[sizeof h->filter];
		snprintf(before, sizeof before, "%.*s", (int)sizeof before - 1, h->search_before);
		filter_apply(h, before, false);
		return;
	}
	if (strlen(text) >= sizeof h->filter) {
		/* Refused, never cut: kept to shorten. */
		search_filter_start(h);
		prompt_set_text(h, text);
		hud_message(h, true, "a filter is at most %zu bytes: shorten it, or Esc", sizeof h->filter - 1);
		return;
	}
	filter_apply(h, text, false);
}

void search_filter_start(hud *h)
{
	if (views_top(h) != &view_prompt)
		snprintf(h->search_before, sizeof h->search_before, "%s", h->filter);
	prompt_ask_text(h, "filter", "", filter_done);
	prompt_set_text(h, h->filter);
	h->prompt.edited = filter_live;
	filter_label(h);
}
