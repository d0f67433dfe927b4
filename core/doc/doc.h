/* doc.h — the document layer: libyaml parses a buffer into a tree of nodes,
 * each of which remembers its byte span in the source so the editor can
 * splice new bytes in place. JSON goes through the same parser (JSON is, in
 * practice, a YAML flow subset). Hard limits make hostile input fail fast. */
#ifndef LW_DOC_H
#define LW_DOC_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include "core/doc/arena.h"
#include "core/util/error.h"

typedef enum doc_kind { DOC_SCALAR, DOC_SEQ, DOC_MAP, DOC_ALIAS } doc_kind;

typedef enum doc_style {
	DOC_PLAIN, DOC_SINGLE, DOC_DOUBLE, DOC_LITERAL, DOC_FOLDED, /* scalars */
	DOC_BLOCK, DOC_FLOW                                          /* collections */
} doc_style;

typedef struct doc_node doc_node;
struct doc_node {
	uint8_t kind;             /* doc_kind */
	uint8_t style;            /* doc_style */
	unsigned line, col;       /* 1-based position of the node's first character */
	size_t start, end;        /* byte span [start, end) in the source buffer
	                             (in a patched doc: read line and span through doc_where) */
	doc_node *next;           /* next sibling; in a mapping keys and values alternate */
	union {
		struct { const char *str; size_t len; } scalar;  /* decoded, NUL-terminated */
		struct { doc_node *first, *last; size_t count; } coll; /* count of children (map: 2 per pair) */
		doc_node *target;    /* DOC_ALIAS: the anchored node */
	} u;
};

typedef struct doc_limits {
	size_t max_bytes;        /* input size */
	unsigned max_depth;      /* nesting of collections */
	size_t max_nodes;        /* nodes in the tree */
	size_t max_alias_nodes;  /* nodes reachable through aliases, counted per use */
} doc_limits;

extern const doc_limits doc_default_limits;

typedef struct doc {
	arena mem;
	const char *src;         /* the buffer parsed (not owned) */
	size_t len;
	const char *path;        /* for messages (arena copy) */
	doc_node *root;          /* NULL for an empty document */
	size_t nodes;
	bool has_anchors;        /* any anchor or alias: node sharing, so no partial re-parse */
	/* Both NULL after doc_parse; set by doc_reparse_item (doc_patch.c).
	 * shared: the node memory this doc shares with the docs it was patched
	 * from or into (refcounted, doc_shared.h); posmap: where the positions
	 * its reused nodes keep lie in src (doc_posmap.h). */
	struct doc_shared *shared;
	const struct doc_posmap *posmap;
} doc;

/* Parse buf (not copied: it must outlive the doc). Returns 0, or -1 with err
 * naming path:line:col and the problem. A stream with more than one document
 * is refused: every state file holds exactly one. */
int  doc_parse(doc *d, const char *buf, size_t len, const char *path,
               const doc_limits *lim, lw_error *err);
void doc_free(doc *d);
/* Parse only buf[start, end) — a run of whole lines, line0 of them (0-based)
 * before it — keeping positions absolute: spans are offsets in buf and
 * lines count from the top of buf. For re-parsing one changed item. */
int  doc_parse_slice(doc *d, const char *buf, size_t len, size_t start, size_t end, unsigned line0,
                     const char *path, const doc_limits *lim, lw_error *err);
/* After one item of a block sequence changed: build the new buffer's tree
 * by re-parsing only that item and reusing every other node of old as it
 * is (old's node memory becomes shared: free the two docs in any order;
 * old's tree does not change). seq is old's root or a value of old's root
 * mapping. *item is the index of the item replaced. -1 (nothing built, no
 * error) when that cannot be proven to equal a full parse of new: the
 * caller parses in full. The reused nodes keep their old positions: the
 * new doc's positions must be read through doc_where. */
int  doc_reparse_item(doc *d, doc *old, const doc_node *seq, const char *buf, size_t len, size_t *item);

/* Where a node of d lies in d->src: its fields in a parsed doc, mapped in
 * a patched one (any doc: prefer this to reading n->line or n->start). */
