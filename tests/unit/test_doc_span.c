/* test_doc_span.c — libyaml's character marks as byte offsets (doc_span.h):
 * the run table on its own, looked up in every order, and whole documents
 * of mixed-width text whose every node must start at the byte its line and
 * column name. The editor splices bytes at these offsets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/doc/doc.h"
#include "core/doc/doc_span.h"

/* Reference: the byte offset of character ci, walking from the start. */
static size_t walk_to_char(const char *s, size_t len, size_t ci)
{
	size_t b = 0;
	for (size_t k = 0; k < ci && b < len; k++) {
		unsigned char x = (unsigned char)s[b];
		b += x < 0x80 ? 1 : x < 0xE0 ? 2 : x < 0xF0 ? 3 : 4;
	}
	return b > len ? len : b;
}

static size_t count_chars(const char *s, size_t len) { size_t n = 0; for (size_t b = 0; b < len; b += walk_to_char(s + b, len - b, 1)) n++; return n; }

static unsigned rnd(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) & 0x7fff;
}

/* Every character index, in order, backwards, and at random: the cursor
 * moves both ways and must land on the same byte. */
static void check_every_index(const char *text, unsigned seed)
{
	size_t len = strlen(text), nchars = count_chars(text, len);
	doc_span_conv c;
	assert_int_equal(doc_span_init(&c, text, len, 7, NULL), 0);
	for (size_t ci = 0; ci <= nchars + 2; ci++)
		assert_int_equal(doc_span_byte(&c, ci), 7 + walk_to_char(text, len, ci));
	for (size_t ci = nchars + 2; ci-- > 0;)
		assert_int_equal(doc_span_byte(&c, ci), 7 + walk_to_char(text, len, ci));
	for (int k = 0; k < 500; k++) {
		size_t ci = rnd(&seed) % (nchars + 3);
		assert_int_equal(doc_span_byte(&c, ci), 7 + walk_to_char(text, len, ci));
	}
	doc_span_free(&c);
}

static void runs_map_every_character_index(void **state)
{
	(void)state;
	check_every_index("plain ascii only\r\nline two\n", 1);
	check_every_index("\xC3\xA9t\xC3\xA9 starts with a two-byte character", 2);
	check_every_index("ends with a four-byte one \xF0\x9F\x98\x80", 3);
	check_every_index("\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\xE6\x97\xA5\xE6\x9C\xAC", 4);   /* dense, one width */
	check_every_index("mixed \xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80\xC3\xA9 widths side by side \xC2\x85 NEL "
	                  "\xE2\x80\xA8 LS \xE2\x80\xA9 PS\r\n", 5);
	check_every_index("", 6);
	/* Long ASCII stretches between non-ASCII bytes: the word-at-a-time scan. */
	char buf[2048] = "";
	for (int i = 0; i < 40; i++)
		strcat(buf, i % 7 == 3 ? "x\xE2\x80\x94y" : "0123456789abcdefghijklmnopqrstuvwxyz ");
	check_every_index(buf, 7);
}

/* ---- whole documents ---- */

/* The byte where libyaml's (line, col), both 1-based, points: lines end at
 * CR LF, CR, LF, NEL, LS and PS. */
static size_t byte_at(const char *s, size_t len, unsigned line, unsigned col)
{
	size_t b = 0;
	for (unsigned l = 1; l < line && b < len;) {
		unsigned char x = (unsigned char)s[b];
		size_t w = x < 0x80 ? 1 : x < 0xE0 ? 2 : x < 0xF0 ? 3 : 4;
		bool brk = x == '\n' || x == '\r' || (x == 0xC2 && (unsigned char)s[b + 1] == 0x85) ||
		           (x == 0xE2 && (unsigned char)s[b + 1] == 0x80 &&
		            ((unsigned char)s[b + 2] == 0xA8 || (unsigned char)s[b + 2] == 0xA9));
		if (x == '\r' && b + 1 < len && s[b + 1] == '\n')
			w = 2;
		b += w;
		l += brk;
	}
	return b + walk_to_char(s + b, len - b, col - 1);
}

