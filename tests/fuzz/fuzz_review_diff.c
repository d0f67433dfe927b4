/* fuzz_review_diff.c — git's output as the review reads it, on arbitrary
 * bytes: the line splitter (fed in chunks the input chooses) and the stat
 * counted from the lines. Beyond "no crash, no leak":
 *  - no line handed on is longer than LW_DIFF_LINE_MAX plus the marker;
 *  - no line holds a newline; one line per newline, plus an unterminated
 *    last one (lines are not lost);
 *  - with a line limit, exactly that many lines pass and full is set only
 *    when a line beyond it came;
 *  - the stat's totals are the added and removed lines seen in patches. */
#include <string.h>
#include "core/review/review_git.h"
#include "core/review/review_stat.h"
#include "tests/fuzz/fuzz.h"

typedef struct seen {
	size_t lines, bytes, add, del, max_lines;
	lw_diffstat st;
} seen;

static void on_line(lw_rkind kind, const char *line, size_t len, void *ctx)
{
	seen *s = ctx;
	FUZZ_CHECK(len <= LW_DIFF_LINE_MAX + 6, "a line of %zu bytes", len);
	FUZZ_CHECK(!memchr(line, '\n', len), "a newline inside a line");
	FUZZ_CHECK(!s->max_lines || s->lines < s->max_lines, "line %zu past the limit %zu", s->lines, s->max_lines);
	s->lines++;
	s->bytes += len;
	if (s->st.n) {
		s->add += kind == RK_ADD;
		s->del += kind == RK_DEL;
	}
	lw_diffstat_line(&s->st, kind, line, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_in in = { data, size };
	unsigned chunk = fuzz_byte(&in) % 64 + 1;
	unsigned limit = fuzz_byte(&in) % 8;   /* 0: none */
	const char *buf = (const char *)in.p;
	size_t n = in.n;
	seen s = { .max_lines = limit };
	lw_diffstat_init(&s.st);
	lw_splitter sp;
	lw_splitter_init(&sp);
	sp.max_lines = limit;
	for (size_t off = 0; off < n; off += chunk)
		lw_splitter_feed(&sp, buf + off, off + chunk <= n ? chunk : n - off, on_line, &s);
	lw_splitter_end(&sp, on_line, &s);
	size_t nl = 0;
	for (size_t i = 0; i < n; i++)
		nl += buf[i] == '\n';
	size_t want = nl + (n && buf[n - 1] != '\n');
	if (!limit) {
		FUZZ_CHECK(s.lines == want, "%zu lines from %zu newlines", s.lines, nl);
		FUZZ_CHECK(!sp.full, "full without a limit");
	} else {
		FUZZ_CHECK(s.lines == (want < limit ? want : limit), "%zu lines, want %zu (limit %u)", s.lines, want, limit);
		FUZZ_CHECK(sp.full == (want > limit), "full %d with %zu lines and limit %u", sp.full, want, limit);
	}
	FUZZ_CHECK(s.st.add == s.add && s.st.del == s.del, "stat +%zu -%zu, lines +%zu -%zu", s.st.add, s.st.del, s.add,
	           s.del);
	lw_rlines out;
	lw_rlines_init(&out);
	lw_diffstat_render(&s.st, &out);
	FUZZ_CHECK(out.n == (s.st.n ? s.st.n + 2 : 0), "%zu stat lines for %zu files", out.n, s.st.n);
	lw_rlines_free(&out);
	lw_diffstat_free(&s.st);
	lw_splitter_free(&sp);
	return 0;
}
