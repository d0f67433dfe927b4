/* lizago_archive.c — a terminal task's record read back from Liza's archive
 * as Liza reads it before any check (liza-mas/liza 4717d7a:
 * internal/db/terminal_archive.go readTerminalTask, restoreTerminalTasks;
 * internal/archiveobject/objects.go Path, Digest, IsDigest). The digest is
 * the SHA-256 of the object file's exact bytes (the envelope and its
 * newline), so the object is verified before a byte of it is believed.
 * Stricter than Liza where a watcher must be: the object is opened beneath
 * .liza/archive only (no symlink out of it, store_open_beneath), must be a
 * regular file (a FIFO never blocks a read) and at most
 * LIZAGO_ARCHIVE_MAX_BYTES. Read objects are kept, keyed by digest and the
 * file's identity: a reload whose archive did not change costs an open and
 * an fstat per archived task, no read, no hash, no parse. */
#include "systems/liza/go/lizago_archive.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "core/store/store.h"
#include "core/util/sha256.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct kept {
	char sha[65];
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtim, ctim;
	char *yaml;               /* the record's YAML (the doc's source) */
	doc task;
	struct kept *next;
} kept;

/* Never freed: restored nodes live in snapshots the HUD keeps. Immutable
 * objects make this a bounded set (one per archived task read). */
static kept *kept_head;

static bool is_digest(const char *s)
{
	if (!s || strlen(s) != 64)
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
			return false;
	return true;
}

static const doc_node *val(const doc_node *m, const char *k) { return doc_get(m, k); }

/* A JSON string member: double-quoted in the text (a number or null is
 * Go's "cannot unmarshal"). */
static bool json_string(const doc_node *n) { return n && n->kind == DOC_SCALAR && n->style == DOC_DOUBLE; }

char *lizago_archive_envelope(arena *a, const char *bytes, size_t len, const char *task_id, const char **reason)
{
	doc d;
	lw_error err;
	lw_error_clear(&err);
	if (doc_parse(&d, bytes, len, "object", NULL, &err) < 0) {
		*reason = arena_printf(a, "decode: %s", err.msg);
		doc_free(&d);   /* a failed parse keeps its arena (fuzz_archive found the leak) */
		return NULL;
	}
	char *out = NULL;
	const doc_node *r = doc_deref(d.root);
	*reason = NULL;
	if (!r || r->kind != DOC_MAP || r->style != DOC_FLOW) {
		*reason = "decode: json: cannot unmarshal into the envelope (not an object)";
		goto done;
	}
	for (const doc_node *k = doc_map_first(r); k; k = doc_map_next(k)) {
		const char *key = doc_str(k);
		if (!key || (strcmp(key, "format_version") && strcmp(key, "task_id") && strcmp(key, "field") &&
		             strcmp(key, "value_yaml"))) {
			*reason = arena_printf(a, "decode: json: unknown field \"%.64s\"", key ? key : "");
			goto done;
		}
	}
	const doc_node *fv = val(r, "format_version"), *tid = val(r, "task_id"), *fld = val(r, "field"),
	               *vy = val(r, "value_yaml");
	long long v = 0;
	if ((fv && (fv->kind != DOC_SCALAR || fv->style != DOC_PLAIN || doc_int(fv, &v) != DOC_OK)) ||
	    (tid && !json_string(tid)) || (fld && !json_string(fld)) || (vy && !json_string(vy))) {
		*reason = "decode: json: cannot unmarshal a member of the envelope (wrong type)";
		goto done;
	}
	const char *yaml = doc_str(vy);
	if (v != 2 || !fld || strcmp(doc_str(fld), "terminal_task") != 0 || !tid || strcmp(doc_str(tid), task_id) != 0 ||
	    !yaml || !*yaml) {
		*reason = "unsupported envelope or task identity";
		goto done;
	}
	out = strdup(yaml);
	if (!out)
		*reason = "decode: out of memory";
done:
	doc_free(&d);
	return out;
}

static const doc_node *fail(arena *a, const char **msg, const char *id, const char *sha, const char *path,
                        const char *reason)
{
	*msg = arena_printf(a, "task %s terminal archive %s (%s): %s", id, sha ? sha : "", path ? path : "", reason);
	return NULL;
}

/* The row holds nothing but its identity and the reference (Go compares
 * the decoded row with {id, status, created, terminal_archive}: a key its
 * model drops would not count, a zero value would not either). */
static bool bare_stub(const doc_node *stub)
{
	for (const doc_node *k = doc_map_first(stub); k; k = doc_map_next(k)) {
		const char *key = doc_str(k);
		const doc_node *v = doc_deref(k->next);
		if (key && (!strcmp(key, "id") || !strcmp(key, "status") || !strcmp(key, "created") ||
		            !strcmp(key, "terminal_archive")))
			continue;
		if (doc_is_null(v) || ((v->kind == DOC_SEQ || v->kind == DOC_MAP) && doc_len(v) == 0))
			continue;
		const char *s = doc_str(v);
		if (s && (!strcmp(s, "") || !strcmp(s, "0") || !strcmp(s, "false")))
			continue;
		return false;
	}
	return true;
}

