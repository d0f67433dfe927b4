/* prompt.c — a one-line editor for reasons and filters, and the y/N confirm.
 * What is typed lives on the heap and is never cut: up to HUD_PROMPT_MAX
 * bytes, a key beyond that is refused with a message. Editing is on UTF-8
 * bytes with every move and deletion by whole characters, and Enter takes
 * only valid UTF-8 (a terminal in another encoding is told, the text kept). */
#include "tui/prompt.h"
#include "tui/view.h"
#include "core/util/escape.h"
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTRL(c) ((c) & 0x1f)

void prompt_free(hud *h)
{
	free(h->prompt.text);
	h->prompt.text = NULL;
	h->prompt.len = h->prompt.cap = h->prompt.cursor = 0;
}

/* Room for need more bytes and the NUL; false at the limit (nothing changed). */
static bool reserve(hud_prompt *p, size_t need)
{
	if (p->len + need > HUD_PROMPT_MAX)
		return false;
	if (p->len + need + 1 <= p->cap)
		return true;
	size_t cap = p->cap ? p->cap : 128;
	while (cap < p->len + need + 1)
		cap *= 2;
	char *t = realloc(p->text, cap);
	if (!t)
		return false;
	if (!p->text)
		t[0] = '\0';
	p->text = t;
	p->cap = cap;
	return true;
}

/* A fresh prompt with its label and context, over the top view. */
static void ask(hud *h, const char *label, const char *context, bool yes_no)
{
	prompt_free(h);
	memset(&h->prompt, 0, sizeof h->prompt);
	reserve(&h->prompt, 0);
	snprintf(h->prompt.label, sizeof h->prompt.label, "%s", label);
	snprintf(h->prompt.context, sizeof h->prompt.context, "%s", context);
	h->prompt.yes_no = yes_no;
	if (h->message_error)
		snprintf(h->prompt.refusal, sizeof h->prompt.refusal, "%s", h->message);
	views_push(h, &view_prompt);
}

void prompt_ask_text(hud *h, const char *label, const char *context, hud_prompt_done done)
{
	ask(h, label, context, false);
	h->prompt.done = done;
}

void prompt_ask_confirm(hud *h, const char *label, const char *context, hud_confirm_done done)
{
	ask(h, label, context, true);
	h->prompt.confirm = done;
}

void prompt_set_text(hud *h, const char *text)
{
	hud_prompt *p = &h->prompt;
	size_t n = strlen(text);
	p->len = p->cursor = 0;
	if (!reserve(p, n))
		n = 0;   /* cannot happen for text a prompt took */
	memcpy(p->text, text, n);
	p->text[n] = '\0';
	p->len = p->cursor = n;
}

static size_t prev_char(const char *s, size_t i)
{
	while (i > 0 && ((unsigned char)s[--i] & 0xC0) == 0x80)
		;
	return i;
}

static size_t next_char(const char *s, size_t len, size_t i)
{
	if (i < len)
		i++;
	while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
		i++;
	return i;
}

/* The byte offset of the first invalid UTF-8 sequence, or -1. */
static long bad_utf8(const char *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		unsigned cp;
		size_t n = esc_utf8_decode((const unsigned char *)s + i, len - i, &cp);
		if (!n)
			return (long)i;
		i += n;
	}
	return -1;
}

static void cut(hud_prompt *p, size_t from, size_t to)
{
	memmove(p->text + from, p->text + to, p->len - to + 1);
	p->len -= to - from;
	if (p->cursor >= to)
		p->cursor -= to - from;
	else if (p->cursor > from)
		p->cursor = from;
}

/* Answered: a refusal said before the prompt opened ("b: not available
 * here") is old, and must not come back under the next prompt (block's
 * question). What changed since (a write's progress) stays. */
static void forget_refusal(hud *h)
{
	if (h->message_error && h->prompt.refusal[0] && strcmp(h->message, h->prompt.refusal) == 0)
		h->message[0] = '\0';
	h->prompt.refusal[0] = '\0';
}

static void finish_text(hud *h, bool ok)
{
	hud_prompt *p = &h->prompt;
	long bad = ok ? bad_utf8(p->text, p->len) : -1;
	if (bad >= 0) {
		/* Not sent anywhere, and not thrown away: the operator fixes it here. */
		p->cursor = (size_t)bad;
		hud_message(h, true, "the text is not valid UTF-8 at byte %ld (is the terminal set to UTF-8?): "
		            "fix it, or Esc", bad + 1);
		return;
	}
	hud_prompt_done done = p->done;
	/* The callback may open the next prompt (block asks a question): it
	 * gets a copy, the prompt's own buffer is then free to be reused. */
	char *text = ok ? strdup(p->text) : NULL;
	if (ok && !text) {
		hud_message(h, true, "out of memory: the text is kept; Enter again, or Esc");
		return;
	}
	forget_refusal(h);
	views_close(h, &view_prompt);   /* back to the view it was asked from */
	curs_set(0);
	if (done)
		done(h, text);
	free(text);
}

/* C-w: the word before the cursor and the blanks after it, as a shell's. */
static void rubout_word(hud_prompt *p)
{
	size_t i = p->cursor;
	while (i > 0 && p->text[i - 1] == ' ')
		i--;
	while (i > 0 && p->text[i - 1] != ' ')
		i = prev_char(p->text, i);
	cut(p, i, p->cursor);
}

static void edit_key(hud *h, int key);

/* A key; a live prompt (a search, the filter) hears of every edit. */
void prompt_key(hud *h, int key)
{
	hud_prompt *p = &h->prompt;
	size_t len = p->len;
	edit_key(h, key);
	/* Still open, its text changed, and whole (a UTF-8 character arrives byte by byte). */
	if (views_top(h) == &view_prompt && p->edited && p->len != len && bad_utf8(p->text, p->len) < 0)
		p->edited(h, p->text);
}

