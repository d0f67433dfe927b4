#!/usr/bin/env bash
# Shell completion: the bash script registers itself for liza-watch and
# completes commands, global and per-command options, theme names and the
# events of a transition (COMP_WORDS / COMP_LINE as bash would set them,
# words split at ':' included); the zsh script parses, registers with
# compinit, and completes in a real interactive zsh (when zsh is there).
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
root=$(cd "$LW_TESTS/.." && pwd)
bash_comp=$root/completions/liza-watch.bash
zsh_comp=$root/completions/_liza-watch
tmp=$(mktemp -d /tmp/lw-comp.XXXXXX) && tmp=$(cd "$tmp" && pwd -P); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
# The completions ask the program (liza-watch __complete): the one under test.
PATH=$(dirname "$LW_BIN"):$PATH
export PATH

out=$(bash --norc --noprofile -c '. "$1" && complete -p liza-watch' _ "$bash_comp") || fail "sourcing the bash completion"
[ "$out" = "complete -F _liza_watch liza-watch" ] || fail "complete -p: $out"

. "$LW_TESTS/complete-lib.sh"
expect_cmds() { complete_line 'liza-watch '; }
expect() {
	local got
	got=$(complete_line "$1")
	[ "$got" = "$2" ] || fail "completing '$1': got '$got', want '$2'"
}
expect 'liza-watch ' 'approve check config demo events export hud keys metrics queue reject review status transition '
# The command table is where these come from: every command, metrics and events too.
[ "$(expect_cmds)" = "$("$LW_BIN" __complete commands | sort | tr '\n' ' ')" ] || fail "bash offers $(expect_cmds)"
expect 'liza-watch metrics --' '--follow --output '
# An option's value is what the program says it is: FILE completes to files.
expect 'liza-watch metrics --output comp' 'complete.bash '

expect 'liza-watch events --' '--follow --json '
expect 'liza-watch ch' 'check '
expect 'liza-watch --no-c' '--no-color '
expect 'liza-watch --n' '--no-color --no-mouse '
expect 'liza-watch --' '--as --help --no-color --no-mouse --poll --reset-ui --theme --version '
expect 'liza-watch --r' '--reset-ui '
expect 'liza-watch -C /tmp --as me st' 'status '
expect 'liza-watch status --' '--follow --format --json --tmux '
expect 'liza-watch check --' '--follow --json '
expect 'liza-watch reject task-3 --r' '--reason '
expect 'liza-watch transition task-3 --a' '--all-sessions '
# Theme names are the program's: built in, and those of its theme folders.
expect 'liza-watch --theme mo' 'mono '
LIZA_WATCH_THEMES=$root/themes expect 'liza-watch --theme so' 'solarized-dark '
# A task's events only, never the loop's levers (stop, redirect).
expect 'liza-watch transition aot:A2 re' 'reset resolve '
expect 'liza-watch transition aot ' 'redirect stop '
expect 'liza-watch transition rcs:forge ' 'activate clear '
expect 'liza-watch transition --reason why foreman:DEMO-3 ex' 'executing '
expect 'liza-watch transition liza pa' 'pause '
expect 'liza-watch transition fo' 'foreman: '
expect 'liza-watch --as ' ''
expect 'liza-watch demo --' '--interval --keep --liza-go --no-hud --seed --ticks '
expect 'liza-watch -C /tmp/x review --max-lines ' ''
mkdir -p "$tmp/proj.d"
expect 'liza-watch -C pro' 'proj.d '
# A theme of the user's own, found by name where the program finds it (the
# user's config folder); one in the current folder is not offered, as the
# program would not find it there.
mkdir -p "$tmp/xdg/liza-watch/themes" "$tmp/themes"
: > "$tmp/xdg/liza-watch/themes/mine.theme"
: > "$tmp/themes/here.theme"
XDG_CONFIG_HOME=$tmp/xdg expect 'liza-watch --theme mi' 'mine '
expect 'liza-watch --theme he' ''
# demo --no-hud DIR: the operand is a folder.
expect 'liza-watch demo --no-hud pro' 'proj.d '
# The scripts keep no list of their own: no global option but -C (the one
# that names the project the program is asked about), no theme name or folder.
for f in "$bash_comp" "$zsh_comp"; do
	grep -vE '^[[:space:]]*#' "$f" |
		grep -nE -- "--(as|theme|no-color|no-mouse|poll|reset-ui|help|version)\b|solarized|high-contrast|'mono'|themes/|share/liza" &&
		fail "$f keeps a list of its own"
