/* liza-watch.c — main() only: the command line is parsed and dispatched in cli/. */
#include "cli/cli.h"
#include "core/util/fdlimit.h"
#include "core/util/memtune.h"

int main(int argc, char **argv)
{
	lw_memory_tune();
	lw_fdlimit_raise();   /* a project per inotify instance: up to the hard limit */
	return cli_main(argc, argv);
}
