/* helper_edit_oracle.h — an oracle for the editor, independent of its own
 * verification: where edits can go in a parsed file (candidates), what an
 * edit was meant to do (a plan), and a check that the edited file's tree
 * holds exactly the planned values and every other node unchanged. Shared
 * by the randomized unit test and the editor's fuzz target, so no cmocka
 * here: a failed check returns a message. */
#ifndef LW_HELPER_EDIT_ORACLE_H
#define LW_HELPER_EDIT_ORACLE_H
#include <stdbool.h>
#include <stddef.h>
#include "core/doc/doc.h"
#include "core/edit/edit.h"

/* Pieces random values are made of. */
extern const char *const eo_nasty[];
extern const size_t eo_nasty_count;

/* Places an edit can go: a scalar or collection value to replace, a
 * sequence (or null) to append to, a mapping to add a key to. */
typedef enum eo_kind { EO_SCALAR, EO_COLL, EO_SEQ, EO_MAP } eo_kind;
typedef struct eo_cand {
	eo_kind kind;
	char path[200];          /* as te_flatten writes it */
	const doc_node *map;     /* the mapping holding key (EO_MAP: the mapping itself) */
	const char *key;
	const doc_node *val;
} eo_cand;

typedef struct eo_cands {
	eo_cand *c;
	size_t n, cap;
} eo_cands;

/* Every candidate of a parsed file (src is the buffer d was parsed from).
 * Values carrying an anchor, aliases and keys a path cannot name are left
 * out. Free with eo_cands_free. */
void eo_collect(eo_cands *out, const doc *d);
void eo_cands_free(eo_cands *c);

typedef enum eo_op {
	EO_SET,          /* replace c's value */
	EO_ADD,          /* add key to mapping c */
	EO_APPEND,       /* append a mapping item to sequence c */
	EO_APPEND_SCALAR,/* append a scalar to sequence c */
	EO_APPEND_ROOT,  /* append a mapping item to the root sequence (c NULL) */
	EO_SET_MAP,      /* replace c's value with a mapping (item, nitem) */
} eo_op;

typedef struct eo_plan {
	eo_op op;
	char path[256];          /* the node the edit makes or replaces */
	const eo_cand *c;
	char key[32];            /* EO_ADD */
	edit_value v;            /* EO_SET, EO_ADD, EO_APPEND_SCALAR */
	edit_pair item[3];       /* EO_APPEND, EO_APPEND_ROOT, EO_SET_MAP */
	size_t nitem;
	size_t had;              /* appends: items before */
} eo_plan;

/* Are two paths the same node or one inside the other? Edits of related
 * paths would overlap: a plan keeps them apart. */
bool eo_related(const char *a, const char *b);

/* Fill p's path and had for c (NULL for EO_APPEND_ROOT, with the root of
 * d) and the op; the values are the caller's. */
void eo_plan_target(eo_plan *p, eo_op op, const eo_cand *c, const doc *d, const char *key);

/* Apply the plans' edits to ed; -1 when the editor refused one. */
int eo_apply_plans(editor *ed, const eo_plan *p, size_t np);

/* NULL when new_root holds exactly what the plans meant (and, for JSON,
 * only JSON values), else a malloc'd message naming the first difference. */
char *eo_check(const doc_node *old_root, const doc_node *new_root, const eo_plan *p, size_t np, bool json);

#endif
