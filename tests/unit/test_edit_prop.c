/* test_edit_prop.c — randomized: on real and hand-made state files, replace
 * random values with random nasty strings (quotes, colons, hashes, newlines,
 * control characters, Unicode), add keys, append items, then check with a
 * comparison independent of the editor's own verification
 * (helper_edit_oracle.h): the edited paths read back exactly, and every
 * other node of the tree is unchanged. Fixed seed, so a failure
 * reproduces. The editor's fuzz target checks the same on files and edits
 * of its own. */
/* make valgrind: run under memcheck */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/edit/edit.h"
#include "tests/unit/helper_edit.h"
#include "tests/unit/helper_edit_oracle.h"

#define ITERATIONS 3000

typedef struct rng { uint64_t s; } rng;
static unsigned rnd(rng *r, unsigned n)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 7;
	r->s ^= r->s << 17;
	return (unsigned)(r->s % n);
}

typedef struct fixture {
	const char *name;
	char *src;
	size_t len;
	doc d;
	eo_cands c;
} fixture;

/* ---- random values ---- */


static char *random_string(rng *r, size_t *len)
{
	strbuf b;
	strbuf_init(&b);
	unsigned n = rnd(r, 9);
	for (unsigned i = 0; i < n; i++)
		strbuf_adds(&b, eo_nasty[rnd(r, (unsigned)eo_nasty_count)]);
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

/* The values an edit writes, and who owns their bytes. */
typedef struct owned {
	char *own;
	char *item_own[3];
} owned;

static bool pick(rng *r, fixture *f, eo_plan *p, owned *o, const eo_plan *done, size_t nd, unsigned iter)
{
	memset(p, 0, sizeof *p);
	memset(o, 0, sizeof *o);
	const eo_cand *c = &f->c.c[rnd(r, (unsigned)f->c.n)];
	unsigned what = rnd(r, 100);
	if (c->kind == EO_MAP) {
		if (what < 60)
			return false;
		char key[32];
		snprintf(key, sizeof key, "zz_%u_%zu", iter, nd);
		eo_plan_target(p, EO_ADD, c, &f->d, key);
	} else if (c->kind == EO_SEQ) {
		eo_plan_target(p, EO_APPEND, c, &f->d, NULL);
	} else {
		if (c->kind == EO_COLL && what < 70)
			return false;
		eo_plan_target(p, what % 5 == 0 ? EO_SET_MAP : EO_SET, c, &f->d, NULL);
	}
	for (size_t i = 0; i < nd; i++)
		if (eo_related(done[i].path, p->path))
			return false;
	if (p->op == EO_APPEND || p->op == EO_SET_MAP) {
		static const char *const keys[] = { "time", "event", "reason" };
		p->nitem = 1 + rnd(r, 3);
		for (size_t j = 0; j < p->nitem; j++) {
			p->item[j].key = keys[j];
			p->item[j].val = random_value(r, &o->item_own[j]);
		}
	} else {
		p->v = random_value(r, &o->own);
	}
	return true;
}

static void free_owned(owned *o)
{
	free(o->own);
	for (size_t j = 0; j < 3; j++)
		free(o->item_own[j]);
}

static void run_one(rng *r, fixture *f, unsigned iter)
{
	eo_plan p[4];
	owned o[4];
	size_t np = 0, want = 1 + rnd(r, 3);
	for (unsigned tries = 0; np < want && tries < 40; tries++)
		if (pick(r, f, &p[np], &o[np], p, np, iter))
			np++;
	if (!np)
		return;
	char ctx[1024];
	int cl = snprintf(ctx, sizeof ctx, "%s iteration %u (edits:", f->name, iter);
	for (size_t i = 0; i < np && cl > 0 && (size_t)cl < sizeof ctx; i++)
		cl += snprintf(ctx + cl, sizeof ctx - (size_t)cl, " %s %s",
		               p[i].op == EO_SET ? "set" : p[i].op == EO_SET_MAP ? "set-map" : p[i].op == EO_ADD ? "add" : "append",
		               p[i].path);
	if (cl > 0 && (size_t)cl < sizeof ctx - 1)
		snprintf(ctx + cl, sizeof ctx - (size_t)cl, ")");
	lw_error err;
	lw_error_clear(&err);
	editor *ed = edit_new(&f->d, &err);
	char m[700];
	if (eo_apply_plans(ed, p, np) != 0)
		fail_msg("%s: edit refused: %s", ctx, lw_error_format(&err, m, sizeof m));
	char *out;
	size_t len;
	if (edit_apply(ed, &out, &len) != 0)
		fail_msg("%s: apply failed: %s", ctx, lw_error_format(&err, m, sizeof m));
	doc nd;
	if (doc_parse(&nd, out, len, f->name, NULL, &err) != 0)
		fail_msg("%s: output does not parse", ctx);
	char *bad = eo_check(f->d.root, nd.root, p, np, edit_is_json(ed));
	if (bad)
		fail_msg("%s: %s", ctx, bad);
	doc_free(&nd);
	free(out);
	edit_free(ed);
	for (size_t i = 0; i < np; i++)
		free_owned(&o[i]);
}

static void random_edits_read_back(void **state)
{
	(void)state;
	static const struct { const char *path; } files[] = {
		{ "examples/liza/state.yaml" },
		{ "examples/liza/state.schema-example.yaml" },
		{ "examples/liza/log.yaml" },
		{ "examples/foreman/example-task.yaml" },
		{ "examples/rcs/team-state.json" },
		{ "examples/acp/agent_workspaces_Agent-5_state.json" },
		{ "edit/crlf.yaml" },
		{ "edit/mixed.yaml" },
		{ "edit/pretty.json" },
		{ "edit/compact.json" },
	};
	enum { NF = sizeof files / sizeof *files };
	fixture fx[NF];
	memset(fx, 0, sizeof fx);
	for (size_t i = 0; i < NF; i++) {
		fx[i].name = files[i].path;
		fx[i].src = te_read_fixture(files[i].path, &fx[i].len);
		if (!fx[i].src)
			fail_msg("cannot read %s", files[i].path);
		lw_error err;
		assert_int_equal(doc_parse(&fx[i].d, fx[i].src, fx[i].len, files[i].path, NULL, &err), 0);
		eo_collect(&fx[i].c, &fx[i].d);
		assert_true(fx[i].c.n > 0);
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
		eo_cands_free(&fx[i].c);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_edits_read_back),
	};
	return cmocka_run_group_tests_name("edit_prop", tests, NULL, NULL);
}
