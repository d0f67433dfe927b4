# writers.sh — the ways agents' tools rewrite a state file, for the soak
# test (sourced). Each takes the Liza lock first (flock(1) on
# state.yaml.lock, as the Liza scripts do), so the operator's approvals and
# the simulated team's writes are never lost to ours; each keeps the
# content and changes only a trailing "# soak N" comment line, so the file
# stays valid and every earlier write survives.
#
#   write_inplace FILE N   same inode, no truncation: the new bytes go over
#                          the old ones in two parts with a pause between
#                          (the watcher sees IN_MODIFY with the file held open)
#   write_truncate FILE N  truncated first, then written in two parts (the
#                          watcher sees an empty file, then half a file)
#   write_rename FILE N    a whole new file renamed over the old (yq -i, sed -i)

write_inplace() {
	flock -w 10 "$1.lock" bash -c '
		f=$1 n=$2 t=$1.soak.tmp
		awk "!/^# soak [0-9]+\$/" "$f" > "$t" && printf "# soak %s\n" "$n" >> "$t"
		size=$(stat -c %s "$t"); half=$((size / 2))
		{ head -c "$half" "$t"; sleep 0.15; tail -c +"$((half + 1))" "$t"; } 1<> "$f"
		truncate -s "$size" "$f"     # in case the new text is shorter
		rm -f "$t"' _ "$1" "$2"
}

write_truncate() {
	flock -w 10 "$1.lock" bash -c '
		f=$1 n=$2 t=$1.soak.tmp
		awk "!/^# soak [0-9]+\$/" "$f" > "$t" && printf "# soak %s\n" "$n" >> "$t"
		half=$(( $(stat -c %s "$t") / 2 ))
		{ sleep 0.1; head -c "$half" "$t"; sleep 0.1; tail -c +"$((half + 1))" "$t"; } > "$f"
		rm -f "$t"' _ "$1" "$2"
}

write_rename() {
	flock -w 10 "$1.lock" bash -c '
		f=$1 n=$2 t=$1.soak.tmp
		awk "!/^# soak [0-9]+\$/" "$f" > "$t" && printf "# soak %s\n" "$n" >> "$t"
		mv "$t" "$f"' _ "$1" "$2"
}
