/* strfind.c — see strfind.h. The needles are short (a marker, a filter
 * typed in the HUD): memchr to the first byte, then a compare. */
#include "core/util/strfind.h"
#include <string.h>

const char *lw_memmem(const char *hay, size_t hlen, const char *needle, size_t nlen)
{
	if (nlen == 0)
		return hay;
	for (const char *p = hay, *end = hay + hlen; (size_t)(end - p) >= nlen;) {
		const char *c = memchr(p, needle[0], (size_t)(end - p) - nlen + 1);
		if (!c)
			return NULL;
		if (memcmp(c, needle, nlen) == 0)
			return c;
		p = c + 1;
	}
	return NULL;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

const char *lw_strcasestr(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (const char *p = hay;; p++) {
		size_t i = 0;
		while (i < n && p[i] && lower((unsigned char)p[i]) == lower((unsigned char)needle[i]))
			i++;
		if (i == n)
			return p;
		if (!*p)
			return NULL;
	}
}
