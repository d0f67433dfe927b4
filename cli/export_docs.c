/* export_docs.c — the table of checks of each docs/systems/NAME.md, made into
 * C rows by cli/export_docs.awk (the Makefile's build/gen/
 * export_docs.h): one source for what a code means, the page's. */
#include "cli/export_docs.h"
#include <stddef.h>
#include <string.h>

typedef struct alert_doc {
	const char *page, *code, *meaning;
} alert_doc;

static const alert_doc docs[] = {
#include "build/gen/export_docs.h"
};

const char *export_docs_meaning(const char *page, const char *code)
{
	for (size_t k = 0; page && code && k < sizeof docs / sizeof *docs; k++)
		if (strcmp(docs[k].page, page) == 0 && strcmp(docs[k].code, code) == 0)
			return docs[k].meaning;
	return NULL;
}
