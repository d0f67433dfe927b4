/* keymap.h — one table of key bindings. The footer, the help screen and the
 * dispatcher all read it, so what is shown cannot drift from what works. */
#ifndef LW_KEYMAP_H
#define LW_KEYMAP_H
#include "tui/hud.h"

typedef struct hud_binding {
	int keys[4];              /* key codes; 0 ends the list */
	const char *label;        /* how the footer and help name the keys */
	const char *help;         /* what it does, for the help screen */
	const char *footer;       /* short word for the footer; NULL = help only */
	bool (*applies)(const hud *h);   /* NULL = always */
	void (*run)(hud *h);
} hud_binding;

extern const hud_binding hud_bindings[];
extern const size_t hud_nbindings;
bool binding_applies(const hud_binding *b, const hud *h);

#endif
