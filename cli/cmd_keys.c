/* cmd_keys.c — `keys`: the HUD's bindings in effect (the defaults with the
 * config's bind and unbind lines applied), from the same runtime keymap the
 * HUD draws its help and footer from. A script, a test or a user writing a
 * config reads the action names here. */
#include "cli/cli.h"
#include "core/model/config.h"
#include "tui/keymap.h"
#include <stdio.h>

static int cmd_keys(const lw_opts *o, const cli_args *a)
{
	if (cli_args_max(a, 0))
		return EXIT_USAGE;
	hud_keymap km;
	keymap_init(&km);
	strbuf warn;
	strbuf_init(&warn);
	keymap_apply(&km, o->cfg, &warn);
	if (warn.len)
		fputs(warn.buf, stderr);
	strbuf_free(&warn);
	printf("%-16s %-17s %s\n", "KEYS", "ACTION", "DOES");
	for (size_t i = 0; i < km.n; i++)
		printf("%-16s %-17s %s\n", km.v[i].label, km.v[i].act->name, km.v[i].act->help);
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_IO;
}

static const cli_option no_opts[] = { { NULL, 0, 0, NULL, NULL } };

const cli_command cmd_keys_entry = {
	"keys", "", "the HUD's key bindings, after the config's bind lines", NULL, no_opts, "", cmd_keys, false, false,
};
