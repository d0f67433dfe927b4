# bash completion for liza-watch(1).
# Installed as $(PREFIX)/share/bash-completion/completions/liza-watch, where
# bash-completion loads it on first use; or source it from ~/.bashrc.
# Completes the global options, the commands, each command's options,
# what an option's value is (folders after -C, theme names after --theme,
# files after --output), the TASK of approve, reject, transition and review
# (the task ids present, and the systems) and the events of `transition
# TASK EVENT` (TASK's system's), asking the program: the global options,
# the commands, their options, operands and themes come from its own
# tables, so no list here can fall behind.

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
	# The global options whose value is the next word (the program says which).
	local gvalued=" $(_liza_watch_ask global-args | tr '\n' ' ') "
	# The command is the first word that is neither an option nor an
	# option's argument.
	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
			-C) _lw_dir=${words[i+1]}; ((i++)) ;;
			-*) [[ $gvalued == *" ${words[i]} "* ]] && ((i++)) ;;
			*) cmd=${words[i]}; cmd_at=$i; break ;;
		esac
	done
	# A -C after the command counts too (global options go on either side).
	for ((i = cmd_at + 1; cmd_at > 0 && i < cword; i++)); do
		[ "${words[i]}" = -C ] && _lw_dir=${words[i+1]}
	done
	COMPREPLY=()
	# The word before is an option that takes a value: the program says
	# what that value is.
	if [[ $prev == -* ]]; then
		case $(_liza_watch_ask arg-kind "$prev" "$cmd") in
			dirs) COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
			files) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
			themes)
				if [[ $cur == */* ]]; then COMPREPLY=($(compgen -f -- "$cur"))
				else _liza_watch_reply "$(_liza_watch_ask themes)" "$cur"; fi
				return 0 ;;
			text) return 0 ;;   # free text
		esac
	fi
	if [ -z "$cmd" ]; then
		# The commands and options are the program's own (its command table).
		if [[ $cur == -* ]]; then _liza_watch_reply "$(_liza_watch_ask globals)" "$cur"
		else _liza_watch_reply "$(_liza_watch_ask commands)" "$cur"; fi
		return 0
	fi
	# The command's options that take a value (skipped with it below).
	local valued=" $(_liza_watch_ask option-args "$cmd" | tr '\n' ' ') "
	if [[ $cur == -* ]]; then
		_liza_watch_reply "$(_liza_watch_ask options "$cmd")" "$cur"
		return 0
	fi
	# Operands after the command, skipping options and their values; the
	# table says what each one is (subjects: TASK, events: EVENT).
	local operands=() kinds
	for ((i = cmd_at + 1; i < cword; i++)); do
		case ${words[i]} in
			-*) [[ $valued$gvalued == *" ${words[i]} "* ]] && ((i++)) ;;
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
		dirs) COMPREPLY=($(compgen -d -- "$cur")) ;;
	esac
	return 0
}

complete -F _liza_watch liza-watch
