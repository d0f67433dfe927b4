/* lizago_alloc.c — an architecture task's direct coding allocation, as
 * models.ValidateCodingAllocationOutput (internal/models/coding_allocation.go,
 * liza-mas/liza 03b359a) judges it for statevalidate's validateDependencies:
 * once any output entry says `coding_allocation: true`, the task must be an
 * architecture task, every entry marked with one shared `arch_ref` heading,
 * no code-planning RCA bypassed, and each entry a distinct plan_ref heading,
 * owned files, validation commands and no kind or deferred waits. Like Go,
 * only the first defect is reported ("task ID: <defect>"). */
#include "systems/liza/lizago_check.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define RULE "coding_allocation"

/* path.Clean(v) == v for a relative path: no empty or "." segment, and no
 * ".." after a segment Clean would fold it into. */
static bool clean_path(const char *v)
{
	bool named = false;   /* a segment other than ".." seen */
	for (const char *s = v;;) {
		const char *e = strchr(s, '/');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		if (n == 0 || (n == 1 && s[0] == '.'))
			return false;
		if (n == 2 && s[0] == '.' && s[1] == '.') {
			if (named)
				return false;
		} else
			named = true;
		if (!e)
			return true;
		s = e + 1;
	}
}

static bool ends(const char *s, size_t n, const char *suf)
{
	size_t m = strlen(suf);
	return n >= m && memcmp(s + n - m, suf, m) == 0;
}

/* referencecontract.ValidateAcceptancePath: NULL when the path is a clean
 * repository-relative file path naming no credential material, else Go's
 * message. */
const char *lizago_alloc_path_error(const char *v)
{
	size_t n = v ? strlen(v) : 0;
	if (n == 0 || isspace((unsigned char)v[0]) || isspace((unsigned char)v[n - 1]) || v[0] == '/' ||
	    strpbrk(v, "\\:#") || !clean_path(v))
		return "path must be a clean repository-relative file path";
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)v[i];
		/* unicode.IsControl: C0, DEL and C1 (U+0080..U+009F, C2 80..C2 9F) */
		if (ch < 0x20 || ch == 0x7f || (ch == 0xc2 && i + 1 < n && (unsigned char)v[i + 1] >= 0x80 &&
		                                 (unsigned char)v[i + 1] <= 0x9f))
			return "path must contain no control characters";
	}
	for (const char *s = v;;) {
		const char *e = strchr(s, '/');
		size_t m = e ? (size_t)(e - s) : strlen(s);
		char low[256];
		if (m == 0 || (m == 1 && s[0] == '.') || (m == 2 && s[0] == '.' && s[1] == '.'))
			return "path must contain no traversal or empty segments";
		size_t k = m < sizeof low - 1 ? m : sizeof low - 1;
		for (size_t j = 0; j < k; j++)
			low[j] = (char)tolower((unsigned char)s[j]);
		low[k] = 0;
		static const char *const sufs[] = { ".env", ".pem", ".key", ".p12", ".pfx", ".jks", ".keystore",
			                             ".truststore", "_rsa", "_dsa", "_ecdsa", "_ed25519",
			                             "-credentials.json" };
		bool cred = !strcmp(low, "secrets") || !strcmp(low, ".env") || !strncmp(low, ".env.", 5) ||
		            strstr(low, "secret") || !strncmp(low, "credentials.", 12) ||
		            !strcmp(low, "serviceaccountkey.json");
		for (size_t j = 0; !cred && j < sizeof sufs / sizeof *sufs; j++)
			cred = ends(low, k, sufs[j]);
		if (cred)
			return "path must not name credential material";
		if (!e)
			return NULL;
		s = e + 1;
	}
}

/* strings.Cut(ref, "#") with a file part and a heading that is not blank. */
static bool heading(const char *ref, bool need_file, char *file, size_t nfile)
{
	const char *h = ref ? strchr(ref, '#') : NULL;
	if (!h || (need_file && h == ref) || lizago_check_blank(h + 1))
		return false;
	size_t n = (size_t)(h - ref);
	if (file) {
		if (n >= nfile)
			n = nfile - 1;
		memcpy(file, ref, n);
		file[n] = 0;
	}
	return true;
}

