# bash completion for liza-watch(1).
# Installed as $(PREFIX)/share/bash-completion/completions/liza-watch, where
# bash-completion loads it on first use; or source it from ~/.bashrc.
# Completes the global options, the commands, each command's options,
# directories after -C, theme names after --theme, the TASK of approve,
# reject, transition and review (the task ids present, and the systems) and
# the events of `transition TASK EVENT` (TASK's system's), asking the
# program: the commands, their options and operands come from its command
# table, so no list here can fall behind.

_liza_watch_themes()
{
	# The theme lookup of liza-watch-themes(5); the data dir is set at install.
	local datadir=/usr/local/share/liza-watch d f names="default mono solarized-dark high-contrast"
	for d in "${LIZA_WATCH_THEMES:-}" ./themes "$datadir/themes"; do
		[ -n "$d" ] && [ -d "$d" ] || continue
		for f in "$d"/*.theme; do
			[ -e "$f" ] || continue
			f=${f##*/}
			names="$names ${f%.theme}"
		done
	done
	printf '%s\n' $names | sort -u
}

# The program answers for itself (`liza-watch __complete`, hidden from
# --help): the systems and their events come from its registry, and the
# task ids from the state in the project (-C DIR), so nothing here is a
# copy that could fall behind. It prints only plain words (no shell syntax).
_liza_watch_ask()
{
	local dir=$_lw_dir
	[[ $dir == "~/"* ]] && dir=$HOME/${dir#"~/"}
	if [ -n "$dir" ]; then "$_lw_prog" -C "$dir" __complete "$@" 2>/dev/null
	else "$_lw_prog" __complete "$@" 2>/dev/null; fi
}

# COMPREPLY from a word list for the word being completed. bash splits
# words at ':' (COMP_WORDBREAKS), so for "aot:A" it replaces only "A": the
# candidates lose the part before the last colon to match.
_liza_watch_reply()
{
	COMPREPLY=($(compgen -W "$1" -- "$2"))
	if [[ $2 == *:* && $COMP_WORDBREAKS == *:* ]]; then
		local prefix=${2%"${2##*:}"} i
		local kept=()
		for i in "${!COMPREPLY[@]}"; do
			[ -n "${COMPREPLY[i]#"$prefix"}" ] && kept+=("${COMPREPLY[i]#"$prefix"}")
		done
		COMPREPLY=("${kept[@]}")
	fi
}

_liza_watch()
{
	# Words as typed, whitespace-separated: "rcs:forge" stays one word
	# (COMP_WORDS would hold "rcs", ":", "forge").
	local words line
	if [ -n "${COMP_LINE:-}" ]; then
		line=${COMP_LINE:0:${COMP_POINT:-${#COMP_LINE}}}
		read -ra words <<< "$line"
		[[ -z $line || $line == *[[:space:]] ]] && words+=("")
	else
		words=("${COMP_WORDS[@]:0:COMP_CWORD+1}")
	fi
	local cword=$((${#words[@]} - 1))
	local cur=${words[cword]} prev=""
	[ "$cword" -gt 0 ] && prev=${words[cword-1]}
	local i cmd="" cmd_at=0 _lw_prog=${words[0]:-liza-watch} _lw_dir=""
	# The command is the first word that is neither an option nor an
	# option's argument.
	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
			-C) _lw_dir=${words[i+1]}; ((i++)) ;;
			--as|--theme) ((i++)) ;;
			-*) ;;
			*) cmd=${words[i]}; cmd_at=$i; break ;;
		esac
	done
	# A -C after the command counts too (global options go on either side).
	for ((i = cmd_at + 1; cmd_at > 0 && i < cword; i++)); do
		[ "${words[i]}" = -C ] && _lw_dir=${words[i+1]}
	done
	COMPREPLY=()
	case $prev in
		-C) COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
		--theme)
			if [[ $cur == */* ]]; then COMPREPLY=($(compgen -f -- "$cur"))
			else _liza_watch_reply "$(_liza_watch_themes)" "$cur"; fi
			return 0 ;;
		--as) return 0 ;;   # free text
		--no-hud) COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
	esac
	if [ -z "$cmd" ]; then
		# The commands and options are the program's own (its command table).
		if [[ $cur == -* ]]; then _liza_watch_reply "$(_liza_watch_ask globals)" "$cur"
		else _liza_watch_reply "$(_liza_watch_ask commands)" "$cur"; fi
		return 0
	fi
	# The options that take a value: what follows them is free text.
	local valued=" $(_liza_watch_ask option-args "$cmd" | tr '\n' ' ') "
	[[ -n $prev && $valued == *" $prev "* ]] && return 0
	if [[ $cur == -* ]]; then
		_liza_watch_reply "$(_liza_watch_ask options "$cmd")" "$cur"
		return 0
	fi
	# Operands after the command, skipping options and their values; the
	# table says what each one is (subjects: TASK, events: EVENT).
	local operands=() kinds
	for ((i = cmd_at + 1; i < cword; i++)); do
		case ${words[i]} in
			-C|--as|--theme) ((i++)) ;;
			-*) [[ $valued == *" ${words[i]} "* ]] && ((i++)) ;;
			*) operands+=("${words[i]}") ;;
		esac
	done
	read -ra kinds <<< "$(_liza_watch_ask operands "$cmd")"
	# "subjects=approve": only the tasks that event applies to.
	local kind=${kinds[${#operands[@]}]:-} event
	event=${kind#subjects}; event=${event#=}
	case $kind in
		subjects*) _liza_watch_reply "$(_liza_watch_ask subjects $event)" "$cur" ;;
		events) _liza_watch_reply "$(_liza_watch_ask events "${operands[0]}")" "$cur" ;;
	esac
	return 0
}

complete -F _liza_watch liza-watch
