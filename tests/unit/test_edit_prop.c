/* test_edit_prop.c — randomized: on real and hand-made state files, replace
 * random values with random nasty strings (quotes, colons, hashes, newlines,
 * control characters, Unicode), add keys, append items, then check with a
 * comparison independent of the editor's own verification: the edited paths
 * read back exactly, and every other node of the tree is unchanged. Fixed
 * seed, so a failure reproduces. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/edit.h"
#include "tests/unit/helper_edit.h"

#define ITERATIONS 3000

typedef struct rng { uint64_t s; } rng;
static unsigned rnd(rng *r, unsigned n)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 7;
	r->s ^= r->s << 17;
	return (unsigned)(r->s % n);
}

/* ---- candidates: places an edit can go ---- */

typedef enum ckind { C_SCALAR, C_COLL, C_SEQ, C_MAP } ckind;
typedef struct cand {
	ckind kind;
	char path[200];          /* as te_flatten writes it */
	const doc_node *map;     /* the mapping holding key (C_MAP: the mapping itself) */
	const char *key;
	const doc_node *val;
} cand;

typedef struct fixture {
	const char *name;
	char *src;
	size_t len;
	doc d;
	cand *c;
	size_t nc, cap;
} fixture;

static void add_cand(fixture *f, ckind k, const char *path, const doc_node *map, const char *key,
                     const doc_node *val)
{
	if (f->nc == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 64;
		f->c = realloc(f->c, f->cap * sizeof *f->c);
		assert_non_null(f->c);
	}
	cand *c = &f->c[f->nc++];
	c->kind = k;
	snprintf(c->path, sizeof c->path, "%s", path);
	c->map = map;
	c->key = key;
	c->val = val;
}

static bool simple_key(const char *k)
{
	for (; *k; k++)
		if (*k == '/' || *k == '\\' || (unsigned char)*k < 0x20)
			return false;
	return true;
}

static void collect(fixture *f, const doc_node *n, const char *path)
{
	char sub[200];
	if (n->kind == DOC_MAP) {
		if (f->src[n->start] != '&')
			add_cand(f, C_MAP, path, n, NULL, NULL);
		for (const doc_node *k = n->u.coll.first; k && k->next; k = k->next->next) {
			if (k->kind != DOC_SCALAR || !simple_key(k->u.scalar.str))
				continue;
			const doc_node *v = k->next;
			snprintf(sub, sizeof sub, "%s/%s", path, k->u.scalar.str);
			if (v->kind == DOC_ALIAS || f->src[v->start] == '&')
				continue;
			if (v->kind == DOC_SCALAR)
				add_cand(f, C_SCALAR, sub, n, k->u.scalar.str, v);
			else
				add_cand(f, C_COLL, sub, n, k->u.scalar.str, v);
			if (v->kind == DOC_SEQ || (v->kind == DOC_SCALAR && doc_is_null(v)))
				add_cand(f, C_SEQ, sub, n, k->u.scalar.str, v);
			collect(f, v, sub);
		}
	} else if (n->kind == DOC_SEQ) {
		size_t i = 0;
		for (const doc_node *c = n->u.coll.first; c; c = c->next, i++) {
			snprintf(sub, sizeof sub, "%s/%zu", path, i);
			collect(f, c, sub);
		}
	}
}

/* ---- random values ---- */

static const char *const nasty[] = {
	"a", "b", "Z", "0", "1", " ", "  ", ":", ": ", "#", " #", "'", "\"", "\\", "\n", "\n\n", "\t", "\r",
	"-", "- ", "?", ",", "[", "]", "{", "}", "&", "*", "!", "|", ">", "%", "@", "`", ".", "~",
	"é", "日本", "—", "😀", "\x01", "\x1b", "\x7f", "\xc2\x85", "\xe2\x80\xa8", "\xef\xbb\xbf",
	"\xe2\x80\xae", "null", "true", "yes", "no", "0x1F", "1.5", "2026-01-20T10:00:00Z", "---", "...",
	"<<", "key: value", "# comment", "a b", "IN: x", "\\n", "\\u0041", "$", "=",
};

static char *random_string(rng *r, size_t *len)
{
	strbuf b;
	strbuf_init(&b);
	unsigned n = rnd(r, 9);
	for (unsigned i = 0; i < n; i++)
		strbuf_adds(&b, nasty[rnd(r, sizeof nasty / sizeof *nasty)]);
	return strbuf_detach(&b, len);
}

