/* cmd_stubs.c — commands whose front ends have not landed yet. */
#include "cli/cli.h"

int cmd_demo(const lw_opts *o, int argc, char **argv) { (void)o; (void)argc; (void)argv; cli_error("demo: not built yet"); return EXIT_USAGE; }
