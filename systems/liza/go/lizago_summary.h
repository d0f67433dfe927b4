/* lizago_summary.h — the sprint summary report of a checkpoint
 * (lizago_summary.c), written by the checkpoint lever beside the state. */
#ifndef LW_LIZAGO_SUMMARY_H
#define LW_LIZAGO_SUMMARY_H
#include "core/doc/doc.h"
#include "core/util/strbuf.h"
#include <time.h>

/* The file Liza writes it to, inside the state folder (paths.SprintSummaryFileName). */
#define LIZAGO_SUMMARY_FILE "sprint_summary.md"

/* The report of the state whose root is root (before the checkpoint), at now. */
void lizago_summary_render(const doc_node *root, time_t now, strbuf *out);

#endif
