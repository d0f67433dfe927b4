/* docread.h — typed reads of a parsed state file for the loaders of
 * multi-file systems (Foreman, ACP). A value of the wrong type is not a
 * failure: it becomes a problem of the snapshot (rule "types", reported as
 * invalid_state at file:line:col) and reads as absent, so one bad value does
 * not blank the board. */
#ifndef LW_DOCREAD_H
#define LW_DOCREAD_H
#include "core/model.h"

typedef struct dr {
	lw_snapshot *snap;
	const char *path;         /* display path of the file being read */
	const char *subject;      /* the task or agent the problems are about */
} dr;

void dr_bad(dr *r, const char *key, const doc_node *v, const char *want);
const char *dr_str(dr *r, const doc_node *map, const char *key);       /* NULL: absent or null */
bool dr_int(dr *r, const doc_node *map, const char *key, long long *out);  /* false: absent or bad */
int  dr_bool(dr *r, const doc_node *map, const char *key);             /* 1, 0, -1 absent */
time_t dr_time(dr *r, const doc_node *map, const char *key);           /* LW_NO_TIME: absent or bad */
const doc_node *dr_map(dr *r, const doc_node *map, const char *key);   /* NULL unless a mapping */
const doc_node *dr_seq(dr *r, const doc_node *map, const char *key);   /* NULL unless a list */

/* Does this value link evidence: a non-empty string, list or mapping? */
bool dr_nonempty(const doc_node *v);

#endif
