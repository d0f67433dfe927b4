/* fuzz_liza_fastpath.c — the differential check of helper_liza_diff.h on
 * fuzzed states and logs: a transition fired with the caller's snapshot
 * (prepared before the lock, verified on the edited task alone, the log
 * entry from the log's first and last items) must answer and write what
 * the full path does, byte for byte. The input is three bytes (the event,
 * which task, what an agent does between the snapshot and the
 * transition), then state.yaml, optionally followed by a line
 * "%%file log.yaml" and the log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/fuzz/fuzz.h"
#include "tests/unit/helper_liza_diff.h"

static const char log_marker[] = "\n%%file log.yaml\n";

/* The k-th task id in the text ("- id: X"), or "t-1". */
static void pick_id(const char *s, size_t n, unsigned k, char *out, size_t cap)
{
	snprintf(out, cap, "t-1");
	const char *p = s, *end = s + n;
	const char *found = NULL;
	for (unsigned i = 0; i <= k % 16; i++) {
		const char *q = memmem(p, (size_t)(end - p), "- id: ", 6);
		if (!q)
			break;
		found = q + 6;
		p = found;
	}
	if (found) {
		size_t l = strcspn(found, "\r\n");
		if (found + l > end)
			l = (size_t)(end - found);
		snprintf(out, cap, "%.*s", (int)(l < cap - 1 ? l : cap - 1), found);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3)
		return 0;
	fuzz_in in = { data, size };
	unsigned ev = fuzz_byte(&in), which = fuzz_byte(&in), flags = fuzz_byte(&in);
	char *text = malloc(in.n + 1);
	FUZZ_CHECK(text != NULL, "out of memory");
	memcpy(text, in.p, in.n);
	text[in.n] = '\0';
	const char *st = text, *lg = NULL;
	size_t sl = in.n, ll = 0;
	char *m = memmem(text, in.n, log_marker, sizeof log_marker - 1);
	if (m) {
		sl = (size_t)(m - text) + 1;
		lg = m + sizeof log_marker - 1;
		ll = in.n - (size_t)(lg - text);
	}
	static const char *const events[] = { "approve", "reject", "block", "note" };
	char id[64];
	pick_id(st, sl, which, id, sizeof id);
	liza_diff_case c = {
		.state = st, .slen = sl, .log = lg, .llen = ll,
		.rq = { .subject = id, .event = events[ev % 4], .as = ev & 4 ? "human" : "code-reviewer-1",
		        .force = ev & 8, .reason = "a reason", .question = "a question", .now = 1772452800 },
	};
	if (flags & 1)
		c.log_append = "- timestamp: 2026-03-02T11:59:00Z\n  agent: coder-9\n  action: claimed\n";
	if (flags & 2) {   /* an agent rewrote the state: the fuzzed one, one byte less */
		c.state_now = st;
		c.state_now_len = sl ? sl - 1 : 0;
	}
	const char *why = liza_diff_run(&c);
	FUZZ_CHECK(why == NULL, "%s", why);
	free(text);
	return 0;
}