typedef struct doc_pos {
	size_t start, end;
	unsigned line, col;
} doc_pos;
doc_pos doc_where(const doc *d, const doc_node *n);

/* Streaming, for files whose tree is not needed (a long log): libyaml's
 * events as they come, with the same limits and error positions as
 * doc_parse, and nothing kept. The visitor returns -1 to stop (it may fill
 * err first). Strings in an event live until the visitor returns. */
typedef enum doc_ev_kind { DOC_EV_SCALAR, DOC_EV_ALIAS, DOC_EV_SEQ, DOC_EV_MAP, DOC_EV_END } doc_ev_kind;
typedef struct doc_event {
	doc_ev_kind kind;
	unsigned depth;           /* 0 for the root; a collection's END has its START's depth */
	bool is_key;              /* a mapping's key (scalars and collections alike) */
	bool plain;               /* an unquoted scalar */
	const char *str;          /* DOC_EV_SCALAR */
	size_t len;
	unsigned line, col;
} doc_event;
typedef int (*doc_visit_fn)(const doc_event *ev, void *ctx);
int doc_stream(const char *buf, size_t len, const char *path, const doc_limits *lim, doc_visit_fn fn, void *ctx,
               lw_error *err);

/* ---- navigation (all accept NULL and follow aliases) ---- */
const doc_node *doc_deref(const doc_node *n);
const doc_node *doc_get(const doc_node *map, const char *key);     /* value for key */
const doc_node *doc_get_key(const doc_node *map, const char *key); /* the key node itself */
const doc_node *doc_get_key_n(const doc_node *map, const char *key, size_t n); /* key of n bytes */
size_t doc_len(const doc_node *coll);                              /* items, or pairs of a map */
bool doc_is_map(const doc_node *n);
bool doc_is_seq(const doc_node *n);
bool doc_is_scalar(const doc_node *n);

/* Iterate a mapping: for (k = doc_map_first(m); k; k = doc_map_next(k)) v = k->next; */
const doc_node *doc_map_first(const doc_node *map);
const doc_node *doc_map_next(const doc_node *key);
/* Iterate a sequence: for (i = doc_seq_first(s); i; i = i->next) */
const doc_node *doc_seq_first(const doc_node *seq);

/* Link n in as coll's last child: the parser and the builders grow a
 * collection this one way (inline: the parser calls it per node). */
static inline void doc_coll_append(doc_node *coll, doc_node *n)
{
	if (coll->u.coll.last)
		coll->u.coll.last->next = n;
	else
		coll->u.coll.first = n;
	coll->u.coll.last = n;
	coll->u.coll.count++;
}

/* A cheap hash of a key, for small tables of one mapping's keys: its
 * length and three of its bytes (keys of one mapping rarely agree on all
 * four; a collision costs one compare). */
static inline unsigned doc_key_hash(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned h = (unsigned)n;
	if (n)
		h = ((h * 31u + u[0]) * 31u + u[n / 2]) * 31u + u[n - 1];
	return h ^ (h >> 7);
}

/* ---- scalar interpretation (YAML 1.1 core schema, plain scalars only for
 * null/bool/int; quoted scalars are always strings) ---- */
bool doc_is_null(const doc_node *n);          /* absent, ~, null, empty plain */
const char *doc_str(const doc_node *n);       /* scalar text, NULL if absent/null/not scalar */
typedef enum doc_type_rc { DOC_OK = 0, DOC_ABSENT = 1, DOC_BADTYPE = -1 } doc_type_rc;
doc_type_rc doc_int(const doc_node *n, long long *out);   /* accepts "12" quoted too */
doc_type_rc doc_bool(const doc_node *n, bool *out);       /* true/false/yes/no/on/off */
doc_type_rc doc_time(const doc_node *n, time_t *out);     /* ISO 8601 / RFC 3339 */

/* A short, printable description of a node for type errors: "a mapping",
 * "\"abc\"" (truncated). */
const char *doc_describe(const doc_node *n, char *buf, size_t n_buf);

#endif
