#include "core/util/strbuf.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strbuf_init(strbuf *s) { s->buf = NULL; s->len = s->cap = 0; }
void strbuf_free(strbuf *s) { free(s->buf); strbuf_init(s); }
void strbuf_reset(strbuf *s) { s->len = 0; if (s->buf) s->buf[0] = '\0'; }

static void grow(strbuf *s, size_t extra)
{
	if (s->len + extra + 1 <= s->cap)
		return;
	size_t cap = s->cap ? s->cap : 64;
	while (cap < s->len + extra + 1)
		cap *= 2;
	char *p = realloc(s->buf, cap);
	if (!p) {
		fputs("liza-watch: out of memory\n", stderr);
		abort();
	}
	s->buf = p;
	s->cap = cap;
}

void strbuf_add(strbuf *s, const void *p, size_t n)
{
	grow(s, n);
	if (n)
		memcpy(s->buf + s->len, p, n);
	s->len += n;
	s->buf[s->len] = '\0';
}

void strbuf_adds(strbuf *s, const char *str) { strbuf_add(s, str, strlen(str)); }
void strbuf_addc(strbuf *s, char c) { strbuf_add(s, &c, 1); }

void strbuf_printf(strbuf *s, const char *fmt, ...)
{
	va_list ap, ap2;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n > 0) {
		grow(s, (size_t)n);
		vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, ap2);
		s->len += (size_t)n;
	}
	va_end(ap2);
}

char *strbuf_detach(strbuf *s, size_t *len)
{
	if (!s->buf)
		strbuf_add(s, "", 0);
	char *p = s->buf;
	if (len)
		*len = s->len;
	strbuf_init(s);
	return p;
}

int lw_strp_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}
