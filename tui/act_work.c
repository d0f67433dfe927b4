/* act_work.c — acting on the work of the selected task: open its worktree
 * in the operator's editor or a shell there (the HUD steps aside and comes
 * back), or copy its id or its folder to the clipboard through the
 * terminal (OSC 52). The programs come from the operator's environment
 * ($VISUAL, $EDITOR, $SHELL), never from a project's files; the folder is
 * the task's worktree only when it lies inside the project (as review
 * checks it), else the project folder. */
#include "tui/act_work.h"
#include "tui/clip.h"
#include "core/review/review.h"
#include "core/util/fdlimit.h"
#include "core/util/progpath.h"
#include <curses.h>
#include <nettle/base64.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

bool act_work_can(const hud *h) { return hud_selected(h) != NULL; }

/* The folder the selected task's work is in. false with a message. */
static bool work_dir(hud *h, char *out, size_t n)
{
	const hud_item *it = hud_selected(h);
	if (!it)
		return false;
	const char *project = hud_source_dir(h, it->src);
	if (it->task->worktree && *it->task->worktree) {
		char msg[512];
		int rc = lw_review_path_ok(project, "worktree", it->task->worktree, out, n, msg, sizeof msg);
		if (rc == 0)
			return true;
		if (rc < 0) {
			hud_message(h, true, "%s", msg);
			return false;
		}
	}
	if (!realpath(project, out)) {
		hud_message(h, true, "%s: cannot be opened", project);
		return false;
	}
	return true;
}

/* Run argv in dir on the terminal, the HUD suspended until it ends. */
static void run_here(hud *h, const char *dir, char *const argv[])
{
	def_prog_mode();
	endwin();
	/* ^C in the program is the program's: the HUD does not quit on it. */
	struct sigaction ign = { .sa_handler = SIG_IGN }, old_int, old_quit;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	pid_t pid = fork();
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		signal(SIGPIPE, SIG_DFL);
		lw_fdlimit_restore();   /* the program gets the limit it would have had */
		if (chdir(dir) == 0)
			execv(argv[0], argv);
		_exit(127);
	}
	int status = 0;
	if (pid > 0)
		while (waitpid(pid, &status, 0) < 0 && pid > 0)
			;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	reset_prog_mode();
	clearok(curscr, TRUE);
	refresh();
	h->dirty = DIRTY_ALL;
	if (pid < 0)
		hud_message(h, true, "could not start a program");
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		hud_message(h, true, "%s: could not run it in %s", argv[0], dir);
	else
		hud_message(h, false, "back from %s", dir);
}

/* The editor as the operator's shell would run it ($EDITOR may hold
 * options: the words after the first are split by the shell, as ${EDITOR}
 * always was), its program found on PATH's absolute folders, never the
 * project's. *opts: the words after it. */
static bool editor(hud *h, const lw_source *src, char *prog, size_t n, const char **opts)
{
	const char *ed = getenv("VISUAL");
	if (!ed || !*ed)
		ed = getenv("EDITOR");
	if (!ed || !*ed)
		ed = "vi";
	ed += strspn(ed, " \t\n");
	size_t wl = strcspn(ed, " \t\n");
	char word[1024], why[1200];
	snprintf(word, sizeof word, "%.*s", (int)(wl < sizeof word ? wl : sizeof word - 1), ed);
	if (!lw_progpath_find(word, hud_source_dir(h, src), prog, n, why, sizeof why)) {
		hud_message(h, true, "editor %s", why);
		return false;
	}
	*opts = ed + wl;
	return true;
}

void act_work_edit(hud *h)
{
	char dir[4096];
	if (!work_dir(h, dir, sizeof dir))
		return;
	/* Its program found here, before the change of folder; the folder is
	 * an argument, never part of the command text. */
	char prog[4096];
	const char *opts;
	if (!editor(h, hud_selected(h)->src, prog, sizeof prog, &opts))
		return;
	char *argv[] = { (char *)"/bin/sh", (char *)"-c", (char *)"exec \"$2\" $3 \"$1\"",
	                 (char *)"liza-watch-editor", dir, prog, (char *)opts, NULL };
	run_here(h, dir, argv);
}

