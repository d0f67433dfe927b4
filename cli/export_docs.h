/* export_docs.h — what an alert code means, in the words of the system's
 * page (docs/systems/NAME.md, its table of checks), built in at compile time:
 * the shared page (`export`) explains each alert it lists. */
#ifndef CLI_EXPORT_DOCS_H
#define CLI_EXPORT_DOCS_H

/* What page (NAME of docs/systems/NAME.md: the system's short name, or its
 * snapshot's docs_page: "liza-go") says code means, or NULL when it does
 * not list it. */
const char *export_docs_meaning(const char *page, const char *code);

#endif