static edit_value random_value(rng *r, char **own)
{
	*own = NULL;
	unsigned k = rnd(r, 20);
	if (k == 0)
		return edit_null();
	if (k == 1)
		return edit_bool(rnd(r, 2));
	if (k == 2)
		return edit_int((long long)rnd(r, 2000000) - 1000000);
	size_t len;
	*own = random_string(r, &len);
	return edit_strn(*own, len);
}

/* ---- one planned edit ---- */

typedef struct plan {
	int op;                 /* 0 set existing, 1 add key, 2 append */
	char path[256];
	const cand *c;
	char key[32];
	edit_value v;
	char *own;
	edit_pair item[3];
	char *item_own[3];
	size_t nitem;
	size_t had;             /* append: items before */
} plan;

static bool related(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t n = la < lb ? la : lb;
	return strncmp(a, b, n) == 0 && (la == lb || (la < lb ? b[la] == '/' : a[lb] == '/'));
}

static bool pick(rng *r, fixture *f, plan *p, const plan *done, size_t nd, unsigned iter)
{
	memset(p, 0, sizeof *p);
	const cand *c = &f->c[rnd(r, (unsigned)f->nc)];
	unsigned what = rnd(r, 100);
	if (c->kind == C_MAP) {
		if (what < 60)
			return false;
		p->op = 1;
		char key[32];
		snprintf(key, sizeof key, "zz_%u_%zu", iter, nd);
		memcpy(p->key, key, sizeof key);
		snprintf(p->path, sizeof p->path, "%s/%s", c->path, key);
	} else if (c->kind == C_SEQ) {
		p->op = 2;
		snprintf(p->path, sizeof p->path, "%s", c->path);
		p->had = c->val->kind == DOC_SEQ ? c->val->u.coll.count : 0;
	} else {
		if (c->kind == C_COLL && what < 70)
			return false;
		p->op = 0;
		snprintf(p->path, sizeof p->path, "%s", c->path);
	}
	/* Two edits of one path, or of a path and what lies inside it, would
	 * overlap: keep edits apart. */
	for (size_t i = 0; i < nd; i++)
		if (related(done[i].path, p->path))
			return false;
	p->c = c;
	if (p->op == 2) {
		static const char *const keys[] = { "time", "event", "reason" };
		p->nitem = 1 + rnd(r, 3);
		for (size_t j = 0; j < p->nitem; j++) {
			p->item[j].key = keys[j];
			p->item[j].val = random_value(r, &p->item_own[j]);
		}
	} else {
		p->v = random_value(r, &p->own);
	}
	return true;
}

/* ---- checking ---- */

static const doc_node *walk(const doc_node *n, const char *path)
{
	char comp[200];
	while (n && *path == '/') {
		path++;
		size_t l = strcspn(path, "/");
		snprintf(comp, sizeof comp, "%.*s", (int)l, path);
		path += l;
		n = doc_deref(n);
		if (n->kind == DOC_SEQ) {
			size_t idx = (size_t)strtoul(comp, NULL, 10);
			const doc_node *i = n->u.coll.first;
			while (i && idx--)
				i = i->next;
			n = i;
		} else {
			n = doc_get(n, comp);
		}
	}
	return n;
}

static bool reads_as(const doc_node *n, const edit_value *v)
{
	long long i;
	bool b;
	if (!n || n->kind != DOC_SCALAR)
		return false;
	switch (v->kind) {
	case EDIT_NULL: return doc_is_null(n);
	case EDIT_INT: return doc_int(n, &i) == DOC_OK && i == v->i && n->style == DOC_PLAIN;
	case EDIT_BOOL: return doc_bool(n, &b) == DOC_OK && b == v->b;
	case EDIT_STR:
		return n->u.scalar.len == v->len && memcmp(n->u.scalar.str, v->str, v->len) == 0 &&
		       (n->style != DOC_PLAIN || (!doc_is_null(n) && doc_bool(n, &b) != DOC_OK && doc_int(n, &i) != DOC_OK));
	}
	return false;
}

