/* keymap.h — the key bindings. A const table names every action with its
 * default keys; the HUD runs on a runtime copy (hud_keymap) that a config's
 * bind/unbind lines change. The footer, the help screen, the dispatcher and
 * `liza-watch keys` all read that copy, so what is shown cannot drift from
 * what works. */
#ifndef LW_KEYMAP_H
#define LW_KEYMAP_H
#include "tui/hud.h"
#include "core/model/config.h"

enum { HUD_KEYS_MAX = 8, HUD_ACTIONS_MAX = 64 };

typedef struct hud_action {
	const char *name;         /* what a bind line names: "approve" */
	int keys[4];              /* default key codes; 0 ends the list */
	const char *help;         /* what it does, for the help screen */
	const char *footer;       /* short word for the footer; NULL = help only */
	bool (*applies)(const hud *h);   /* NULL = always */
	void (*run)(hud *h);      /* NULL: opens the view of this action (tui/view.h), which says if it applies */
} hud_action;

/* Every action: the HUD's own, with the systems' (the registry's, each
 * name once, in registry order) after review. Built once; n set. */
const hud_action *keymap_actions(size_t *n);
/* Is it a system's action (core/model/action.h, from the registry)? act.h
 * says whether it applies and runs it, by name. */
bool keymap_is_system(const hud_action *a);

typedef struct hud_binding {
	const hud_action *act;
	int keys[HUD_KEYS_MAX];   /* 0 ends the list; none = unbound */
	char label[64];           /* "Up/k/J" from the keys, "-" when unbound */
} hud_binding;

typedef struct hud_keymap {
	hud_binding v[HUD_ACTIONS_MAX];
	size_t n;
} hud_keymap;

/* The defaults of the table. */
void keymap_init(hud_keymap *km);
/* KEY now runs ACTION (and nothing else). 0, or -1 with a message. */
int  keymap_bind(hud_keymap *km, const char *key, const char *action, char *err, size_t n);
/* KEY does nothing. 0, or -1 with a message. */
int  keymap_unbind(hud_keymap *km, const char *key, char *err, size_t n);
/* Apply a config's bind and unbind lines in order; a key or action name
 * that is not known is reported to warn as "file:line: message". */
void keymap_apply(hud_keymap *km, const lw_config *cfg, strbuf *warn);
/* The binding a key code runs, or NULL. */
const hud_binding *keymap_find(const hud_keymap *km, int code);
/* The action name a key runs ("down"), or NULL: for views with keys of
 * their own (detail, help, chooser) that follow the remapped movement keys. */
const char *keymap_action_of(const hud_keymap *km, int code);
bool keymap_binding_applies(const hud_binding *b, const hud *h);
/* Run a binding's action as its key does (the : line runs actions by name). */
void keymap_run(hud *h, const hud_binding *b);

#endif
