/* docread.c — see docread.h. */
#include "core/docread.h"
#include "core/timeparse.h"

void dr_bad(dr *r, const char *key, const doc_node *v, const char *want)
{
	char got[64];
	lw_snapshot_problem(r->snap, r->subject, "types", r->path, v, "%s must be %s, not %s", key, want,
	                    doc_describe(v, got, sizeof got));
}

const char *dr_str(dr *r, const doc_node *map, const char *key)
{
	const doc_node *v = doc_deref(doc_get(map, key));
	if (!v || doc_is_null(v))
		return NULL;
	if (v->kind != DOC_SCALAR) {
		dr_bad(r, key, v, "text");
		return NULL;
	}
	return v->u.scalar.str;
}

bool dr_int(dr *r, const doc_node *map, const char *key, long long *out)
{
	const doc_node *v = doc_get(map, key);
	switch (doc_int(v, out)) {
	case DOC_OK: return true;
	case DOC_ABSENT: return false;
	default: dr_bad(r, key, v, "an integer"); return false;
	}
}

int dr_bool(dr *r, const doc_node *map, const char *key)
{
	const doc_node *v = doc_get(map, key);
	bool b = false;
	switch (doc_bool(v, &b)) {
	case DOC_OK: return b;
	case DOC_ABSENT: return -1;
	default: dr_bad(r, key, v, "true or false"); return -1;
	}
}

time_t dr_time(dr *r, const doc_node *map, const char *key)
{
	const doc_node *v = doc_get(map, key);
	time_t t;
	switch (doc_time(v, &t)) {
	case DOC_OK: return t;
	case DOC_ABSENT: return LW_NO_TIME;
	default: dr_bad(r, key, v, "an ISO 8601 time"); return LW_NO_TIME;
	}
}

static const doc_node *coll(dr *r, const doc_node *map, const char *key, doc_kind kind, const char *want)
{
	const doc_node *v = doc_deref(doc_get(map, key));
	if (!v || doc_is_null(v))
		return NULL;
	if (v->kind != kind) {
		dr_bad(r, key, v, want);
		return NULL;
	}
	return v;
}

const doc_node *dr_map(dr *r, const doc_node *map, const char *key) { return coll(r, map, key, DOC_MAP, "a mapping"); }
const doc_node *dr_seq(dr *r, const doc_node *map, const char *key) { return coll(r, map, key, DOC_SEQ, "a list"); }

bool dr_nonempty(const doc_node *v)
{
	v = doc_deref(v);
	if (!v || doc_is_null(v))
		return false;
	if (v->kind == DOC_SCALAR) {
		for (const char *s = v->u.scalar.str; *s; s++)
			if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
				return true;
		return false;
	}
	return v->u.coll.count > 0;
}