done

# Task ids come from the project's state as it is now: a task the state
# file gains completes at once, bare and qualified, for approve too.
cp -r "$LW_TESTS/fixtures/hud/basic" "$tmp/p"
expect "liza-watch -C $tmp/p transition rev" 'review-1 '
expect "liza-watch -C $tmp/p transition fresh" ''
sed -i 's/^tasks:$/tasks:\n  - id: fresh-7\n    description: arrived after the first completion\n    status: UNCLAIMED\n    spec_ref: s\n    done_when: d/' \
	"$tmp/p/.liza/state.yaml"
expect "liza-watch -C $tmp/p transition fresh" 'fresh-7 '
expect "liza-watch -C $tmp/p approve liza:rev" 'review-1 '
# What cannot apply is not offered: approve lists the tasks in review only
# (not fresh-7, UNCLAIMED); an UNCLAIMED task's events are its row's (block,
# note), a system alone offers its levers as its state allows (no resume
# while running, no verdict).
expect "liza-watch -C $tmp/p approve liza:fre" ''
expect "liza-watch -C $tmp/p reject " 'acp: liza: liza:review-1 review-1 '
expect "liza-watch -C $tmp/p transition fresh-7 " 'block note '
expect "liza-watch -C $tmp/p transition review-1 " 'approve note reject '
expect "liza-watch -C $tmp/p transition liza " 'abort note pause '
touch "$tmp/p/.liza/PAUSE"
expect "liza-watch -C $tmp/p transition liza " 'abort note resume '
rm "$tmp/p/.liza/PAUSE"
# An id that is not a plain word is never offered (the shell would expand it).
sed -i 's/^tasks:$/tasks:\n  - id: "$(touch pwned)"\n    status: DRAFT/' "$tmp/p/.liza/state.yaml"
expect "liza-watch -C $tmp/p transition \$" ''
[ ! -e "$tmp/pwned" ] || fail "a task id ran as a command"

if ! command -v zsh >/dev/null; then echo "ok (zsh not installed: zsh completion not checked)"; exit 0; fi
zsh -n "$zsh_comp" || fail "zsh completion does not parse"
ZDOTDIR=$tmp zsh -f -c 'fpath=("$1" $fpath); autoload -U compinit; compinit -u -D; print -r -- $_comps[liza-watch]' \
	_ "$root/completions" > "$tmp/reg" 2>&1
[ "$(cat "$tmp/reg")" = "_liza-watch" ] || fail "compinit does not register _liza-watch: $(cat "$tmp/reg")"
# Type into an interactive zsh and read the line back after Tab.
cat > "$tmp/drive.zsh" <<'ZSH'
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D; PS1='> '; unsetopt beep"
shift
for line in "$@"; do
	zpty -w -n z "${line%%=>*}"$'\t'
	want=${line#*=>}
	got="" end=$(( SECONDS + 10 ))
	while (( SECONDS < end )); do
		zpty -r -t z chunk && got+=$chunk || sleep 0.1
		[[ ${got//$'\e'\[[0-9;?]#[a-zA-Z]/} == *"$want"* ]] && break
	done
	[[ ${got//$'\e'\[[0-9;?]#[a-zA-Z]/} == *"$want"* ]] || { print -r -- "no '$want' after '${line%%=>*}'"; exit 1; }
	zpty -w -n z $'\C-u'
done
zpty -d z
ZSH
out=$(LIZA_WATCH_THEMES=$root/themes ZDOTDIR=$tmp timeout 60 zsh -f "$tmp/drive.zsh" "$root/completions" \
	'liza-watch sta=>liza-watch status' \
	'liza-watch metr=>liza-watch metrics' \
	'liza-watch metrics --outp=>liza-watch metrics --output' \
	'liza-watch status --form=>liza-watch status --format' \
	'liza-watch transition aot:A2 reso=>liza-watch transition aot:A2 resolve' \
	'liza-watch --theme solar=>liza-watch --theme solarized-dark' \
	"liza-watch -C $tmp/p transition fresh=>liza-watch -C $tmp/p transition fresh-7" \
	"liza-watch -C $tmp/p approve rev=>liza-watch -C $tmp/p approve review-1" 2>&1) || fail "zsh: $out"
echo ok
