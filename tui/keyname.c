/* keyname.c — see keyname.h. One table of names serves both directions, so
 * what the help screen prints is what a bind line accepts. */
#include "tui/keyname.h"
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define CTRL(c) ((c) & 0x1f)

/* The first row of a code is its display name; later rows with the same
 * name add codes (Enter), rows marked alias are accepted, never printed. */
static const struct key_row {
	const char *name;
	int code;
	int alias;
} rows[] = {
	{ "Up", KEY_UP, 0 }, { "Down", KEY_DOWN, 0 }, { "Left", KEY_LEFT, 0 }, { "Right", KEY_RIGHT, 0 },
	{ "PgUp", KEY_PPAGE, 0 }, { "PgDn", KEY_NPAGE, 0 }, { "Home", KEY_HOME, 0 }, { "End", KEY_END, 0 },
	{ "Tab", '\t', 0 }, { "S-Tab", KEY_BTAB, 0 },
	{ "Enter", '\n', 0 }, { "Enter", '\r', 0 }, { "Enter", KEY_ENTER, 0 },
	{ "Esc", 27, 0 }, { "Space", ' ', 0 },
	{ "Backspace", KEY_BACKSPACE, 0 }, { "Backspace", 127, 0 },
	{ "Delete", KEY_DC, 0 }, { "Insert", KEY_IC, 0 },
	{ "PageUp", KEY_PPAGE, 1 }, { "PageDown", KEY_NPAGE, 1 }, { "Escape", 27, 1 },
	{ "Return", '\n', 1 }, { "Return", '\r', 1 }, { "Return", KEY_ENTER, 1 },
	{ "BTab", KEY_BTAB, 1 }, { "Del", KEY_DC, 1 },
};
#define NROWS (sizeof rows / sizeof *rows)

int keyname_parse(const char *name, int *codes, int max)
{
	if (!name || !*name || max < 1)
		return -1;
	int n = 0;
	for (size_t i = 0; i < NROWS; i++)
		if (strcasecmp(rows[i].name, name) == 0 && n < max)
			codes[n++] = rows[i].code;
	if (n)
		return n;
	size_t len = strlen(name);
	if (len == 1 && name[0] > ' ' && name[0] < 0x7f) {
		codes[0] = (unsigned char)name[0];
		return 1;
	}
	/* F1 … F12 */
	if ((name[0] == 'F' || name[0] == 'f') && len >= 2 && len <= 3 && strspn(name + 1, "0123456789") == len - 1) {
		int f = atoi(name + 1);
		if (f < 1 || f > 12)
			return -1;
		codes[0] = KEY_F(f);
		return 1;
	}
	/* C-x, ^x: letters either case, and @ [ \ ] ^ _ as ASCII defines them. */
	const char *c = NULL;
	if (len == 3 && (name[0] == 'C' || name[0] == 'c') && name[1] == '-')
		c = name + 2;
	else if (len == 2 && name[0] == '^')
		c = name + 1;
	if (!c)
		return -1;
	char ch = *c >= 'a' && *c <= 'z' ? (char)(*c - 'a' + 'A') : *c;
	if (ch < '@' || ch > '_')
		return -1;
	codes[0] = CTRL(ch);
	return 1;
}

const char *keyname_of(int code, char *buf, size_t n)
{
	for (size_t i = 0; i < NROWS; i++)
		if (!rows[i].alias && rows[i].code == code) {
			snprintf(buf, n, "%s", rows[i].name);
			return buf;
		}
	if (code >= KEY_F(1) && code <= KEY_F(12))
		snprintf(buf, n, "F%d", code - KEY_F0);
	else if (code > 0 && code < ' ')
		snprintf(buf, n, "C-%c", code <= 26 ? 'a' + code - 1 : '@' + code);
	else if (code > ' ' && code < 0x7f)
		snprintf(buf, n, "%c", code);
	else
		snprintf(buf, n, "key-%d", code);
	return buf;
}
