/* keymap_edit.c — the runtime keymap: a copy of the table's defaults that
 * bind and unbind lines change. Labels are rebuilt from the key codes after
 * every change, so the footer and the help screen name the keys that work. */
#include "tui/keymap.h"
#include "tui/keyname.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void relabel(hud_binding *b)
{
	size_t used = 0;
	b->label[0] = '\0';
	char prev[32] = "";
	for (int k = 0; k < HUD_KEYS_MAX && b->keys[k]; k++) {
		char name[32];
		keyname_of(b->keys[k], name, sizeof name);
		if (strcmp(name, prev) == 0)
			continue;   /* \n, \r and KEY_ENTER are one "Enter" */
		/* An earlier key of the same name (Enter bound twice apart). */
		bool seen = false;
		for (int j = 0; j < k && !seen; j++) {
			char other[32];
			seen = strcmp(keyname_of(b->keys[j], other, sizeof other), name) == 0;
		}
		if (!seen && used < sizeof b->label)
			used += (size_t)snprintf(b->label + used, sizeof b->label - used, "%s%s", used ? "/" : "", name);
		snprintf(prev, sizeof prev, "%s", name);
	}
	if (!b->label[0])
		snprintf(b->label, sizeof b->label, "-");
}

void keymap_init(hud_keymap *km)
{
	memset(km, 0, sizeof *km);
	size_t n;
	const hud_action *acts = keymap_actions(&n);
	for (size_t i = 0; i < n; i++) {
		hud_binding *b = &km->v[km->n++];
		b->act = &acts[i];
		for (int k = 0; k < 4 && acts[i].keys[k]; k++)
			b->keys[k] = acts[i].keys[k];
		relabel(b);
	}
}

/* Take code off every binding that has it. */
static void drop_code(hud_keymap *km, int code)
{
	for (size_t i = 0; i < km->n; i++) {
		hud_binding *b = &km->v[i];
		int w = 0;
		bool changed = false;
		for (int k = 0; k < HUD_KEYS_MAX && b->keys[k]; k++) {
			if (b->keys[k] == code)
				changed = true;
			else
				b->keys[w++] = b->keys[k];
		}
		for (int k = w; k < HUD_KEYS_MAX; k++)
			b->keys[k] = 0;
		if (changed)
			relabel(b);
	}
}

static int parse_key(const char *key, int *codes, char *err, size_t n)
{
	int nc = keyname_parse(key, codes, HUD_KEYS_MAX);
	if (nc < 0)
		snprintf(err, n, "unknown key '%.40s' (a character, C-x, F1-F12, or Up Down Left Right PgUp PgDn "
		         "Home End Tab S-Tab Enter Esc Space Backspace Delete Insert)", key);
	return nc;
}

static int keymap_bind_raw(hud_keymap *km, const char *key, const char *action, char *err, size_t n);

/* quit and help must keep a key each: a config must not lock the operator
 * in a HUD they cannot leave or ask about. The action that lost its last
 * key, or NULL. */
static const char *lost_exit(const hud_keymap *km)
{
	static const char *const keep[] = { "quit", "help" };
	for (size_t j = 0; j < sizeof keep / sizeof *keep; j++)
		for (size_t i = 0; i < km->n; i++)
			if (strcmp(km->v[i].act->name, keep[j]) == 0 && !km->v[i].keys[0])
				return keep[j];
	return NULL;
}

static int keep_exits(hud_keymap *km, const hud_keymap *before, const char *key, char *err, size_t n)
{
	const char *lost = lost_exit(km);
	if (!lost)
		return 0;
	*km = *before;
	snprintf(err, n, "'%.40s' is the last key of %s, which must keep one (bind another key to %s first)", key,
	         lost, lost);
	return -1;
}

int keymap_bind(hud_keymap *km, const char *key, const char *action, char *err, size_t n)
{
	hud_keymap before = *km;
	int rc = keymap_bind_raw(km, key, action, err, n);
	return rc < 0 ? rc : keep_exits(km, &before, key, err, n);
}

static int keymap_bind_raw(hud_keymap *km, const char *key, const char *action, char *err, size_t n)
{
	hud_binding *b = NULL;
	for (size_t i = 0; i < km->n && !b; i++)
		if (strcmp(km->v[i].act->name, action) == 0)
			b = &km->v[i];
	if (!b) {
		snprintf(err, n, "unknown action '%.40s' (liza-watch keys lists them)", action);
		return -1;
	}
	int codes[HUD_KEYS_MAX];
	int nc = parse_key(key, codes, err, n);
	if (nc < 0)
		return -1;
	int have = 0;
	while (have < HUD_KEYS_MAX && b->keys[have])
		have++;
	int added = 0;
	for (int c = 0; c < nc; c++) {
		bool already = false;
		for (int k = 0; k < have; k++)
			already |= b->keys[k] == codes[c];
		if (!already)
			added++;
	}
	if (have + added > HUD_KEYS_MAX) {
		snprintf(err, n, "%s has %d keys already; unbind one first", action, have);
		return -1;
	}
	/* A key does one thing: it leaves whatever it did before. */
	for (int c = 0; c < nc; c++)
		drop_code(km, codes[c]);
	have = 0;
	while (have < HUD_KEYS_MAX && b->keys[have])
		have++;
	for (int c = 0; c < nc; c++)
		b->keys[have++] = codes[c];
	relabel(b);
	return 0;
}

int keymap_unbind(hud_keymap *km, const char *key, char *err, size_t n)
{
	int codes[HUD_KEYS_MAX];
	int nc = parse_key(key, codes, err, n);
	if (nc < 0)
		return -1;
	hud_keymap before = *km;
	for (int c = 0; c < nc; c++)
		drop_code(km, codes[c]);
	return keep_exits(km, &before, key, err, n);
}

void keymap_apply(hud_keymap *km, const lw_config *cfg, strbuf *warn)
{
	for (size_t i = 0; i < cfg->nbinds; i++) {
		const lw_bind *b = &cfg->binds[i];
		char err[300];
		int rc = b->action ? keymap_bind(km, b->key, b->action, err, sizeof err)
		                   : keymap_unbind(km, b->key, err, sizeof err);
		if (rc < 0)
			lw_warn_append(warn, b->file, b->line, "%s", err);
	}
}

const hud_binding *keymap_find(const hud_keymap *km, int code)
{
	for (size_t i = 0; i < km->n; i++)
		for (int k = 0; k < HUD_KEYS_MAX && km->v[i].keys[k]; k++)
			if (km->v[i].keys[k] == code)
				return &km->v[i];
	return NULL;
}

const char *keymap_action_of(const hud_keymap *km, int code)
{
	const hud_binding *b = keymap_find(km, code);
	return b ? b->act->name : NULL;
}
