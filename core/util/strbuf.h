/* strbuf.h — a growable byte buffer for building output and file contents. */
#ifndef LW_STRBUF_H
#define LW_STRBUF_H
#include <stddef.h>

typedef struct strbuf {
	char *buf;    /* always NUL-terminated once anything was added */
	size_t len, cap;
} strbuf;

void strbuf_init(strbuf *s);
void strbuf_free(strbuf *s);
void strbuf_reset(strbuf *s);
void strbuf_add(strbuf *s, const void *p, size_t n);
void strbuf_adds(strbuf *s, const char *str);
void strbuf_addc(strbuf *s, char c);
void strbuf_printf(strbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Take ownership of the bytes; s is left empty. */
char *strbuf_detach(strbuf *s, size_t *len);

#endif