static const doc_node *check_record(arena *a, const char **msg, const doc_node *stub, const doc *task,
                                    const char *id, const char *sha, const char *path)
{
	const doc_node *r = doc_deref(task->root);
	if (!r || r->kind != DOC_MAP)
		return fail(a, msg, id, sha, path, "decode task: the record is not a mapping");
	if (doc_get_key(r, "terminal_archive") && !doc_is_null(doc_get(r, "terminal_archive")))
		return fail(a, msg, id, sha, path, "recursive terminal archive");
	const char *rid = doc_str(doc_get(r, "id")), *rst = doc_str(doc_get(r, "status"));
	const char *st = doc_str(doc_get(stub, "status"));
	time_t c1 = 0, c2 = 0;
	bool t1 = doc_time(doc_get(r, "created"), &c1) == DOC_OK, t2 = doc_time(doc_get(stub, "created"), &c2) == DOC_OK;
	if (!rid || strcmp(rid, id) != 0 || !rst || !st || strcmp(rst, st) != 0 || t1 != t2 || c1 != c2 ||
	    !lizago_terminal(rst))
		return fail(a, msg, id, sha, path, "task identity, status or created timestamp mismatch");
	return r;
}

const doc_node *lizago_archive_restore(arena *a, const char *liza_dir, const doc_node *stub, const char **path,
                                       const char **msg)
{
	stub = doc_deref(stub);
	const char *id = doc_str(doc_get(stub, "id")) ? doc_str(doc_get(stub, "id")) : "";
	const doc_node *ref = doc_get(stub, "terminal_archive");
	const char *sha = doc_str(doc_get(ref, "sha256"));
	*path = NULL;
	*msg = NULL;
	char rel[128];
	if (is_digest(sha)) {
		snprintf(rel, sizeof rel, "objects/%.2s/%s.json", sha, sha);
		*path = arena_printf(a, "%s/archive/%s", liza_dir, rel);
	}
	time_t at;
	if (!*path || doc_time(doc_get(ref, "archived_at"), &at) != DOC_OK || !lizago_terminal(doc_str(doc_get(stub, "status"))))
		return fail(a, msg, id, sha, *path, "invalid reference or non-terminal task");
	if (!bare_stub(stub))
		return fail(a, msg, id, sha, *path, "physical terminal row contains live payload fields");
	char archive[4096];
	snprintf(archive, sizeof archive, "%s/archive", liza_dir);
	struct stat ast;
	if (lstat(archive, &ast) == 0 && S_ISLNK(ast.st_mode))
		return fail(a, msg, id, sha, *path, "open: .liza/archive is a symlink (liza-watch reads objects only inside it)");
	lw_error err;
	lw_error_clear(&err);
	int fd = store_open_beneath(archive, *path, &err);
	if (fd < 0)
		return fail(a, msg, id, sha, *path,
		            arena_printf(a, "open %s: %s", *path, errno == ENOENT ? "no such file or directory" : err.msg));
	struct stat fst;
	if (fstat(fd, &fst) != 0 || !S_ISREG(fst.st_mode)) {
		close(fd);
		return fail(a, msg, id, sha, *path, "read: not a regular file");
	}
	for (kept *k = kept_head; k; k = k->next)
		if (!strcmp(k->sha, sha) && k->dev == fst.st_dev && k->ino == fst.st_ino && k->size == fst.st_size &&
		    k->mtim.tv_sec == fst.st_mtim.tv_sec && k->mtim.tv_nsec == fst.st_mtim.tv_nsec &&
		    k->ctim.tv_sec == fst.st_ctim.tv_sec && k->ctim.tv_nsec == fst.st_ctim.tv_nsec) {
			close(fd);
			return check_record(a, msg, stub, &k->task, id, sha, *path);
		}
	if ((unsigned long long)fst.st_size > LIZAGO_ARCHIVE_MAX_BYTES) {
		close(fd);
		return fail(a, msg, id, sha, *path,
		            arena_printf(a, "read: %lld bytes, above liza-watch's %u-byte bound for an archive object",
		                         (long long)fst.st_size, LIZAGO_ARCHIVE_MAX_BYTES));
	}
	char *buf;
	size_t len;
	int rc = store_read_fd(fd, *path, LIZAGO_ARCHIVE_MAX_BYTES, &buf, &len, &err);
	close(fd);
	if (rc != STORE_OK)
		return fail(a, msg, id, sha, *path, arena_printf(a, "read: %s", err.msg));
	char hex[65];
	if (strcmp(lw_sha256_hex_of(buf, len, hex), sha) != 0) {
		free(buf);
		return fail(a, msg, id, sha, *path, "digest mismatch");
	}
	const char *reason;
	char *yaml = lizago_archive_envelope(a, buf, len, id, &reason);
	free(buf);
	if (!yaml)
		return fail(a, msg, id, sha, *path, reason);
	kept *k = calloc(1, sizeof *k);
	if (!k) {
		free(yaml);
		return fail(a, msg, id, sha, *path, "decode task: out of memory");
	}
	if (doc_parse(&k->task, yaml, strlen(yaml), *path, NULL, &err) < 0) {
		const char *why = strstr(err.msg, "more than one") ? "trailing task YAML document"
		                                                   : arena_printf(a, "decode task: %s", err.msg);
		doc_free(&k->task);
		free(yaml);
		free(k);
		return fail(a, msg, id, sha, *path, why);
	}
	const doc_node *r = check_record(a, msg, stub, &k->task, id, sha, *path);
	if (!r) {   /* kept only once its payload matches: a failed read authorizes nothing */
		doc_free(&k->task);
		free(yaml);
		free(k);
		return NULL;
	}
	memcpy(k->sha, sha, 65);
	k->dev = fst.st_dev;
	k->ino = fst.st_ino;
	k->size = fst.st_size;
	k->mtim = fst.st_mtim;
	k->ctim = fst.st_ctim;
	k->yaml = yaml;
	k->next = kept_head;
	kept_head = k;
	return r;
}
