# complete-lib.sh — sourced by the completion tests: complete_line LINE
# prints what the bash completion offers with the cursor at the end of LINE
# (sorted, space-separated), COMP_WORDS split the way readline splits (':'
# is a word of its own). Needs $tmp (a scratch folder) and $root.
cat > "$tmp/complete.bash" <<'BASH'
. "$1"
COMP_LINE=$2
COMP_POINT=${#2}
read -ra COMP_WORDS <<< "${2//:/ : }"
[[ $2 == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
_liza_watch liza-watch "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
[ "${#COMPREPLY[@]}" -gt 0 ] && printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
BASH
complete_line() { bash --norc --noprofile "$tmp/complete.bash" "$root/completions/liza-watch.bash" "$1"; }
