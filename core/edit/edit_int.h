/* edit_int.h — what the editor's files share (edit.c records edits,
 * edit_render.c turns them into splices, edit_verify.c checks the result,
 * edit_quote.c writes scalars, edit_layout.c reads the source's layout).
 * Nothing outside core/edit*.c includes this. */
#ifndef LW_EDIT_INT_H
#define LW_EDIT_INT_H
#include "core/edit/edit.h"
#include "core/doc/arena.h"
#include "core/util/strbuf.h"

typedef struct edit_item {
	edit_pair *pairs;   /* arena copies; one pair with a NULL key: a scalar item */
	size_t n;
	struct edit_item *next;
} edit_item;

static inline bool item_is_scalar(const edit_item *it) { return it->n == 1 && !it->pairs[0].key; }

typedef enum expect_op { EXP_SET, EXP_APPEND, EXP_SET_MAP } expect_op;

/* One intended change, in terms of the old tree: it is rendered into a splice
 * and later checked against the new tree. */
typedef struct expect {
	expect_op op;
	const doc_node *map;   /* the mapping edited; NULL: the root sequence */
	const doc_node *key;   /* old key node; NULL when the key is added */
	const doc_node *val;   /* old value node; NULL when the key is added */
	const char *name;      /* key text (arena) */
	edit_value v;          /* EXP_SET (string copied to the arena) */
	edit_item *items, *items_tail;   /* EXP_APPEND; EXP_SET_MAP: the one mapping */
	size_t nitems;
	size_t seq;            /* order of recording */
	struct expect *next;
} expect;

typedef struct splice {
	size_t start, end;     /* bytes of the source replaced */
	int phase;             /* at one offset: replacements (0) before insertions (1) */
	unsigned indent;       /* of an insertion at a line start (deeper goes first) */
	size_t seq;
	const char *text;
	size_t len;
	unsigned line, col;    /* where to point a message about it */
	bool raw;              /* test hook: no intended value */
} splice;

struct editor {
	const doc *d;
	lw_error *err;
	arena mem;
	bool failed;           /* an edit was refused: apply refuses too */
	bool json;
	bool json_compact;     /* "a":1,"b":2 rather than "a": 1, "b": 2 */
	const char *eol;       /* "\n" or "\r\n", as the file has it */
	expect *exp, *exp_tail;
	size_t nexp;
	splice *raw;           /* test-hook splices, arena array */
	size_t nraw, capraw;
	const doc_node **removed;   /* items to remove, arena array (edit_remove.c) */
	const doc_node **removed_from;   /* the sequence of each */
	size_t nremoved, capremoved;
	bool prefs_done;
	unsigned seq_indent;   /* columns from a key to the '-' of its block sequence */
	unsigned item_offset;  /* columns from '-' to an item mapping's first key */
	doc *within_doc;       /* edit_verify_within: d, writable… */
	const doc_node *within_seq;   /* …and the sequence whose one item may be re-parsed alone */
};

/* ---- edit_layout.c: reading the source's layout ---- */
size_t edit_layout_after_line(const char *s, size_t len, size_t off);   /* past the next line break */
bool edit_layout_rest_blank(const char *s, size_t len, size_t off);     /* only blanks up to the break */
unsigned edit_layout_col(const char *s, size_t off);                    /* characters from line start */
size_t edit_layout_content_end(const char *s, const doc_node *n);       /* end of the node's last token */
size_t edit_layout_block_scalar_end(const char *s, const doc_node *n);
long edit_layout_colon_after(const char *s, size_t len, const doc_node *key); /* offset past ':' or -1 */
bool edit_layout_has_anchor(const char *s, size_t len, const doc_node *n);
long edit_layout_dash_col(const char *s, const doc_node *item);          /* column of an item's '-' or -1 */
unsigned edit_layout_literal_indent(const char *s, size_t len, const doc_node *n);
const char *edit_layout_eol(const char *s, size_t len);
void edit_layout_prefs(editor *ed);

/* ---- edit_quote.c: scalars ---- */
typedef struct quote_ctx {
	bool json;             /* JSON text only */
	bool flow;             /* inside [ ] or { } */
	bool has_hint;
	doc_style hint;        /* style of the value replaced, to keep it */
	bool literal_ok;       /* a literal block may start here (block context, nothing after it on the line) */
	unsigned literal_indent;
	const char *eol;
} quote_ctx;

/* 0, or -1 when the value cannot be written (invalid UTF-8). */
int edit_quote_value(strbuf *out, const edit_value *v, const quote_ctx *c);
void edit_quote_key(strbuf *out, const char *key, bool json, bool flow);
bool edit_quote_plain_ok(const char *s, size_t n, bool flow);
bool edit_quote_utf8_ok(const char *s, size_t n);

/* ---- edit_render.c: intended changes -> splices ---- */
int edit_render_expect(editor *ed, const expect *e, splice *out);

/* ---- edit_remove.c: items taken out of flow sequences ---- */
/* Splices for every recorded removal into out (room for ed->nremoved);
 * how many, or -1 (refused, err set). */
long edit_remove_render(editor *ed, splice *out);
bool edit_remove_is_removed(const editor *ed, const doc_node *item);
bool edit_remove_touches(const editor *ed, const doc_node *seq);

/* ---- edit_verify.c: old tree + intended changes == new tree? ---- */
int edit_verify_result(editor *ed, const doc *newd);

/* ---- edit.c ---- */
int edit_fail(editor *ed, const doc_node *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
