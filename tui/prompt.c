/* prompt.c — a one-line editor for reasons and filters, and the y/N confirm.
 * Editing is byte-based on UTF-8 with cursor moves by whole characters. */
#include "tui/hud.h"
#include "tui/review.h"
#include <curses.h>
#include <string.h>

#define CTRL(c) ((c) & 0x1f)

/* A fresh prompt with its label and context, shown in mode. */
static void ask(hud *h, const char *label, const char *context, hud_mode mode)
{
	memset(&h->prompt, 0, sizeof h->prompt);
	snprintf(h->prompt.label, sizeof h->prompt.label, "%s", label);
	snprintf(h->prompt.context, sizeof h->prompt.context, "%s", context);
	h->mode = mode;
}

void prompt_ask_text(hud *h, const char *label, const char *context, hud_prompt_done done)
{
	ask(h, label, context, MODE_PROMPT);
	h->prompt.done = done;
}

void prompt_ask_confirm(hud *h, const char *label, const char *context, hud_confirm_done done)
{
	ask(h, label, context, MODE_CONFIRM);
	h->prompt.confirm = done;
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

static void finish_text(hud *h, bool ok)
{
	hud_prompt_done done = h->prompt.done;
	h->mode = view_review_base_mode(h);
	curs_set(0);
	if (done)
		done(h, ok ? h->prompt.text : NULL);
}

void prompt_key(hud *h, int key)
{
	hud_prompt *p = &h->prompt;
	if (h->mode == MODE_CONFIRM) {
		hud_confirm_done done = p->confirm;
		h->mode = view_review_base_mode(h);
		if (done)
			done(h, key == 'y' || key == 'Y');
		return;
	}
	switch (key) {
	case 27: finish_text(h, false); return;
	case '\n': case '\r': case KEY_ENTER: finish_text(h, true); return;
	case KEY_LEFT: case CTRL('b'): p->cursor = prev_char(p->text, p->cursor); return;
	case KEY_RIGHT: case CTRL('f'): p->cursor = next_char(p->text, p->len, p->cursor); return;
	case KEY_HOME: case CTRL('a'): p->cursor = 0; return;
	case KEY_END: case CTRL('e'): p->cursor = p->len; return;
	case CTRL('u'):
		memmove(p->text, p->text + p->cursor, p->len - p->cursor + 1);
		p->len -= p->cursor;
		p->cursor = 0;
		return;
	case CTRL('k'): p->text[p->cursor] = '\0'; p->len = p->cursor; return;
	case KEY_BACKSPACE: case 127: case CTRL('h'): {
		if (!p->cursor)
			return;
		size_t from = prev_char(p->text, p->cursor);
		memmove(p->text + from, p->text + p->cursor, p->len - p->cursor + 1);
		p->len -= p->cursor - from;
		p->cursor = from;
		return;
	}
	case KEY_DC: case CTRL('d'): {
		if (p->cursor >= p->len)
			return;
		size_t to = next_char(p->text, p->len, p->cursor);
		memmove(p->text + p->cursor, p->text + to, p->len - to + 1);
		p->len -= to - p->cursor;
		return;
	}
	default:
		/* Printable bytes only (UTF-8 arrives byte by byte through getch). */
		if (key < 0x20 || key > 0xFF || key == 0x7F || p->len + 1 >= sizeof p->text)
			return;
		memmove(p->text + p->cursor + 1, p->text + p->cursor, p->len - p->cursor + 1);
		p->text[p->cursor++] = (char)key;
		p->len++;
	}
}

/* The note, cut at spaces into at most 3 lines just above the prompt. */
static void view_note(hud *h, const char *note)
{
	char lines[3][512];
	int n = 0, w = h->cols - 2;
	for (const char *s = note; *s && n < 3; n++) {
		size_t len = strlen(s);
		if ((int)len > w) {
			len = (size_t)w;
			while (len > (size_t)w / 2 && s[len] != ' ')
				len--;
		}
		snprintf(lines[n], sizeof lines[n], "%.*s", (int)len, s);
		s += len;
		while (*s == ' ')
			s++;
	}
	for (int i = 0; i < n; i++) {
		int y = h->rows - 1 - n + i;
		text_fill_row(h, y, 0, h->cols, EL_NORMAL);
		text_put(h, y, 1, w, lines[i], EL_WARN);
	}
}

void prompt_view(hud *h)
{
	int y = h->rows - 1;
	text_fill_row(h, y, 0, h->cols, EL_NORMAL);
	hud_prompt *p = &h->prompt;
	if (p->note[0])
		view_note(h, p->note);
	if (h->mode == MODE_CONFIRM) {
		text_putf(h, y, 0, h->cols, EL_PROMPT, "%s [y/N] ", p->label);
		curs_set(0);
		return;
	}
	int x = text_putf(h, y, 0, h->cols, EL_PROMPT, "%s: ", p->label);
	char before[sizeof p->text];
	memcpy(before, p->text, p->cursor);
	before[p->cursor] = '\0';
	int cx = x + text_width(h, before);
	int avail = h->cols - x - 1;
	/* Keep the cursor visible: scroll the text left when it runs off. */
	const char *shown = p->text;
	while (cx >= h->cols - 1 && *shown) {
		size_t step = next_char(shown, strlen(shown), 0);
		char c[8];
		memcpy(c, shown, step);
		c[step] = '\0';
		cx -= text_width(h, c);
		shown += step;
	}
	text_put(h, y, x, avail, shown, EL_NORMAL);
	move(y, cx);
	curs_set(1);
}
