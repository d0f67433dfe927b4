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

/* qsort(3)/bsearch(3) order for an array of C strings (const char *). */
int lw_strp_cmp(const void *a, const void *b);

#endif
