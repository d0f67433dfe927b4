/* alert_docs.h — what an alert code means, in the words of the system's
 * page (docs/systems/NAME.md, its table of checks), built in at compile time:
 * the shared page (`export`) explains each alert it lists. */
#ifndef LW_ALERT_DOCS_H
#define LW_ALERT_DOCS_H

/* What page (NAME of docs/systems/NAME.md: the system's short name, or its
 * snapshot's docs_page: "liza-go") says code means, or NULL when it does
 * not list it. */
const char *lw_alert_doc(const char *page, const char *code);

#endif
