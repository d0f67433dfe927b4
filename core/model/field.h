/* field.h — typed reads of one mapping's fields for loaders that report a
 * wrong type as a snapshot problem (at the value's file:line:col) and read
 * it as absent, so one bad value never blanks a whole board. The one field
 * reader of the RCS, AoT, Foreman, ACP and shell-era Liza loaders; Liza's
 * states run to 10,000 tasks, so a reader may hash a record's keys once
 * (field_index) and read a patched tree's positions through its doc. */
#ifndef LW_FIELD_H
#define LW_FIELD_H
#include "core/model/model.h"

/* One mapping's keys, hashed once, so a record's ~30 field lookups (most
 * for keys it does not have) cost a probe each, not a scan. */
typedef struct field_index {
	const doc_node *map;      /* the mapping indexed, NULL: none */
	struct { const doc_node *key, *val; } slot[64];
} field_index;

typedef struct field {
	lw_snapshot *snap;        /* where problems go; NULL: nowhere (values only) */
	const char *path;         /* display path of the file being read */
	const char *subject;      /* what the problem is about (a task id, a mode) */
	arena *mem;               /* for field_strv's array */
	/* Optional: the tree the nodes belong to (positions are read through
	 * doc_where: a patched tree's reused nodes keep their old ones), and
	 * the index lookups of its mapping go through. */
	const doc *d;
	field_index *index;
} field;

/* Index map's keys in f->index (a mapping of more than 32 keys, or with a
 * merge key, is left to doc_get); map NULL forgets the last one. */
void field_index_keys(field *f, const doc_node *map);
/* doc_get, through f->index when map is the mapping indexed. */
const doc_node *field_get(const field *f, const doc_node *map, const char *key);

#define FLD_UNSET (-1LL)

const char *field_str(field *f, const doc_node *map, const char *key);         /* NULL: absent or bad */
long long field_int(field *f, const doc_node *map, const char *key, long long dflt);
/* field_int for a limit: written as 0 or below, a bad_limit problem and dflt. */
long long field_limit(field *f, const doc_node *map, const char *key, long long dflt);
/* 1 true, 0 false, -1 absent (or bad) */
int field_bool(field *f, const doc_node *map, const char *key);
time_t field_time(field *f, const doc_node *map, const char *key);             /* LW_NO_TIME: absent or bad */
const doc_node *field_map(field *f, const doc_node *map, const char *key);     /* NULL: absent or bad */
const doc_node *field_seq(field *f, const doc_node *map, const char *key);
/* A list of ids (a lone scalar counts as one); *n items into a NULL-ended
 * arena array. */
const char **field_strv(field *f, const doc_node *map, const char *key, size_t *n);
/* The wrong-type problem: "KEY must be WANT, not VALUE" at v (rule "types"). */
void field_bad_type(field *f, const char *key, const doc_node *v, const char *want);
/* An integer into *out: false when absent, or of the wrong type (reported). */
bool field_int_get(field *f, const doc_node *map, const char *key, long long *out);
/* Does this value hold something: a non-blank string, or a non-empty list or mapping? */
bool field_nonempty(const doc_node *v);
/* Report a problem at node at (NULL: the file) with this snapshot's rule. */
void field_problem(field *f, const char *rule, const doc_node *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
