/* edit_quote.c — writing a value as YAML (or JSON) text that reads back as
 * exactly that value.
 *
 * The old value's style is kept when the new text allows it: a double-quoted
 * timestamp stays double-quoted, a plain word stays plain. Plain is allowed
 * only for text no YAML 1.1 reader would take for something else (null, a
 * boolean, a number, a timestamp) or split (": ", " #", flow indicators), and
 * only for characters libyaml accepts raw. Anything else is double-quoted
 * with escapes; JSON escapes are a subset of YAML's, so one escaper serves
 * both. A multi-line string in block context becomes a literal block when
 * its lines survive one unchanged. */
#include "core/edit/edit_int.h"
#include "core/util/escape.h"
#include <stdio.h>
#include <string.h>

/* Characters libyaml takes as they are inside a quoted or plain scalar on
 * one line: its printable set minus line breaks (NEL, LS, PS fold lines) and
 * the invisible ones that reorder or hide text (bidi controls, BOM), which we
 * escape so the file stays honest to a reader. */
static bool raw_ok(unsigned cp)
{
	if (cp >= 0x20 && cp <= 0x7E)
		return true;
	if (cp < 0xA0)
		return false;   /* C0, DEL, C1 (NEL included) */
	if (cp == 0x2028 || cp == 0x2029 || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
	    (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
	    cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB))
		return false;
	if (cp <= 0xD7FF)
		return true;
	if (cp >= 0xE000 && cp <= 0xFFFD)
		return true;
	return cp >= 0x10000 && cp <= 0x10FFFF;
}

/* Valid UTF-8 and, when raw, every character raw-printable except those
 * allowed in `extra`: one walk for both questions. */
static bool scan(const char *s, size_t n, bool raw, const char *extra)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		unsigned cp;
		size_t w = esc_utf8_decode(u + i, n - i, &cp);
		if (!w)
			return false;
		if (raw && !raw_ok(cp) && !(cp < 0x80 && cp && strchr(extra, (int)cp)))
			return false;
		i += w;
	}
	return true;
}

bool edit_quote_utf8_ok(const char *s, size_t n) { return scan(s, n, false, ""); }

static bool all_raw(const char *s, size_t n, const char *extra) { return scan(s, n, true, extra); }

static bool is_one_of(const char *s, size_t n, const char *const *words)
{
	for (; *words; words++)
		if (strlen(*words) == n && memcmp(*words, s, n) == 0)
			return true;
	return false;
}

/* Would a YAML 1.1 reader resolve this plain text to a non-string? Numbers
 * are judged generously (anything digit-led made of number characters): a
 * string quoted without need still reads back the same. */
static bool plain_special(const char *s, size_t n)
{
	static const char *const words[] = {
		"~", "null", "Null", "NULL", "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
		"true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
		"<<", "=", NULL,
	};
	static const char *const floats[] = { ".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN", NULL };
	if (is_one_of(s, n, words))
		return true;
	size_t i = (n && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
	if (is_one_of(s + i, n - i, floats))
		return true;
	if (i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.')) {
		bool numberish = true;
		for (size_t j = i; j < n && numberish; j++)
			numberish = strchr("0123456789abcdefABCDEFxXoO_.:+-", s[j]) != NULL;
		if (numberish)
			return true;
	}
	/* A date or timestamp: 2026-01-20, 2026-01-20T10:20:00Z, ... */
	if (n >= 5 && s[4] == '-') {
		bool digits = true;
		for (size_t j = 0; j < 4; j++)
			digits = digits && s[j] >= '0' && s[j] <= '9';
		if (digits)
			return true;
	}
	return false;
}

bool edit_quote_plain_ok(const char *s, size_t n, bool flow)
{
	if (!n || !all_raw(s, n, ""))
		return false;
	if (strchr("-?:,[]{}#&*!|>'\"%@` ", s[0]))
		return false;
	if (s[n - 1] == ' ' || s[n - 1] == ':')
		return false;
	for (size_t i = 0; i + 1 < n; i++) {
		if (s[i] == ':' && s[i + 1] == ' ')
			return false;
		if (s[i] == ' ' && s[i + 1] == '#')
			return false;
	}
	/* In flow context ',' '[' ']' '{' '}' end a plain scalar; ':' may too. */
	for (size_t i = 0; flow && i < n; i++)
		if (strchr(",[]{}:", s[i]))
			return false;
	return !plain_special(s, n);
}

static void emit_double(strbuf *out, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	strbuf_addc(out, '"');
	for (size_t i = 0; i < n;) {
		unsigned cp;
		size_t w = esc_utf8_decode(u + i, n - i, &cp);
		if (!w)   /* callers check UTF-8 first; never loop forever */
			w = 1, cp = 0xFFFD;
		switch (cp) {
		case '"': strbuf_adds(out, "\\\""); break;
		case '\\': strbuf_adds(out, "\\\\"); break;
		case '\n': strbuf_adds(out, "\\n"); break;
		case '\t': strbuf_adds(out, "\\t"); break;
		case '\r': strbuf_adds(out, "\\r"); break;
		case '\b': strbuf_adds(out, "\\b"); break;
		case '\f': strbuf_adds(out, "\\f"); break;
		default:
			if (raw_ok(cp))
				strbuf_add(out, s + i, w);
			else
				strbuf_printf(out, "\\u%04X", cp);   /* never above 0xFFFF: those are raw_ok */
		}
		i += w;
	}
	strbuf_addc(out, '"');
}

static void emit_single(strbuf *out, const char *s, size_t n)
{
	strbuf_addc(out, '\'');
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\'')
			strbuf_addc(out, '\'');
		strbuf_addc(out, s[i]);
	}
	strbuf_addc(out, '\'');
}

