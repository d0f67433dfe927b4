#include "core/util/escape.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t esc_utf8_decode(const unsigned char *s, size_t len, unsigned *cp)
{
	if (!len)
		return 0;
	unsigned c = s[0];
	if (c < 0x80) { *cp = c; return 1; }
	size_t n;
	unsigned min;
	if ((c & 0xE0) == 0xC0) { n = 2; c &= 0x1F; min = 0x80; }
	else if ((c & 0xF0) == 0xE0) { n = 3; c &= 0x0F; min = 0x800; }
	else if ((c & 0xF8) == 0xF0) { n = 4; c &= 0x07; min = 0x10000; }
	else return 0;
	if (len < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;   /* overlong, out of range, or a surrogate */
	*cp = c;
	return n;
}

/* Characters that change how text is laid out or read, not what it says. */
static bool is_format_control(unsigned cp)
{
	return (cp >= 0x80 && cp <= 0x9F) ||                  /* C1, incl. CSI 0x9B */
	       cp == 0x061C || (cp >= 0x200B && cp <= 0x200F) || /* zero-width, marks */
	       cp == 0x2060 ||                                /* word joiner */
	       (cp >= 0x202A && cp <= 0x202E) ||              /* embeddings, overrides */
	       (cp >= 0x2066 && cp <= 0x2069) ||              /* isolates */
	       cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB);
}

/* Unicode's own line and paragraph separators: YAML folds them like a
 * newline (so a JSON string read back by a YAML parser would lose them) and
 * a terminal draws nothing sensible. */
static bool is_separator(unsigned cp) { return cp == 0x2028 || cp == 0x2029; }

/* Noncharacters no reader is obliged to accept (libyaml refuses them). */
static bool is_nonchar(unsigned cp) { return cp == 0xFFFE || cp == 0xFFFF; }

void esc_term(strbuf *out, const char *str, size_t len, bool utf8)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	while (i < len) {
		unsigned char c = s[i];
		if (c == '\t' || c == '\n' || c == '\r') {
			strbuf_addc(out, ' ');
			i++;
		} else if (c < 0x20 || c == 0x7F) {
			char caret[2] = { '^', c == 0x7F ? '?' : (char)(c + 0x40) };
			strbuf_add(out, caret, 2);
			i++;
		} else if (c < 0x80) {
			strbuf_addc(out, (char)c);
			i++;
		} else {
			unsigned cp;
			size_t n = esc_utf8_decode(s + i, len - i, &cp);
			if (!n) {
				strbuf_addc(out, '?');
				i++;
			} else {
				if (is_separator(cp))
					strbuf_addc(out, ' ');
				else if (!utf8 || is_format_control(cp) || is_nonchar(cp))
					strbuf_addc(out, '?');
				else
					strbuf_add(out, s + i, n);
				i += n;
			}
		}
	}
}

void esc_tmux(strbuf *out, const char *s, size_t len)
{
	strbuf tmp;
	strbuf_init(&tmp);
	esc_term(&tmp, s, len, true);
	for (size_t i = 0; i < tmp.len; i++) {
		if (tmp.buf[i] == '#')
			strbuf_addc(out, '#');
		strbuf_addc(out, tmp.buf[i]);
	}
	strbuf_free(&tmp);
}

/* The escapes a JSON string and a Prometheus label value share: \" \\ \n.
 * true when c was one of them (and written). */
static bool quote_escape(strbuf *out, unsigned char c)
{
	if (c == '"' || c == '\\') {
		char e[2] = { '\\', (char)c };
		strbuf_add(out, e, 2);
		return true;
	}
	if (c == '\n') {
		strbuf_adds(out, "\\n");
		return true;
	}
	return false;
}

void esc_json(strbuf *out, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	strbuf_addc(out, '"');
	size_t i = 0;
	while (i < len) {
		unsigned char c = s[i];
		if (quote_escape(out, c))
			i++;
		else if (c == '\t') { strbuf_adds(out, "\\t"); i++; }
		else if (c == '\r') { strbuf_adds(out, "\\r"); i++; }
		else if (c < 0x20 || c == 0x7F) { strbuf_printf(out, "\\u%04x", c); i++; }
		else if (c < 0x80) { strbuf_addc(out, (char)c); i++; }
		else {
			unsigned cp;
			size_t n = esc_utf8_decode(s + i, len - i, &cp);
			if (!n) { strbuf_adds(out, "\\ufffd"); i++; }
			else if (is_format_control(cp) || is_separator(cp) || is_nonchar(cp)) {
				strbuf_printf(out, "\\u%04x", cp);
				i += n;
			}
			else { strbuf_add(out, s + i, n); i += n; }
		}
	}
	strbuf_addc(out, '"');
}