static void edit_key(hud *h, int key)
{
	hud_prompt *p = &h->prompt;
	if (p->yes_no) {
		hud_confirm_done done = p->confirm;
		forget_refusal(h);
		views_close(h, &view_prompt);
		if (done)
			done(h, key == 'y' || key == 'Y');
		return;
	}
	if (p->key && p->key(h, key))
		return;
	switch (key) {
	case 27: finish_text(h, false); return;
	case '\n': case '\r': case KEY_ENTER: finish_text(h, true); return;
	case KEY_LEFT: case CTRL('b'): p->cursor = prev_char(p->text, p->cursor); return;
	case KEY_RIGHT: case CTRL('f'): p->cursor = next_char(p->text, p->len, p->cursor); return;
	case KEY_HOME: case CTRL('a'): p->cursor = 0; return;
	case KEY_END: case CTRL('e'): p->cursor = p->len; return;
	case CTRL('u'): cut(p, 0, p->cursor); return;
	case CTRL('k'): cut(p, p->cursor, p->len); return;
	case CTRL('w'): rubout_word(p); return;
	case KEY_BACKSPACE: case 127: case CTRL('h'):
		if (p->cursor)
			cut(p, prev_char(p->text, p->cursor), p->cursor);
		return;
	case KEY_DC: case CTRL('d'):
		if (p->cursor < p->len)
			cut(p, p->cursor, next_char(p->text, p->len, p->cursor));
		return;
	default:
		/* Printable bytes only (UTF-8 arrives byte by byte through getch). */
		if (key < 0x20 || key > 0xFF || key == 0x7F)
			return;
		if (!reserve(p, 1)) {
			hud_message(h, true, "the text is at its limit of %d bytes: nothing more is taken (what is typed is kept)",
			            HUD_PROMPT_MAX);
			return;
		}
		memmove(p->text + p->cursor + 1, p->text + p->cursor, p->len - p->cursor + 1);
		p->text[p->cursor++] = (char)key;
		p->len++;
		/* A character's continuation bytes follow its lead byte: the cursor
		 * stays after the whole character as it arrives. */
	}
}

/* The note, cut at spaces into at most 3 lines ending on row bottom. */
static void view_note(hud *h, const char *note, int bottom)
{
	size_t at[3], len[3];
	int n = 0, w = h->cols - 2;
	for (size_t i = 0; note[i] && n < 3; n++) {
		size_t next;
		at[n] = i;
		len[n] = text_wrap_line(h, note + i, w, &next);
		i += next;
	}
	for (int i = 0; i < n; i++) {
		int y = bottom - n + 1 + i;
		char line[512];
		snprintf(line, sizeof line, "%.*s", (int)len[i], note + at[i]);
		text_fill_row(h, y, 0, h->cols, EL_NORMAL);
		text_put(h, y, 1, w, line, EL_WARN);
	}
}

/* A y/N question whole, wrapped onto the rows above the last (an override's
 * reason names who holds the lease and until when: never cut). */
static void draw_question(hud *h)
{
	char q[sizeof h->prompt.label + 16];
	snprintf(q, sizeof q, "%s [y/N] ", h->prompt.label);
	size_t at[16], len[16];
	int n = 0, most = h->rows - 1 < 16 ? h->rows - 1 : 16;
	for (size_t i = 0; q[i] && n < most; n++) {
		size_t next;
		at[n] = i;
		len[n] = text_wrap_line(h, q + i, h->cols - 1, &next);
		i += next;
	}
	for (int i = 0; i < n; i++) {
		int y = h->rows - n + i;
		char line[sizeof q];
		snprintf(line, sizeof line, "%.*s", (int)len[i], q + at[i]);
		text_fill_row(h, y, 0, h->cols, EL_NORMAL);
		text_put(h, y, 0, h->cols, line, EL_PROMPT);
	}
	if (h->prompt.note[0])
		view_note(h, h->prompt.note, h->rows - 1 - n);
}

/* Columns of the characters in s[from, to). */
static int span_width(hud *h, const char *s, size_t from, size_t to)
{
	char c[8];
	int w = 0;
	for (size_t i = from; i < to;) {
		size_t n = next_char(s, to, i) - i;
		if (n >= sizeof c)
			n = sizeof c - 1;
		memcpy(c, s + i, n);
		c[n] = '\0';
		w += text_width(h, c);
		i += n;
	}
	return w;
}

static void draw(hud *h, unsigned dirty)
{
	(void)dirty;
	int y = h->rows - 1;
	text_fill_row(h, y, 0, h->cols, EL_NORMAL);
	hud_prompt *p = &h->prompt;
	if (p->yes_no) {
		draw_question(h);
		curs_set(0);
		return;
	}
	if (p->note[0])
		view_note(h, p->note, y - 1);
	int x = text_putf(h, y, 0, h->cols, EL_PROMPT, "%s: ", p->label);
	int avail = h->cols - x - 1;
	const char *s = p->text ? p->text : "";
	/* Keep the cursor visible: from the cursor back, as many characters as
	 * fit (only what is on screen is measured, so a long text stays fast). */
	size_t start = p->cursor;
	int cx = 0;
	while (start > 0) {
		size_t b = prev_char(s, start);
		int cw = span_width(h, s, b, start);
		if (cx + cw >= avail)
			break;
		cx += cw;
		start = b;
	}
	if (start == 0)
		cx = span_width(h, s, 0, p->cursor);
	text_put(h, y, x, avail, s + start, EL_NORMAL);
	move(y, x + cx);
	curs_set(1);
}

const hud_view_def view_prompt = {
	.name = "prompt",
	.overlay = true,
	.draw = draw,
	.key = prompt_key,
};
