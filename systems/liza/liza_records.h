/* liza_records.h — what Liza's files record as having happened, for the
 * activity feed and `liza-watch events`: the newest entries of log.yaml
 * and the human notes of state.yaml, oldest first. */
#ifndef LW_LIZA_RECORDS_H
#define LW_LIZA_RECORDS_H
#include "core/model/model.h"

/* The last lw_records_limit() entries of the log bytes buf (a block
 * sequence): found from the end, so the cost is the tail's, not the
 * log's. Strings are copied into a. */
void liza_records_log(arena *a, const char *buf, size_t len, const char *path, lw_record **out, size_t *n);
/* A copy of v (the previous load's) into a: its arena may go first. */
void liza_records_copy(arena *a, const lw_record *v, size_t n, lw_record **out, size_t *nout);
/* The log records and the human notes under root, merged by time, as the snapshot's. */
void liza_records_project(lw_snapshot *snap, const lw_record *log, size_t nlog, const doc_node *root);

#endif
