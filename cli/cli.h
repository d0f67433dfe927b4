#ifndef LW_CLI_H
#define LW_CLI_H
int cli_main(int argc, char **argv);
#endif