/* Is this flattened line's node one an edit was allowed to change? */
static bool edited(const char *line, const plan *p, size_t np, bool new_side)
{
	size_t pl = strcspn(line, "\t");
	for (size_t i = 0; i < np; i++) {
		size_t l = strlen(p[i].path);
		if (pl == l && strncmp(line, p[i].path, l) == 0)
			return true;
		/* A mapping that gains a key has one more pair. */
		size_t ml = strlen(p[i].c->path);
		if (p[i].op == 1 && pl == ml && strncmp(line, p[i].c->path, ml) == 0)
			return true;
		if (pl > l && strncmp(line, p[i].path, l) == 0 && line[l] == '/') {
			if (p[i].op != 2)
				return true;
			/* Old items of an appended sequence must stay; new ones are checked apart. */
			if (new_side && (size_t)strtoul(line + l + 1, NULL, 10) >= p[i].had)
				return true;
		}
	}
	return false;
}

static char **split_lines(char *s, size_t *n)
{
	size_t cap = 256;
	char **v = malloc(cap * sizeof *v);
	*n = 0;
	for (char *save = NULL, *l = strtok_r(s, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (*n == cap)
			v = realloc(v, (cap *= 2) * sizeof *v);
		v[(*n)++] = l;
	}
	return v;
}

static void check_unchanged(const doc_node *oldr, const doc_node *newr, const plan *p, size_t np,
                            const char *ctx)
{
	strbuf a, b;
	strbuf_init(&a);
	strbuf_init(&b);
	te_flatten(oldr, &a);
	te_flatten(newr, &b);
	size_t na, nb;
	char **la = split_lines(a.buf, &na), **lb = split_lines(b.buf, &nb);
	size_t i = 0, j = 0;
	for (;;) {
		while (i < na && edited(la[i], p, np, false))
			i++;
		while (j < nb && edited(lb[j], p, np, true))
			j++;
		if (i == na || j == nb)
			break;
		if (strcmp(la[i], lb[j]) != 0)
			fail_msg("%s: node changed: \"%s\" became \"%s\"", ctx, la[i], lb[j]);
		i++, j++;
	}
	if (i != na || j != nb)
		fail_msg("%s: node %s: \"%s\"", ctx, i != na ? "lost" : "appeared", i != na ? la[i] : lb[j]);
	free(la);
	free(lb);
	strbuf_free(&a);
	strbuf_free(&b);
}

/* JSON stays JSON: strings double-quoted, everything else a JSON word. */
static bool json_ok(const doc_node *n)
{
	long long i;
	bool b;
	return n && n->kind == DOC_SCALAR &&
	       (n->style == DOC_DOUBLE ||
	        (n->style == DOC_PLAIN && (strcmp(n->u.scalar.str, "null") == 0 || doc_bool(n, &b) == DOC_OK ||
	                                   doc_int(n, &i) == DOC_OK)));
}

static void check_plans(const doc_node *newr, const plan *p, size_t np, bool json, const char *ctx)
{
	for (size_t i = 0; i < np; i++) {
		const doc_node *n = walk(newr, p[i].path);
		if (p[i].op != 2) {
			if (!reads_as(n, &p[i].v))
				fail_msg("%s: %s does not read back as written", ctx, p[i].path);
			if (json && !json_ok(n))
				fail_msg("%s: %s is not written as JSON", ctx, p[i].path);
			continue;
		}
		if (!n || n->kind != DOC_SEQ || n->u.coll.count != p[i].had + 1)
			fail_msg("%s: %s is not the sequence with one more item", ctx, p[i].path);
		const doc_node *it = n->u.coll.last;
		assert_int_equal(doc_len(it), p[i].nitem);
		for (size_t j = 0; j < p[i].nitem; j++)
			if (!reads_as(doc_get(it, p[i].item[j].key), &p[i].item[j].val) ||
			    (json && !json_ok(doc_get(it, p[i].item[j].key))))
				fail_msg("%s: %s item key %s does not read back", ctx, p[i].path, p[i].item[j].key);
	}
}

static void free_plan(plan *p)
{
	free(p->own);
	for (size_t j = 0; j < 3; j++)
		free(p->item_own[j]);
}

static void run_one(rng *r, fixture *f, unsigned iter)
{
	plan p[4];
	size_t np = 0, want = 1 + rnd(r, 3);
	for (unsigned tries = 0; np < want && tries < 40; tries++)
		if (pick(r, f, &p[np], p, np, iter))
			np++;
	if (!np)
		return;
	char ctx[1024];
	int cl = snprintf(ctx, sizeof ctx, "%s iteration %u (edits:", f->name, iter);
	for (size_t i = 0; i < np && cl > 0 && (size_t)cl < sizeof ctx; i++)
		cl += snprintf(ctx + cl, sizeof ctx - (size_t)cl, " %s %s", p[i].op == 0 ? "set" : p[i].op == 1 ? "add" : "append",
		               p[i].path);
	if (cl > 0 && (size_t)cl < sizeof ctx - 1)
		snprintf(ctx + cl, sizeof ctx - (size_t)cl, ")");
	lw_error err;
	lw_error_clear(&err);
	editor *ed = edit_new(&f->d, &err);
	for (size_t i = 0; i < np; i++) {
		const cand *c = p[i].c;
		int rc = p[i].op == 0 ? edit_set_scalar(ed, c->map, c->key, p[i].v)
		       : p[i].op == 1 ? edit_set_scalar(ed, c->map, p[i].key, p[i].v)
		                      : edit_append_item(ed, c->map, c->key, p[i].item, p[i].nitem);
		if (rc != 0) {
			char m[700];
			fail_msg("%s iteration %u: edit %s refused: %s", f->name, iter, p[i].path,
			         lw_error_format(&err, m, sizeof m));
		}
	}
	char *out;
	size_t len;
	if (edit_apply(ed, &out, &len) != 0) {
		char m[700];
		fail_msg("%s: apply failed: %s", ctx, lw_error_format(&err, m, sizeof m));
	}
	doc nd;
	if (doc_parse(&nd, out, len, f->name, NULL, &err) != 0)
		fail_msg("%s iteration %u: output does not parse", f->name, iter);
	check_plans(nd.root, p, np, edit_is_json(ed), ctx);
	check_unchanged(f->d.root, nd.root, p, np, ctx);
	doc_free(&nd);
	free(out);
	edit_free(ed);
	for (size_t i = 0; i < np; i++)
		free_plan(&p[i]);
}

static void random_edits_read_back(void **state)
{
	(void)state;
	static const struct { bool shared; const char *path; } files[] = {
		{ true, "examples/liza/state.yaml" },
		{ true, "examples/liza/state.schema-example.yaml" },
		{ true, "examples/liza/log.yaml" },
		{ true, "examples/foreman/example-task.yaml" },
		{ true, "examples/rcs/team-state.json" },
		{ true, "examples/acp/agent_workspaces_Agent-5_state.json" },
		{ false, "edit/crlf.yaml" },
		{ false, "edit/mixed.yaml" },
		{ false, "edit/pretty.json" },
		{ false, "edit/compact.json" },
	};
	enum { NF = sizeof files / sizeof *files };
	fixture fx[NF];
	memset(fx, 0, sizeof fx);
	for (size_t i = 0; i < NF; i++) {
		fx[i].name = files[i].path;
		fx[i].src = files[i].shared ? te_read_shared(files[i].path, &fx[i].len)
		                            : te_read_fixture(files[i].path, &fx[i].len);
		if (!fx[i].src)
			fail_msg("cannot read %s", files[i].path);
		lw_error err;
		assert_int_equal(doc_parse(&fx[i].d, fx[i].src, fx[i].len, files[i].path, NULL, &err), 0);
		collect(&fx[i], fx[i].d.root, "");
		assert_true(fx[i].nc > 0);
	}
	/* Fixed by default; LW_EDIT_SEED / LW_EDIT_ITERATIONS explore further. */
	const char *seed = getenv("LW_EDIT_SEED"), *iters = getenv("LW_EDIT_ITERATIONS");
	rng r = { seed ? strtoull(seed, NULL, 0) | 1 : 0x9E3779B97F4A7C15ull };
	unsigned n = iters ? (unsigned)strtoul(iters, NULL, 10) : ITERATIONS;
	for (unsigned it = 0; it < n; it++)
		run_one(&r, &fx[rnd(&r, NF)], it);
	for (size_t i = 0; i < NF; i++) {
		doc_free(&fx[i].d);
		free(fx[i].src);
		free(fx[i].c);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_edits_read_back),
	};
	return cmocka_run_group_tests_name("edit_prop", tests, NULL, NULL);
}
