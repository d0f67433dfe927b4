/* doc_json.c — JSON's UTF-16 escapes, which libyaml refuses. Python's
 * json.dumps writes every character outside the BMP as a surrogate pair
 * ("\ud83d\ude80") and a lone surrogate as itself; libyaml rejects both, so
 * one emoji in an agent's message would make its whole file unreadable.
 * Before parsing a JSON document, a pair becomes the equivalent 10-character
 * "\U0001F680" and a lone surrogate "\uFFFD" (same length); the positions
 * where text got 2 bytes shorter are kept so every span maps back to the
 * original bytes, which the editor splices. */
#include "core/doc_json.h"
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

int json_fix_surrogates(const char *s, size_t n, json_fix *fx)
{
	memset(fx, 0, sizeof *fx);
	if (!looks_json(s, n) || !memmem(s, n, "\\u", 2))
		return 0;
	bool any = false;
	for (size_t i = 0; i + 1 < n; i++) {
		if (s[i] == '\\' && (s[i + 1] == 'u' || s[i + 1] == 'U')) {
			int v = s[i + 1] == 'u' ? hex4(s + i + 2, n - i - 2) : -1;
			if (v >= 0xD800 && v <= 0xDFFF) { any = true; break; }
		}
	}
	if (!any)
		return 0;
	char *out = malloc(n + 1);
	if (!out)
		return -1;
	size_t o = 0, cap = 0;
	bool in_str = false;
	for (size_t i = 0; i < n;) {
		char c = s[i];
		if (!in_str) {
			out[o++] = c;
			i++;
			in_str = c == '"';
			continue;
		}
		if (c == '"') {
			out[o++] = c;
			i++;
			in_str = false;
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

size_t json_fix_map(const json_fix *fx, size_t off)
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

void json_fix_free(json_fix *fx)
{
	free(fx->text);
	free(fx->at);
	memset(fx, 0, sizeof *fx);
}
