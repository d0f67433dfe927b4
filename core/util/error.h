/* error.h — one error value for every layer: where (file:line:col) and what
 * rule was broken. Line and column are 1-based; 0 means "not known". */
#ifndef LW_ERROR_H
#define LW_ERROR_H
#include <stdbool.h>
#include <stddef.h>

typedef struct lw_error {
	bool set;
	char file[512];
	unsigned line, col;
	char msg[512];
	/* When a file could not be read at all, not for what it holds: the
	 * alert code every system raises for that ("unreadable": it exists but
	 * cannot be read — permissions, a FIFO, a folder; "dangling_link": a
	 * link to nothing). NULL otherwise (a parse error). lw_error_set
	 * resets it; the reader that knows sets it after. */
	const char *code;
} lw_error;

void lw_error_clear(lw_error *e);
void lw_error_set(lw_error *e, const char *file, unsigned line, unsigned col,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* "file:line:col: msg" (omitting unknown parts) into buf; returns buf. */
const char *lw_error_format(const lw_error *e, char *buf, size_t n);

#endif
