/* fuzz_html.c — the HTML escapes of `export` on any bytes: esc_html's
 * output holds no '<', '>', '"', '\'' and no '&' that does not begin one of
 * the five references it writes, no C0 control but newline and tab, and is
 * valid UTF-8; esc_html_path either refuses or writes only [A-Za-z0-9-._~/%]
 * with no ".." component, no scheme and no leading '/'. */
#include <stdlib.h>
#include <string.h>
#include "core/util/escape.h"
#include "tests/fuzz/fuzz.h"

static void check_html(const char *s, size_t n)
{
	static const char *const refs[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&#39;" };
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '<' || c == '>' || c == '"' || c == '\'' || (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
			abort();
		if (c == '&') {
			bool ok = false;
			for (size_t k = 0; k < 5; k++)
				ok |= strncmp(s + i, refs[k], strlen(refs[k])) == 0;
			if (!ok)
				abort();
		}
		if (c >= 0x80) {
			unsigned cp;
			size_t len = esc_utf8_decode((const unsigned char *)s + i, n - i, &cp);
			if (!len)
				abort();
			i += len - 1;
		}
	}
}

static void check_path(const char *s, size_t n)
{
	if (!n || s[0] == '/' || strchr(s, ':') || strcmp(s, "..") == 0 || strncmp(s, "../", 3) == 0 ||
	    strstr(s, "/../") || (n >= 3 && strcmp(s + n - 3, "/..") == 0) || strstr(s, "//"))
		abort();
	for (size_t i = 0; i < n; i++)
		if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/%", s[i]))
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	strbuf b;
	strbuf_init(&b);
	esc_html(&b, (const char *)data, size);
	check_html(b.buf ? b.buf : "", b.len);
	strbuf_free(&b);
	char *z = malloc(size + 1);
	if (!z)
		abort();
	memcpy(z, data, size);
	z[size] = '\0';
	strbuf_init(&b);
	if (esc_html_path(&b, z))
		check_path(b.buf ? b.buf : "", b.len);
	strbuf_free(&b);
	free(z);
	return 0;
}
