/* report_props.c — see report_props.h. The oracles here are written apart
 * from core/util/escape.c (their own UTF-8 decoder and control list), so a
 * mistake in one is not repeated in the other. */
#include <string.h>
#include "core/doc/doc.h"
#include "core/util/escape.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/report_props.h"

/* Code point of the UTF-8 sequence at s, its length in *n; -1 when invalid. */
static long decode(const unsigned char *s, size_t len, size_t *n)
{
	unsigned char c = s[0];
	size_t k = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
	if (!k || k > len)
		return -1;
	long cp = k == 1 ? c : k == 2 ? c & 0x1F : k == 3 ? c & 0x0F : c & 0x07;
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	static const long min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	if (cp < min[k] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return -1;
	*n = k;
	return cp;
}

/* Controls a terminal acts on, characters that reorder or hide text, line
 * separators and noncharacters. */
static bool dangerous(long cp)
{
	return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
	       (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF ||
	       (cp >= 0xFFF9 && cp <= 0xFFFB) || cp == 0x2028 || cp == 0x2029 || cp == 0xFFFE || cp == 0xFFFF;
}

static const char *const tmux_styles[] = {
	"#[fg=white,bg=red,bold]", "#[fg=black,bg=yellow]", "#[fg=cyan,bold]", "#[fg=green]", "#[default]",
};

void fuzz_check_inert(const char *what, const char *str, size_t len, bool tmux)
{
	const unsigned char *s = (const unsigned char *)str;
	for (size_t i = 0; i < len;) {
		size_t n;
		long cp = decode(s + i, len - i, &n);
		FUZZ_CHECK(cp >= 0, "%s: invalid UTF-8 at byte %zu of \"%.*s\"", what, i, (int)len, str);
		FUZZ_CHECK(!dangerous(cp), "%s: U+%04lX at byte %zu of \"%.*s\"", what, cp, i, (int)len, str);
		if (tmux && cp == '#') {
			if (i + 1 < len && s[i + 1] == '#') {
				i += 2;
				continue;
			}
			size_t k = 0, nk = sizeof tmux_styles / sizeof *tmux_styles;
			while (k < nk && strncmp(str + i, tmux_styles[k], strlen(tmux_styles[k])) != 0)
				k++;
			FUZZ_CHECK(k < nk, "%s: a lone '#' at byte %zu of \"%.*s\"", what, i, (int)len, str);
			i += strlen(tmux_styles[k]);
			continue;
		}
		i += n;
	}
}

/* What a JSON string must decode to: the text with each invalid byte as U+FFFD. */
static void expected_json(const char *text, size_t len, strbuf *out)
{
	const unsigned char *s = (const unsigned char *)text;
	for (size_t i = 0; i < len;) {
		size_t n;
		if (decode(s + i, len - i, &n) < 0) {
			strbuf_adds(out, "\xEF\xBF\xBD");
			i++;
		} else {
			strbuf_add(out, s + i, n);
			i += n;
		}
	}
}

void fuzz_check_json_string(const char *what, const char *text, size_t len, const char *decoded,
                            size_t decoded_len)
{
	strbuf want;
	strbuf_init(&want);
	expected_json(text, len, &want);
	FUZZ_CHECK(want.len == decoded_len && memcmp(want.buf ? want.buf : "", decoded, decoded_len) == 0,
	           "%s: \"%.*s\" reads back from JSON as \"%.*s\"", what, (int)len, text, (int)decoded_len, decoded);
	strbuf_free(&want);
}

static const doc_node *parse_json(doc *d, const strbuf *b, const char *what)
{
	lw_error err;
	lw_error_clear(&err);
	int rc = doc_parse(d, b->buf, b->len, what, NULL, &err);
	FUZZ_CHECK(rc == 0, "%s does not parse back: %s:%u:%u: %s\n%s", what, err.file, err.line, err.col, err.msg,
	           b->buf);
	FUZZ_CHECK(doc_is_map(d->root), "%s is not an object", what);
	return d->root;
}

static void check_json_field(const doc_node *obj, const char *key, const char *text, const char *what)
{
	const doc_node *v = doc_get(obj, key);
	if (!text) {
		FUZZ_CHECK(doc_is_null(v), "%s.%s: not null", what, key);
		return;
	}
	FUZZ_CHECK(doc_is_scalar(v) && doc_deref(v)->style == DOC_DOUBLE, "%s.%s: not a string", what, key);
	fuzz_check_json_string(what, text, strlen(text), doc_deref(v)->u.scalar.str, doc_deref(v)->u.scalar.len);
}

static void check_status_json(const lw_project *p, const lw_alerts *al)
{
	strbuf b;
	strbuf_init(&b);
	report_status(&b, p, al, STATUS_JSON, NULL);
	doc d;
	const doc_node *root = parse_json(&d, &b, "status --json");
	FUZZ_CHECK(doc_len(doc_get(root, "systems")) == p->n, "status --json: %zu systems for %zu sources",
	           doc_len(doc_get(root, "systems")), p->n);
	doc_free(&d);
	strbuf_free(&b);
}

static void check_check_json(const lw_project *p, const lw_alerts *al)
{
	strbuf b;
	strbuf_init(&b);
	report_check_json(&b, p, al);
	doc d;
	const doc_node *root = parse_json(&d, &b, "check --json");
	const doc_node *alerts = doc_get(root, "alerts"), *sources = doc_get(root, "sources");
	FUZZ_CHECK(doc_len(alerts) == al->n && doc_len(sources) == p->n, "check --json: %zu alerts, %zu sources",
	           doc_len(alerts), doc_len(sources));
	size_t i = 0;
	for (const doc_node *a = doc_seq_first(alerts); a; a = a->next, i++) {
		check_json_field(a, "system", al->v[i].system, "alert");
		check_json_field(a, "code", al->v[i].code, "alert");
		check_json_field(a, "subject", al->v[i].subject, "alert");
		check_json_field(a, "message", al->v[i].message, "alert");
	}
	i = 0;
	for (const doc_node *s = doc_seq_first(sources); s; s = s->next, i++) {
		char msg[1200];
		check_json_field(s, "path", p->src[i].root, "source");
		check_json_field(s, "error", p->src[i].failed ? lw_error_format(&p->src[i].error, msg, sizeof msg) : NULL,
		                 "source");
	}
	doc_free(&d);
	strbuf_free(&b);
}

void fuzz_report_props(const lw_project *p, const lw_alerts *al, const char *fmt)
{
	strbuf b;
	strbuf_init(&b);
	report_status(&b, p, al, STATUS_PLAIN, fmt);
	fuzz_check_inert("status", b.buf ? b.buf : "", b.len, false);
	strbuf_reset(&b);
	report_status(&b, p, al, STATUS_TMUX, fmt);
	fuzz_check_inert("status --tmux", b.buf ? b.buf : "", b.len, true);
	for (size_t i = 0; i < al->n; i++) {
		strbuf_reset(&b);
		report_alert_line(&b, &al->v[i]);
		FUZZ_CHECK(b.len && b.buf[b.len - 1] == '\n', "alert line without its newline");
		fuzz_check_inert("alert line", b.buf, b.len - 1, false);
		strbuf_reset(&b);
		report_subject(&b, &al->v[i]);
		fuzz_check_inert("cleared line", b.buf, b.len - 1, false);
	}
	strbuf_free(&b);
	check_status_json(p, al);
	check_check_json(p, al);
}
