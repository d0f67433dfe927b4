/* helper_edit.h — shared by the editor's tests: load files, parse, apply,
 * compare trees independently of the editor's own verification. */
#ifndef LW_HELPER_EDIT_H
#define LW_HELPER_EDIT_H
#include <stdbool.h>
#include <stddef.h>
#include "core/doc/doc.h"
#include "core/edit/edit.h"
#include "core/util/strbuf.h"
#include "tests/unit/helper_flatten.h"

/* Read $LW_FIXTURES/rel (falling back to tests/fixtures/rel); malloc'd,
 * NUL-terminated, NULL when missing. */
char *te_read_fixture(const char *rel, size_t *len);

/* One editing session over a copy of src. */
typedef struct te_edit {
	char *src;
	size_t len;
	doc d;
	editor *ed;
	lw_error err;
	char *out;
	size_t out_len;
} te_edit;

void te_open(te_edit *t, const char *src, size_t len, const char *path);
/* edit_apply; fails the test (printing the error) unless it succeeds. */
const char *te_apply(te_edit *t);
/* edit_apply expected to fail; returns the formatted error. */
const char *te_apply_fails(te_edit *t, char *msg, size_t n);
void te_close(te_edit *t);

/* The sequence item of root[seq_key] whose id is id. */
const doc_node *te_item(const doc *d, const char *seq_key, const char *id);


#endif
