# export_docs.awk — one docs/systems/*.md's table of checks ("| code | level
# | raised when |") as C rows { page, code, meaning } for
# cli/export_docs.c (the Makefile makes build/gen/export_docs.h). The docs are
# the one place that says what a code means; a row naming several codes
# ("`a` / `b`") gives one row each. Backquotes go; the text is otherwise
# the page's.
function trim(s) { gsub(/`/, "", s); gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
function cstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
/^\| *code *\| *level *\|/ { on = 1; next }
on && /^\|-/ { next }
on && !/^\|/ { on = 0 }
on {
	n = split($0, c, "|")
	text = c[4]
	for (i = 5; i < n; i++)
		text = text "|" c[i]
	k = split(c[2], codes, "/")
	for (j = 1; j <= k; j++)
		printf "\t{ %s, %s, %s },\n", cstr(doc), cstr(trim(codes[j])), cstr(trim(text))
}
