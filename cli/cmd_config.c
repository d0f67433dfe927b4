/* cmd_config.c — `config`: every setting in effect, in config-file syntax,
 * each with the file and line that set it (or "built in"), so a user can
 * see which of the two files won and start a file of their own from it. */
#include "cli/cli.h"
#include "core/model/config.h"
#include <stdio.h>

static int cmd_config(const lw_opts *o, const cli_args *a)
{
	if (cli_args_max(a, 0))
		return EXIT_USAGE;
	strbuf out;
	strbuf_init(&out);
	lw_config_write(o->cfg, &out);
	bool ok = fwrite(out.buf, 1, out.len, stdout) == out.len && fflush(stdout) == 0;
	strbuf_free(&out);
	return ok ? EXIT_OK : EXIT_IO;
}

static const cli_option no_opts[] = { { NULL, 0, 0, NULL, NULL } };

const cli_command cmd_config_entry = {
	"config", "", "every setting in effect and the file that set it", NULL, no_opts, "", cmd_config, false, false,
};
