/* status_format.c — see status_format.h. */
#include "core/model/status_format.h"
#include <stdio.h>
#include <string.h>

const char *lw_status_format_check(const char *fmt, char *buf, size_t n)
{
	if (!fmt || strcmp(fmt, "long") == 0)
		return NULL;
	for (const char *f = fmt; *f; f++) {
		if (*f != '%' || !f[1])
			continue;   /* a lone % at the end is printed as it is */
		unsigned char ch = (unsigned char)*++f;
		if (strchr(LW_STATUS_DIRECTIVES, ch))
			continue;
		char bad[16];
		/* A byte that is no printable ASCII would not show: its code. */
		if (ch < 0x21 || ch >= 0x7f)
			snprintf(bad, sizeof bad, "%%\\x%02x", ch);
		else
			snprintf(bad, sizeof bad, "%%%c", ch);
		snprintf(buf, n,
		         "unknown directive '%s' in the status format (byte %zu); the directives are %%S systems, "
		         "%%B %%Y %%A %%R %%K %%D the lanes, %%T tasks, %%W awaiting you, %%Q waiting for a human, %%c %%w %%i alerts by level, %%a acknowledged, "
		         "%%P paused, %%L the long line, %%%% a percent sign (or the whole format: long)",
		         bad, (size_t)(f - fmt));
		return buf;
	}
	return NULL;
}