/* A literal block keeps its lines verbatim when: no carriage returns or
 * other breaks (they would be normalised), no leading empty line and no
 * leading blank on the first line (that line sets the indentation), no line
 * of only blanks, at most one final newline (more would need "keep" chomping,
 * which would swallow the blank lines that follow in the file). */
static bool literal_ok(const char *s, size_t n)
{
	if (!n || !memchr(s, '\n', n) || s[0] == '\n' || s[0] == ' ' || s[0] == '\t')
		return false;
	if (!all_raw(s, n, "\n\t"))
		return false;
	if (n >= 2 && s[n - 1] == '\n' && s[n - 2] == '\n')
		return false;
	size_t line = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && s[i] != '\n')
			continue;
		bool blank = i > line, only_blanks = true;
		for (size_t j = line; j < i; j++)
			only_blanks = only_blanks && (s[j] == ' ' || s[j] == '\t');
		if (blank && only_blanks)
			return false;
		if (i > line && s[line] == '\t')
			return false;
		line = i + 1;
	}
	return true;
}

static void emit_literal(strbuf *out, const char *s, size_t n, unsigned indent, const char *eol)
{
	bool clip = s[n - 1] == '\n';
	if (clip)
		n--;   /* the line break that follows the block gives the final newline */
	strbuf_adds(out, clip ? "|" : "|-");
	size_t line = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && s[i] != '\n')
			continue;
		strbuf_adds(out, eol);
		if (i > line) {
			for (unsigned k = 0; k < indent; k++)
				strbuf_addc(out, ' ');
			strbuf_add(out, s + line, i - line);
		}
		line = i + 1;
	}
}

/* A nested mapping or sequence, in flow style ({k: v, …} / [v, …]; JSON
 * text in a JSON file). */
static int quote_flow(strbuf *out, const edit_value *v, const quote_ctx *c)
{
	quote_ctx in = { .json = c->json, .flow = true, .eol = c->eol };
	bool map = v->kind == EDIT_MAP;
	strbuf_addc(out, map ? '{' : '[');
	for (size_t i = 0; i < v->n; i++) {
		if (i)
			strbuf_adds(out, ", ");
		if (map) {
			edit_quote_key(out, v->pairs[i].key, c->json, true);
			strbuf_adds(out, ": ");
		}
		if (edit_quote_value(out, map ? &v->pairs[i].val : &v->items[i], &in) < 0)
			return -1;
	}
	strbuf_addc(out, map ? '}' : ']');
	return 0;
}

int edit_quote_value(strbuf *out, const edit_value *v, const quote_ctx *c)
{
	switch (v->kind) {
	case EDIT_NULL: strbuf_adds(out, "null"); return 0;
	case EDIT_BOOL: strbuf_adds(out, v->b ? "true" : "false"); return 0;
	case EDIT_INT: strbuf_printf(out, "%lld", v->i); return 0;
	case EDIT_MAP: case EDIT_SEQ: return quote_flow(out, v, c);
	case EDIT_STR: break;
	}
	const char *s = v->str;
	size_t n = v->len;
	if (!edit_quote_utf8_ok(s, n))
		return -1;
	doc_style hint = c->has_hint ? c->hint : DOC_PLAIN;
	if (c->json || hint == DOC_DOUBLE) {
		emit_double(out, s, n);
	} else if (c->literal_ok && !c->flow && hint != DOC_SINGLE && literal_ok(s, n)) {
		emit_literal(out, s, n, c->literal_indent, c->eol);
	} else if (hint == DOC_SINGLE && all_raw(s, n, "")) {
		emit_single(out, s, n);
	} else if (edit_quote_plain_ok(s, n, c->flow)) {
		strbuf_add(out, s, n);
	} else {
		emit_double(out, s, n);
	}
	return 0;
}

void edit_quote_key(strbuf *out, const char *key, bool json, bool flow)
{
	size_t n = strlen(key);
	if (!json && edit_quote_plain_ok(key, n, flow))
		strbuf_add(out, key, n);
	else
		emit_double(out, key, n);
}
