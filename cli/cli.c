/* cli.c — placeholder until the command table lands. */
#include "cli/cli.h"
#include <stdio.h>
int cli_main(int argc, char **argv) { (void)argc; (void)argv; puts("liza-watch"); return 0; }
