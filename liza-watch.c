/* liza-watch.c — main() only: the command line is parsed and dispatched in cli/. */
#include "cli/cli.h"
#include "core/util/memtune.h"

int main(int argc, char **argv)
{
	lw_memory_tune();
	return cli_main(argc, argv);
}
