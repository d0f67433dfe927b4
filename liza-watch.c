/* liza-watch.c — main() only: the command line is parsed and dispatched in cli/. */
#include "cli/cli.h"

int main(int argc, char **argv) { return cli_main(argc, argv); }
