#include "core/util/error.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void lw_error_clear(lw_error *e) { memset(e, 0, sizeof *e); }

void lw_error_set(lw_error *e, const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
	if (!e)
		return;
	e->set = true;
	e->code = NULL;
	snprintf(e->file, sizeof e->file, "%s", file ? file : "");
	e->line = line;
	e->col = col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
}

const char *lw_error_format(const lw_error *e, char *buf, size_t n)
{
	if (!e->file[0])
		snprintf(buf, n, "%s", e->msg);
	else if (e->line && e->col)
		snprintf(buf, n, "%s:%u:%u: %s", e->file, e->line, e->col, e->msg);
	else if (e->line)
		snprintf(buf, n, "%s:%u: %s", e->file, e->line, e->msg);
	else
		snprintf(buf, n, "%s: %s", e->file, e->msg);
	return buf;
}
