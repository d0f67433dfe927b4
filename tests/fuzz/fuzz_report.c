/* fuzz_report.c — the status formatter and the escapes on projects built
 * from fuzz input: any text in source paths, load errors, status segments,
 * task fields, alert subjects and messages, and any status template. The
 * properties are report_props.h's; the escapes are also checked on the raw
 * bytes (NULs and invalid UTF-8 included).
 *
 * Input, read front to back (fuzz.h's reader, zeros past the end):
 *   sources (byte % 5), each: adapter (byte), flags (byte: 1 failed, 2 has
 *   a snapshot), root, error, segment (length-prefixed strings), tasks
 *   (byte % 9), each: lane, flags (1 awaiting), id, title, status;
 *   alerts (byte % 9), each: level, system, code, subject, message;
 *   the template (a string; '#' and control bytes dropped: it is the
 *   operator's own text); then the rest of the input for the raw escapes. */
#include <string.h>
#include "core/doc/doc.h"
#include "core/util/escape.h"
#include "core/util/timeparse.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/report_props.h"

static const char *take(fuzz_in *in, arena *a)
{
	size_t len;
	const char *s = fuzz_bytes(in, &len);
	return arena_strndup(a, s, len);
}

static void build_source(fuzz_in *in, lw_source *s)
{
	size_t na = 0;
	while (lw_adapters[na])
		na++;
	s->adapter = lw_adapters[fuzz_byte(in) % na];
	unsigned flags = fuzz_byte(in);
	arena tmp;
	arena_init(&tmp);
	snprintf(s->root, sizeof s->root, "%s", take(in, &tmp));
	s->failed = flags & 1;
	if (s->failed)
		lw_error_set(&s->error, s->root, fuzz_byte(in), fuzz_byte(in), "%s", take(in, &tmp));
	arena_free(&tmp);
	if (!(flags & 2))
		return;
	lw_snapshot *snap = lw_snapshot_new();
	snap->status_segment = take(in, &snap->mem);
	snap->ntasks = fuzz_byte(in) % 9;
	snap->tasks = arena_alloc(&snap->mem, (snap->ntasks + 1) * sizeof *snap->tasks);
	for (size_t t = 0; t < snap->ntasks; t++) {
		lw_task *k = &snap->tasks[t];
		k->system = s->adapter->name;
		k->lane = (lw_lane)(fuzz_byte(in) % LANE_COUNT);
		k->awaiting_operator = fuzz_byte(in) & 1;
		k->id = take(in, &snap->mem);
		k->title = take(in, &snap->mem);
		k->status = take(in, &snap->mem);
		k->iteration = k->iteration_max = k->review_cycles = k->review_max = -1;
	}
	s->good = snap;
}

/* The operator's template: printable ASCII and UTF-8, no '#'. */
static const char *template_of(fuzz_in *in, arena *a)
{
	size_t len;
	const char *s = fuzz_bytes(in, &len);
	char *t = arena_alloc(a, len + 1);
	size_t j = 0;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] >= 0x20 && s[i] != 0x7F && s[i] != '#' && (unsigned char)s[i] < 0x80)
			t[j++] = s[i];
	t[j] = '\0';
	return len ? t : NULL;
}

static void raw_escapes(const char *s, size_t len)
{
	strbuf b;
	strbuf_init(&b);
	esc_term(&b, s, len, true);
	fuzz_check_inert("esc_term", b.buf ? b.buf : "", b.len, false);
	strbuf_reset(&b);
	esc_term(&b, s, len, false);
	for (size_t i = 0; i < b.len; i++)
		FUZZ_CHECK((unsigned char)b.buf[i] >= 0x20 && (unsigned char)b.buf[i] < 0x7F,
		           "esc_term for a non-UTF-8 locale let byte 0x%02X through", (unsigned char)b.buf[i]);
	strbuf_reset(&b);
	esc_tmux(&b, s, len);
	fuzz_check_inert("esc_tmux", b.buf ? b.buf : "", b.len, true);
	/* A JSON string, inside a one-item array so it is a whole document. */
	strbuf_reset(&b);
	strbuf_addc(&b, '[');
	esc_json(&b, s, len);
	strbuf_addc(&b, ']');
	doc d;
	lw_error err;
	lw_error_clear(&err);
	FUZZ_CHECK(doc_parse(&d, b.buf, b.len, "esc_json", NULL, &err) == 0, "esc_json output does not parse: %s: %s",
	           err.msg, b.buf);
	const doc_node *v = doc_seq_first(d.root);
	FUZZ_CHECK(v && v->kind == DOC_SCALAR, "esc_json output is not one string");
	fuzz_check_json_string("esc_json", s, len, v->u.scalar.str, v->u.scalar.len);
	doc_free(&d);
	strbuf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static lw_project p;
	memset(&p, 0, sizeof p);
	snprintf(p.dir, sizeof p.dir, "proj");
	fuzz_in in = { data, size };
	p.n = fuzz_byte(&in) % 5;
	for (size_t i = 0; i < p.n; i++)
		build_source(&in, &p.src[i]);
	lw_alerts al;
	lw_alerts_init(&al);
	unsigned na = fuzz_byte(&in) % 9;
	for (unsigned i = 0; i < na; i++) {
		lw_level level = (lw_level)(fuzz_byte(&in) % 3);
		const char *sys = take(&in, &al.mem), *code = take(&in, &al.mem), *subj = take(&in, &al.mem);
		const char *msg = take(&in, &al.mem);
		lw_alerts_add(&al, level, sys, code, subj, LW_NO_TIME, "%s", msg);
	}
	arena a;
	arena_init(&a);
	const char *fmt = template_of(&in, &a);
	fuzz_report_props(&p, &al, fmt);
	fuzz_report_props(&p, &al, NULL);
	raw_escapes((const char *)in.p, in.n);
	arena_free(&a);
	lw_alerts_free(&al);
	lw_project_close(&p);
	return 0;
}
