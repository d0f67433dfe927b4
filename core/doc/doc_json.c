/* doc_json.c — JSON's UTF-16 escapes, which libyaml refuses. Python's
 * json.dumps writes every character outside the BMP as a surrogate pair
 * ("\ud83d\ude80") and a lone surrogate as itself; libyaml rejects both, so
 * one emoji in an agent's message would make its whole file unreadable.
 * Before parsing a JSON document, a pair becomes the equivalent 10-character
 * "\U0001F680" and a lone surrogate "\uFFFD" (same length); the positions
 * where text got 2 bytes shorter are kept so every span maps back to the
 * original bytes, which the editor splices. */
#include "core/doc/doc_json.h"
#include "core/util/strfind.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hex4(const char *s, size_t avail)
{
	if (avail < 4)
		return -1;
	int v = 0;
	for (int i = 0; i < 4; i++) {
		int c = (unsigned char)s[i], d;
		if (c >= '0' && c <= '9') d = c - '0';
		else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
		else return -1;
		v = v * 16 + d;
	}
	return v;
}

/* A JSON document: '{' or '[' first, then a quoted key, a value or the end. */
static bool looks_json(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	if (i >= n || (s[i] != '{' && s[i] != '['))
		return false;
	for (i++; i < n && isspace((unsigned char)s[i]); i++)
		;
	return i < n && (s[i] == '"' || s[i] == '}' || s[i] == ']' || s[i] == '{' || s[i] == '[' ||
	                 s[i] == '-' || isdigit((unsigned char)s[i]) || s[i] == 't' || s[i] == 'f' || s[i] == 'n');
}

/* What may follow a number, a literal or a string in JSON. */
static bool delimiter_at(const char *s, size_t n, size_t i)
{
	return i >= n || strchr(",]}: \t\r\n", s[i]) != NULL;
}

/* Bytes of the JSON token (outside strings) at s, or 0 when none starts
 * there: punctuation, white space, a number, true/false/null (each followed
 * by a delimiter, as JSON requires and YAML's plain scalars do not), or a
 * quote. */
static size_t json_token(const char *s, size_t n)
{
	static const char *const words[] = { "true", "false", "null" };
	char c = s[0];
	if (strchr("{}[]:,\" \t\r\n", c))
		return 1;
	if (c == '-' || isdigit((unsigned char)c)) {
		/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? and nothing looser */
		size_t i = c == '-';
		if (i >= n || !isdigit((unsigned char)s[i]))
			return 0;
		if (s[i] == '0')
			i++;
		else
			while (i < n && isdigit((unsigned char)s[i]))
				i++;
		if (i < n && s[i] == '.') {
			if (++i >= n || !isdigit((unsigned char)s[i]))
				return 0;
			while (i < n && isdigit((unsigned char)s[i]))
				i++;
		}
		if (i < n && (s[i] == 'e' || s[i] == 'E')) {
			if (++i < n && (s[i] == '+' || s[i] == '-'))
				i++;
			if (i >= n || !isdigit((unsigned char)s[i]))
				return 0;
			while (i < n && isdigit((unsigned char)s[i]))
				i++;
		}
		return delimiter_at(s, n, i) ? i : 0;
	}
	for (size_t w = 0; w < 3; w++) {
		size_t l = strlen(words[w]);
		if (n >= l && memcmp(s, words[w], l) == 0 && delimiter_at(s, n, l))
			return l;
	}
	return 0;
}

/* End of the string whose opening quote is at s[i], just past its closing
 * quote; 0 when it does not close on its line. */
static size_t string_end(const char *s, size_t n, size_t i)
{
	for (i++; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '"')
			return i + 1;
		else if (s[i] == '\n' || s[i] == '\r')
			return 0;
	}
	return 0;
}

/* Is s exactly one JSON value (RFC 8259 grammar, depth <= 256)? Only then is
 * every quote outside a string the start of one for libyaml too; in other
 * text a quote may sit inside a YAML plain scalar. */