void esc_json_str(strbuf *out, const char *s)
{
	if (!s)
		strbuf_adds(out, "null");
	else
		esc_json(out, s, strlen(s));
}

void esc_prom_label(strbuf *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");
	size_t len = strlen((const char *)s), i = 0;
	strbuf_addc(out, '"');
	while (i < len) {
		unsigned char c = s[i];
		if (quote_escape(out, c))
			i++;
		else if (c < 0x20 || c == 0x7F) { strbuf_adds(out, "\xEF\xBF\xBD"); i++; }
		else if (c < 0x80) { strbuf_addc(out, (char)c); i++; }
		else {
			unsigned cp;
			size_t n = esc_utf8_decode(s + i, len - i, &cp);
			if (!n || (cp >= 0x80 && cp < 0xA0) || is_format_control(cp) || is_nonchar(cp)) {
				strbuf_adds(out, "\xEF\xBF\xBD");
				i += n ? n : 1;
			} else {
				strbuf_add(out, s + i, n);
				i += n;
			}
		}
	}
	strbuf_addc(out, '"');
}

void esc_vprint(FILE *f, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	char small[512], *raw = n >= 0 && (size_t)n < sizeof small ? small : malloc(n > 0 ? (size_t)n + 1 : 1);
	if (!raw || n < 0) {
		va_end(ap2);
		return;
	}
	vsnprintf(raw, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	strbuf out;
	strbuf_init(&out);
	esc_term(&out, raw, (size_t)n, true);
	strbuf_addc(&out, '\n');
	fwrite(out.buf, 1, out.len, f);
	strbuf_free(&out);
	if (raw != small)
		free(raw);
}

void esc_print(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	esc_vprint(f, fmt, ap);
	va_end(ap);
}

/* ---- HTML (export) ---- */

static bool html_hidden(unsigned cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2060 || cp == 0xfeff || cp == 0x061c || cp == 0x2028 ||
	       cp == 0x2029 || cp == 0xfffe || cp == 0xffff;
}

void esc_html(strbuf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		unsigned char c = p[i];
		if (c < 0x80) {
			switch (c) {
			case '&': strbuf_adds(out, "&amp;"); break;
			case '<': strbuf_adds(out, "&lt;"); break;
			case '>': strbuf_adds(out, "&gt;"); break;
			case '"': strbuf_adds(out, "&quot;"); break;
			case '\'': strbuf_adds(out, "&#39;"); break;
			case '\n': case '\t': strbuf_addc(out, (char)c); break;
			default:
				if (c < 0x20 || c == 0x7f) {
					strbuf_addc(out, '^');
					strbuf_addc(out, c == 0x7f ? '?' : (char)(c + '@'));
				} else {
					strbuf_addc(out, (char)c);
				}
			}
			i++;
			continue;
		}
		unsigned cp;
		size_t n = esc_utf8_decode(p + i, len - i, &cp);
		if (!n || html_hidden(cp)) {
			strbuf_adds(out, "\xEF\xBF\xBD");
			i += n ? n : 1;
			continue;
		}
		strbuf_add(out, s + i, n);
		i += n;
	}
}

void esc_html_str(strbuf *out, const char *s)
{
	if (s)
		esc_html(out, s, strlen(s));
}

bool esc_html_path(strbuf *out, const char *path)
{
	if (!path || !*path || path[0] == '/')
		return false;
	/* Every component a plain name: no "..", ".", empty, no scheme (a
	 * colon anywhere is refused: "javascript:" or "C:"). */
	const char *c = path;
	while (*c) {
		size_t n = strcspn(c, "/");
		if (n == 0 || (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
			return false;
		c += n;
		if (*c == '/')
			c++;
	}
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		if (*p < 0x20 || *p == 0x7f || *p == '\\' || *p == ':')
			return false;
	static const char hex[] = "0123456789ABCDEF";
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' ||
		    *p == '.' || *p == '_' || *p == '~' || *p == '/') {
			strbuf_addc(out, (char)*p);
		} else {
			strbuf_addc(out, '%');
			strbuf_addc(out, hex[*p >> 4]);
			strbuf_addc(out, hex[*p & 15]);
		}
	}
	return true;
}
