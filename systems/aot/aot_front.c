/* aot_front.c — where the front matter of a Markdown state file begins and
 * ends. Upstream writers rewrite the file in place (Python write_text), so a
 * reader can see it half-written: no closing line means "not ready yet". */
#include "systems/aot/aot.h"
#include <string.h>

/* Is [s, e) a '---' line (trailing blanks and a CR allowed)? */
static bool marker_line(const char *s, const char *e)
{
	if (e - s < 3 || memcmp(s, "---", 3) != 0)
		return false;
	for (s += 3; s < e; s++)
		if (*s != ' ' && *s != '\t' && *s != '\r')
			return false;
	return true;
}

aot_fm_rc aot_front_matter(const char *buf, size_t len, size_t *yaml_end, size_t *body)
{
	const char *p = buf, *end = buf + len;
	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;   /* a byte-order mark some editors add */
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	if (!nl || !marker_line(p, nl))
		return AOT_FM_NO_OPEN;
	for (const char *line = nl + 1; line < end;) {
		const char *e = memchr(line, '\n', (size_t)(end - line));
		const char *stop = e ? e : end;
		/* A last line without its newline closes too: inside front matter
		 * nothing else may start with '---'. */
		if (marker_line(line, stop)) {
			*yaml_end = (size_t)(line - buf);
			*body = e ? (size_t)(e + 1 - buf) : len;
			return AOT_FM_OK;
		}
		line = stop + 1;
	}
	return AOT_FM_NO_CLOSE;
}