static bool eq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* The first defect, worded as Go, in buf; false when there is none. */
static bool first_defect(lizago_check_ctx *c, const lg_task *t, const doc_node *out, char *buf, size_t n)
{
	bool any = false;
	for (const doc_node *e = doc_seq_first(out); e; e = e->next)
		any |= lizago_safety_true(doc_get(doc_deref(e), "coding_allocation"));
	if (!any)
		return false;
	if (!eq(t->type, "architecture"))   /* EffectiveType: an empty type is coding */
		return snprintf(buf, n, "coding_allocation requires an architecture task"), true;
	const char *ref = doc_str(doc_get(doc_deref(doc_seq_first(out)), "arch_ref"));
	bool direct = heading(ref, true, NULL, 0);
	for (const doc_node *e = doc_seq_first(out); direct && e; e = e->next) {
		const doc_node *o = doc_deref(e);
		direct = lizago_safety_true(doc_get(o, "coding_allocation")) && eq(doc_str(doc_get(o, "arch_ref")), ref);
	}
	if (!direct)
		return snprintf(buf, n, "coding_allocation requires every output marked and one shared exact arch_ref "
		                        "Scope heading"), true;
	if (lizago_safety_true(doc_get(t->node, "rca_required")))
		return snprintf(buf, n, "coding_allocation cannot bypass required code-planning RCA"), true;
	if (doc_len(doc_get(t->node, "descendant_dependencies")) > 0)
		return snprintf(buf, n, "coding_allocation cannot carry deferred descendant_dependencies; declare "
		                        "immediate provider_dependencies on every coding unit"), true;
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(out); e; e = e->next, i++) {
		const doc_node *o = doc_deref(e);
		if (lizago_safety_true(doc_get(o, "rca_required")))
			return snprintf(buf, n, "output[%zu].coding_allocation cannot bypass required code-planning RCA", i),
			       true;
		const char *plan = doc_str(doc_get(o, "plan_ref"));
		char file[512];
		bool dup = false;
		for (const doc_node *p = doc_seq_first(out); p != e; p = p->next)
			dup |= eq(doc_str(doc_get(doc_deref(p), "plan_ref")), plan);
		/* Cut keeps the file part even when empty; an empty file fails the path check */
		if (!heading(plan, false, file, sizeof file) || lizago_alloc_path_error(file) || dup)
			return snprintf(buf, n, "output[%zu].plan_ref must name a distinct exact coding allocation heading", i),
			       true;
		const doc_node *owned = doc_get(doc_get(o, "decomposition"), "owned_files");
		if (doc_len(owned) == 0)
			return snprintf(buf, n, "output[%zu].decomposition.owned_files is required for coding_allocation", i),
			       true;
		for (const doc_node *f = doc_seq_first(owned); f; f = f->next) {
			const char *err = lizago_alloc_path_error(doc_str(f));
			if (err)
				return snprintf(buf, n, "output[%zu].decomposition.owned_files: %s", i, err), true;
		}
		const doc_node *val = doc_get(o, "validation");
		if (doc_len(val) == 0)
			return snprintf(buf, n, "output[%zu].validation is required for coding_allocation", i), true;
		char field[48];
		snprintf(field, sizeof field, "output[%zu].validation", i);
		if (lizago_safety_check(c, t, RULE, ": ", field, val, lizago_safety_true(doc_get(o, "destructive_db")),
		                        true) > 0)
			return false;   /* reported by the safety check, Go's first error */
		const char *kind = doc_str(doc_get(o, "kind"));
		if ((kind && *kind) || doc_len(doc_get(o, "descendant_dependencies")) > 0)
			return snprintf(buf, n, "output[%zu].coding_allocation requires no kind or deferred "
			                        "descendant_dependencies", i), true;
	}
	return false;
}

void lizago_alloc(lizago_check_ctx *c, const lg_task *t)
{
	char msg[256];
	if (first_defect(c, t, doc_get(t->node, "output"), msg, sizeof msg))
		lizago_check_broken(c, t->id, t->node, RULE, NULL, "task %s: %s", t->id, msg);
}