static bool is_json(const char *s, size_t n)
{
	enum { VALUE, KEY_OR_CLOSE, KEY, COLON, VALUE_OR_CLOSE, AFTER } st = VALUE;
	char stack[256];
	size_t depth = 0, i = 0;
	while (i < n) {
		char c = s[i];
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			i++;
			continue;
		}
		switch (st) {
		case KEY_OR_CLOSE:
		case VALUE_OR_CLOSE:
			if (c == (st == KEY_OR_CLOSE ? '}' : ']')) {
				depth--;
				i++;
				st = AFTER;
				continue;
			}
			st = st == KEY_OR_CLOSE ? KEY : VALUE;
			continue;
		case KEY: {
			size_t e = c == '"' ? string_end(s, n, i) : 0;
			if (!e)
				return false;
			i = e;
			st = COLON;
			continue;
		}
		case COLON:
			if (c != ':')
				return false;
			i++;
			st = VALUE;
			continue;
		case VALUE:
			if (c == '{' || c == '[') {
				if (depth == sizeof stack)
					return false;
				stack[depth++] = c;
				i++;
				st = c == '{' ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
				continue;
			}
			if (c == '"') {
				size_t e = string_end(s, n, i);
				if (!e)
					return false;
				i = e;
			} else {
				size_t l = json_token(s + i, n - i);
				if (!l || strchr("{}[]:,", c))
					return false;
				i += l;
			}
			st = AFTER;
			continue;
		case AFTER:
			if (!depth)
				return false;   /* something after the one value */
			if (c == ',') {
				st = stack[depth - 1] == '{' ? KEY : VALUE;
			} else if (c == (stack[depth - 1] == '{' ? '}' : ']')) {
				depth--;
			} else {
				return false;
			}
			i++;
			continue;
		}
	}
	return st == AFTER && depth == 0;
}

int doc_json_fix_surrogates(const char *s, size_t n, doc_json_fix *fx)
{
	memset(fx, 0, sizeof *fx);
	if (!looks_json(s, n) || !lw_memmem(s, n, "\\u", 2))
		return 0;
	bool any = false;
	for (size_t i = 0; i + 1 < n; i++) {
		if (s[i] == '\\' && (s[i + 1] == 'u' || s[i + 1] == 'U')) {
			int v = s[i + 1] == 'u' ? hex4(s + i + 2, n - i - 2) : -1;
			if (v >= 0xD800 && v <= 0xDFFF) { any = true; break; }
		}
	}
	if (!any || !is_json(s, n))
		return 0;
	char *out = malloc(n + 1);
	if (!out)
		return -1;
	size_t o = 0, cap = 0;
	bool in_str = false;
	for (size_t i = 0; i < n;) {
		char c = s[i];
		if (!in_str) {
			/* Outside strings only JSON's own tokens may stand; anything
			 * else (a YAML plain scalar, a comment) means this is not JSON,
			 * and a quote inside such text is no string: rewrite nothing. */
			size_t lit = json_token(s + i, n - i);
			if (!lit) {
				free(out);
				doc_json_fix_free(fx);
				return 0;
			}
			memcpy(out + o, s + i, lit);
			o += lit;
			i += lit;
			in_str = c == '"';
			continue;
		}
		if (c == '"') {
			out[o++] = c;
			i++;
			in_str = false;
			if (!delimiter_at(s, n, i)) {   /* "a"b is no JSON */
				free(out);
				doc_json_fix_free(fx);
				return 0;
			}
			continue;
		}
		if (c != '\\' || i + 1 >= n) {
			out[o++] = c;
			i++;
			continue;
		}
		int v = s[i + 1] == 'u' ? hex4(s + i + 2, n - i - 2) : -1;
		int lo = v >= 0xD800 && v <= 0xDBFF && i + 11 < n && s[i + 6] == '\\' && s[i + 7] == 'u'
		         ? hex4(s + i + 8, n - i - 8) : -1;
		if (lo >= 0xDC00 && lo <= 0xDFFF) {
			unsigned cp = 0x10000u + (((unsigned)v - 0xD800u) << 10) + ((unsigned)lo - 0xDC00u);
			char esc[11];
			snprintf(esc, sizeof esc, "\\U%08X", cp);
			memcpy(out + o, esc, 10);
			o += 10;
			i += 12;
			if (fx->n == cap) {
				cap = cap ? cap * 2 : 16;
				size_t *p = realloc(fx->at, cap * sizeof *p);
				if (!p) {
					free(out);
					free(fx->at);
					memset(fx, 0, sizeof *fx);
					return -1;
				}
				fx->at = p;
			}
			fx->at[fx->n++] = o;   /* from here on, the original is 2 bytes further */
		} else if (v >= 0xD800 && v <= 0xDFFF) {
			memcpy(out + o, "\\uFFFD", 6);   /* a lone surrogate: the replacement character */
			o += 6;
			i += 6;
		} else {
			/* Any other escape: copy it whole, so "\\\"" never ends the string. */
			out[o++] = s[i++];
			out[o++] = s[i++];
		}
	}
	out[o] = '\0';
	fx->text = out;
	fx->len = o;
	return 1;
}

size_t doc_json_fix_map(const doc_json_fix *fx, size_t off)
{
	/* Count the shortenings at or before off (the array is sorted). */
	size_t lo = 0, hi = fx->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (fx->at[mid] <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return off + 2 * lo;
}

void doc_json_fix_free(doc_json_fix *fx)
{
	free(fx->text);
	free(fx->at);
	memset(fx, 0, sizeof *fx);
}
