/* edit.h — change values in a parsed state file without disturbing any other
 * byte of it.
 *
 * An editor collects edits against one parsed document (replace a value, add
 * a key, append an item to a sequence), then edit_apply() renders them as
 * splices into the original buffer, re-parses the result and compares the two
 * trees: every value not edited must read back unchanged and every edited one
 * must read back as intended, or nothing is produced at all. Comments, key
 * order, quoting, flow or block style and CRLF line ends survive because the
 * bytes around the splices are copied verbatim.
 *
 * Usage:
 *     editor *ed = edit_new(&d, &err);
 *     edit_set_scalar(ed, task, "status", edit_str("APPROVED"));
 *     edit_append_item(ed, task, "history", pairs, 3);
 *     if (edit_apply(ed, &out, &out_len) == 0) ... write out ...
 *     edit_free(ed);
 *
 * Every function reports a failure as -1 with err naming file:line:col and
 * what was refused; once one edit failed, edit_apply() refuses too, so a
 * caller never writes a partial transition. */
#ifndef LW_EDIT_H
#define LW_EDIT_H
#include <stdbool.h>
#include <stddef.h>
#include "core/doc/doc.h"
#include "core/util/error.h"

typedef enum edit_kind { EDIT_STR, EDIT_NULL, EDIT_INT, EDIT_BOOL, EDIT_MAP, EDIT_SEQ } edit_kind;

struct edit_pair;

/* A value to write. Strings are UTF-8 and may hold any character (newlines,
 * quotes, control characters): the editor picks a quoting that reads back
 * exactly, keeping the old value's style when the new text allows it. A
 * mapping or a sequence (nested to any depth) is written in flow style. */
typedef struct edit_value {
	edit_kind kind;
	const char *str;   /* EDIT_STR */
	size_t len;
	long long i;       /* EDIT_INT */
	bool b;            /* EDIT_BOOL */
	const struct edit_pair *pairs;    /* EDIT_MAP: n pairs, in order */
	const struct edit_value *items;   /* EDIT_SEQ: n items */
	size_t n;
} edit_value;

edit_value edit_str(const char *s);              /* NULL gives a null */
edit_value edit_strn(const char *s, size_t len);
edit_value edit_null(void);
edit_value edit_int(long long v);
edit_value edit_bool(bool v);
/* The arrays are copied when the edit is recorded. */
edit_value edit_map(const struct edit_pair *pairs, size_t n);
edit_value edit_seq(const edit_value *items, size_t n);

/* One key of an item appended to a sequence; an item is an ordered array. */
typedef struct edit_pair {
	const char *key;
	edit_value val;
} edit_pair;

typedef struct editor editor;

/* d must stay alive (and unchanged) until edit_free(); err receives every
 * failure of this editor. */
editor *edit_new(const doc *d, lw_error *err);
void edit_free(editor *ed);

/* Set map[key] to v: replace the old value (a scalar, a null, or a whole
 * collection) or, when key is missing, add it at the end of the mapping.
 * Refused: map not a mapping, key an alias, a value or mapping carrying an
 * anchor (aliases would change with it), the same key edited twice. */
int edit_set_scalar(editor *ed, const doc_node *map, const char *key, edit_value v);

/* Set map[key] to a mapping of n pairs (in order), written in flow style
 * ({"event": "x", …} in JSON, {event: x, …} in YAML): replaces the old value
 * or adds the key, with edit_set_scalar's refusals. */
int edit_set_map(editor *ed, const doc_node *map, const char *key, const edit_pair *pairs, size_t n);

/* Append one item (a mapping of n pairs, in order) to the sequence at
 * map[key]; a missing or null key becomes a one-item sequence. Appending to
 * the same key again adds after the earlier item. */
int edit_append_item(editor *ed, const doc_node *map, const char *key,
                     const edit_pair *item, size_t n);

/* Append one scalar item (a string, number, …) to the sequence at map[key],
 * created as for edit_append_item. */
int edit_append_scalar(editor *ed, const doc_node *map, const char *key, edit_value v);

/* Append an item to the document's root sequence (log.yaml); an empty
 * document becomes a one-item sequence. */
int edit_append_root_item(editor *ed, const edit_pair *item, size_t n);

/* Remove item from the flow sequence seq (a JSON array): the item and one
 * separator go, the brackets and every other byte stay; removing every
 * item leaves "[]". Refused: a block sequence, an anchored sequence or
 * item, an item not in seq, the same item twice, a sequence also appended
 * to in the same change. */
int edit_remove_item(editor *ed, const doc_node *seq, const doc_node *item);

/* Render, splice, re-parse, verify. On success *out is a malloc'd,
 * NUL-terminated buffer of *out_len bytes (free it). On failure nothing is
 * allocated and err says what failed. */
int edit_apply(editor *ed, char **out, size_t *out_len);

/* Let edit_apply verify by parsing again only the item of seq (a block
 * sequence of d, the editor's own document) that the change lies in, when
 * that provably gives the tree a full parse would (doc_reparse_item,
 * core/doc/doc_patch.c: a 10,000-task state costs one task); any other
 * change is verified on a full parse as before. d's node memory becomes
 * shared (doc.h): free d after the editor, as always. */
void edit_verify_within(editor *ed, doc *d, const doc_node *seq);

/* True when the document is JSON (values are then always written as JSON). */
bool edit_is_json(const editor *ed);

/* Test hook: with on, edit_verify_within is ignored and every edit is
 * verified on a full parse (the differential tests' reference path). */
void edit_test_full_verify(bool on);

/* Test hook: splice text over bytes [start, end) with no intended value, so
 * edit_apply()'s verification must catch whatever it changes. */
int edit_splice_raw(editor *ed, size_t start, size_t end, const char *text);

#endif