static void check_tree(const char *src, size_t len, const doc_node *n, const doc_node *parent)
{
	assert_true(n->start <= n->end && n->end <= len);
	if (parent)
		assert_true(n->start >= parent->start && n->end <= parent->end);
	if (n->start != byte_at(src, len, n->line, n->col))
		fail_msg("node at %u:%u starts at byte %zu, not %zu", n->line, n->col, n->start,
		         byte_at(src, len, n->line, n->col));
	if (n->kind == DOC_SCALAR) {
		const char *sp = src + n->start;
		size_t sl = n->end - n->start;
		if (n->style == DOC_PLAIN && !memchr(sp, '\n', sl) && !memchr(sp, '\r', sl))
			assert_true(sl == n->u.scalar.len && memcmp(sp, n->u.scalar.str, sl) == 0);
		if (n->style == DOC_DOUBLE || n->style == DOC_SINGLE)
			assert_true(sl >= 2 && sp[0] == sp[sl - 1] && (sp[0] == '"' || sp[0] == '\''));
		return;
	}
	if (n->kind == DOC_SEQ || n->kind == DOC_MAP)
		for (const doc_node *c = n->u.coll.first; c; c = c->next)
			check_tree(src, len, c, n);
}

static const char *const words[] = {
	"plain", "caf\xC3\xA9", "\xE6\x97\xA5\xE6\x9C\xAC", "x\xF0\x9F\x98\x80y", "a b c", "\xC3\xA9", "1234",
};

static void add_value(char *out, size_t n, unsigned *seed)
{
	const char *w = words[rnd(seed) % (sizeof words / sizeof *words)];
	size_t at = strlen(out);
	switch (rnd(seed) % 5) {
	case 0: snprintf(out + at, n - at, "%s", w); break;
	case 1: snprintf(out + at, n - at, "'%s'", w); break;
	case 2: snprintf(out + at, n - at, "\"%s \\t \xC3\xA9\"", w); break;
	case 3: snprintf(out + at, n - at, "[%s, \"%s\", {k: %s}]", w, w, w); break;
	default: snprintf(out + at, n - at, "\"%s \xE2\x80\xA8 %s\"", w, w); break;   /* LS in a quoted scalar */
	}
}

/* A document of keys whose values are scalars of every style, flow
 * collections and block lists, with comments, in mixed-width text. */
static void make_doc(char *out, size_t n, unsigned seed, const char *br)
{
	out[0] = '\0';
	for (int i = 0; i < 12; i++) {
		size_t at = strlen(out);
		if (rnd(&seed) % 3 == 0)
			snprintf(out + at, n - at, "# %s \xE2\x80\x94 comment%s", words[rnd(&seed) % 7], br), at = strlen(out);
		snprintf(out + at, n - at, "k%d%s:", i, rnd(&seed) % 2 ? "\xC3\xA9" : "");
		if (rnd(&seed) % 3 == 0) {
			for (int j = 0; j < 3; j++) {
				at = strlen(out);
				snprintf(out + at, n - at, "%s  - ", br);
				add_value(out, n, &seed);
			}
		} else {
			strcat(out, " ");
			add_value(out, n, &seed);
		}
		strcat(out, br);
	}
}

static void every_node_starts_at_its_line_and_column(void **state)
{
	(void)state;
	static const char *const breaks[] = { "\n", "\r\n", "\r" };
	char src[8192];
	for (unsigned seed = 1; seed <= 150; seed++) {
		make_doc(src, sizeof src, seed, breaks[seed % 3]);
		doc d;
		lw_error err;
		lw_error_clear(&err);
		if (doc_parse(&d, src, strlen(src), "t.yaml", NULL, &err) != 0)
			fail_msg("seed %u: %s\n%s", seed, err.msg, src);
		check_tree(src, strlen(src), d.root, NULL);
		doc_free(&d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(runs_map_every_character_index),
		cmocka_unit_test(every_node_starts_at_its_line_and_column),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