void act_work_edit_at(hud *h, const lw_source *src, const char *file, unsigned line)
{
	char path[4096], dir[4096], at[32], prog[4096];
	const char *opts;
	if (!realpath(file, path)) {
		hud_message(h, true, "%s: cannot be opened", file);
		return;
	}
	if (!realpath(hud_source_dir(h, src), dir)) {
		hud_message(h, true, "%s: cannot be opened", hud_source_dir(h, src));
		return;
	}
	if (!editor(h, src, prog, sizeof prog, &opts))
		return;
	snprintf(at, sizeof at, "+%u", line);
	/* +LINE FILE, as vi, emacs, nano and less take it; both are arguments. */
	char *argv[] = { (char *)"/bin/sh", (char *)"-c", (char *)"exec \"$2\" $3 \"$4\" \"$1\"",
	                 (char *)"liza-watch-editor", path, prog, (char *)opts, at, NULL };
	run_here(h, dir, argv);
}

void act_work_shell(hud *h)
{
	char dir[4096];
	if (!work_dir(h, dir, sizeof dir))
		return;
	const char *sh = getenv("SHELL");
	char prog[4096], why[1200];
	if (!sh || !*sh)
		sh = "/bin/sh";
	if (!lw_progpath_find(sh, hud_source_dir(h, hud_selected(h)->src), prog, sizeof prog, why, sizeof why)) {
		hud_message(h, true, "shell %s", why);
		return;
	}
	char *argv[] = { prog, NULL };
	run_here(h, dir, argv);
}

/* OSC 52: the terminal puts base64 text on the clipboard. Inside tmux the
 * plain sequence is what tmux takes (with `set -g set-clipboard on` it
 * becomes a tmux buffer and goes on to the outer terminal); the copy
 * wrapped for tmux's passthrough reaches the outer terminal when
 * `allow-passthrough` is on instead. A terminal given both sets the same text. */
static void osc52(const char *text)
{
	/* Nettle's encoder (a dependency already: SHA-256, HMAC). What does
	 * not fit is cut at a whole group of three bytes: 3069 bytes of text. */
	char enc[4096];
	size_t n = strlen(text), most = (sizeof enc - 1) / 4 * 3;
	if (n > most)
		n = most;
	base64_encode_raw(enc, n, (const uint8_t *)text);
	enc[BASE64_ENCODE_RAW_LENGTH(n)] = '\0';
	const char *tmux = getenv("TMUX");
	char seq[8400];
	int len = snprintf(seq, sizeof seq, "\033]52;c;%s\a", enc);
	if (tmux && *tmux)
		snprintf(seq + len, sizeof seq - (size_t)len, "\033Ptmux;\033\033]52;c;%s\a\033\\", enc);
	fflush(stdout);
	ssize_t w = write(STDOUT_FILENO, seq, strlen(seq));
	(void)w;
}

/* Inside tmux its paste buffer first: tmux's default set-clipboard
 * (external) drops an application's OSC 52, so "copied" would be untrue.
 * Elsewhere OSC 52, said as sent: whether it arrives is the terminal's. */
static void copy(hud *h, const char *text)
{
	if (clip_tmux(text)) {
		hud_message(h, false, "copied %s to tmux's paste buffer (prefix ] pastes; the clipboard too where tmux may set it)",
		            text);
		return;
	}
	osc52(text);
	if (getenv("TMUX") && *getenv("TMUX"))
		hud_message(h, true, "%s sent as OSC 52, but tmux load-buffer failed: with tmux's set-clipboard "
		            "external (its default) nothing arrives (set -g set-clipboard on)", text);
	else
		hud_message(h, false, "sent %s to the terminal's clipboard (OSC 52: arrives where the terminal allows it)",
		            text);
}

void act_work_copy_id(hud *h)
{
	const hud_item *it = hud_selected(h);
	if (!it)
		return;
	char key[256];
	snprintf(key, sizeof key, "%s:%s", it->task->system, it->task->id);
	copy(h, key);
}

void act_work_copy_path(hud *h)
{
	char dir[4096];
	if (!work_dir(h, dir, sizeof dir))
		return;
	copy(h, dir);
}
