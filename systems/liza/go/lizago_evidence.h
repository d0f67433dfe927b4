/* lizago_evidence.h — the integration evidence an approval of an
 * integration analysis adds to goal.integration, as today's Liza's
 * submitVerdict adds it (internal/ops/submit_verdict.go
 * appendIntegrationVerdictEvidence), or why liza-watch leaves that verdict
 * to Liza (lizago_evidence.c). */
#ifndef LW_LIZAGO_EVIDENCE_H
#define LW_LIZAGO_EVIDENCE_H
#include "core/doc/doc.h"
#include "core/edit/edit.h"
#include <stdbool.h>
#include <stddef.h>

/* A clean global analysis (phase global, no output): Liza verifies its
 * source commit in git under its completion lock before it records the
 * generation and may close the lifecycle, which liza-watch cannot do. */
bool lizago_evidence_needs_liza(const doc_node *task);

/* Record, on ed, the evidence of a quorum-meeting approval of task (nothing
 * for a task without integration_analysis). 0: done; 1: refused, why says
 * why (Liza would refuse it too, or only Liza can write it); -1: an edit
 * failed. */
int lizago_evidence_approve(editor *ed, const doc_node *root, const doc_node *task, const char *as, char *why,
                            size_t n);

#endif
