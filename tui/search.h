/* search.h — search in the scrolling views, as less does: / opens a prompt
 * at the bottom and every key typed moves to the first match (Enter keeps
 * it, Esc returns to where the view was), n and N go to the next and the
 * previous, wrapping with a message; what matches is drawn in the theme's
 * match style. Smartcase: the case is ignored unless the pattern has a
 * capital. One helper for every view: a view says how many lines it shows,
 * what each says, which is on top, and how to bring one there. The board's
 * filter narrows as it is typed through the same prompt (search_filter_start). */
#ifndef LW_SEARCH_H
#define LW_SEARCH_H
#include "tui/hud.h"

typedef struct search_view {
	/* The lines as the view shows them, in order (made on the fly in buf
	 * when they are; the text may be elsewhere). */
	size_t (*count)(hud *h);
	const char *(*line)(hud *h, size_t i, strbuf *buf);
	size_t (*top)(hud *h);              /* the line on top of the screen now */
	void (*show)(hud *h, size_t i);     /* bring line i to the top */
	/* Optional: around a search, make and drop what count and line read. */
	void (*begin)(hud *h);
	void (*end)(hud *h);
} search_view;

/* ---- the matcher ---- */
/* Smartcase: true (ignore case) unless pat holds a capital letter (any
 * script's: iswupper). */
bool search_fold(const char *pat);
/* The first match of pat in s[0, len) at or after from: its offset, or -1.
 * Case folded when fold: ASCII letters by table, other characters through
 * the C library's towlower (the locale's: "É" finds "é" in UTF-8); a match
 * starts and ends on character boundaries. search_find_len also says how
 * many bytes of s matched (folded, it may differ from strlen(pat)). */
long search_find(const char *pat, bool fold, const char *s, size_t len, size_t from);
/* Whether s (to its NUL) holds pat: search_find's answer, read once (the
 * board's filter asks it of every field of every task). */
bool search_has(const char *pat, bool fold, const char *s);
long search_find_len(const char *pat, bool fold, const char *s, size_t len, size_t from, size_t *mlen);

/* Where the matches of pat in s are drawn, s drawn in w columns: byte
 * offset and length in s, and screen column (after escaping, by display
 * width). At most max; returns how many. */
typedef struct search_span {
	size_t at, len;
	int col;
} search_span;
size_t search_spans(const hud *h, const char *pat, bool fold, const char *s, int w, search_span *out, size_t max);

/* ---- the views' side ---- */
/* /, n and N in view sv: true when ch was one of them (taken). */
bool search_key(hud *h, const search_view *sv, int ch);
/* Draw the matches of the search (sv's) in s, drawn at (y, x) in w columns,
 * over it in the match style. Nothing when sv has no pattern. */
void search_mark(hud *h, const search_view *sv, int y, int x, int w, const char *s);
/* The same for a pattern of the caller's (the board's filter: fold always). */
void search_mark_pat(hud *h, const char *pat, bool fold, int y, int x, int w, const char *s);
/* The view's last row: the search's message ("not found", a wrap) when
 * there is one for sv, over the view's own footer. */
void search_footer(hud *h, const search_view *sv);
/* A view opens: its search starts empty. */
void search_reset(hud *h, const search_view *sv);

/* ---- the board's filter, live ---- */
void search_filter_start(hud *h);

#endif
