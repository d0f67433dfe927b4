/* txn_report.c — see txn_report.h. "Once" is per process and per path:
 * a HUD that re-detects a system, or a command that commits after opening
 * the project, meets the same planted record again and says nothing more. */
#include "core/txn/txn_report.h"
#include "core/util/escape.h"
#include <stdio.h>
#include <string.h>

static txn_report_mode mode;
static strbuf kept;
static unsigned long long told[64];
static size_t ntold;

void txn_report_set(txn_report_mode m)
{
	mode = m;
}

static bool already(const char *path)
{
	unsigned long long h = 1469598103934665603ULL;
	for (const char *c = path; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ULL;
	for (size_t i = 0; i < ntold; i++)
		if (told[i] == h)
			return true;
	if (ntold < sizeof told / sizeof *told)
		told[ntold++] = h;
	return false;
}

void txn_report_refused(const char *path, const char *why)
{
	if (mode == TXN_REPORT_QUIET || already(path))
		return;
	if (mode == TXN_REPORT_STDERR) {
		esc_print(stderr, "liza-watch: %s: commit record not applied: %s; left in place", path, why);
		return;
	}
	/* Escaped where it is shown (the HUD's message line escapes). */
	strbuf_printf(&kept, "%s: commit record not applied: %s; left in place\n", path, why);
}

size_t txn_report_take(strbuf *out)
{
	size_t n = 0;
	for (size_t i = 0; i < kept.len; i++)
		n += kept.buf[i] == '\n';
	if (kept.len)
		strbuf_add(out, kept.buf, kept.len);
	strbuf_free(&kept);
	strbuf_init(&kept);
	return n;
}
