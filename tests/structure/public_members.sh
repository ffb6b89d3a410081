#!/bin/sh
# Fails when a class in server/ offers more than 25 public members, or the
# play layer's hub (the services every room and connection is handed) more
# than 15: a class that grows past that does several jobs, and the next
# feature should find a small object to join or a new one to make
# (issue 22, "Small services instead of one hub").
# Counted in each header's class bodies (structs are plain aggregates here and
# are not counted): every public member function, data member or static,
# once per declaration; not constructors, destructors, deleted functions,
# nested types, using-declarations or friends; an override counts on the
# interface that declares it (an interface of 24 operations is one job, and
# each of its implementations would count them all again).
# Usage: public_members.sh <repository root> [-v]   (-v: print every count)
set -eu
server=$1/server
verbose=${2:-}
status=0
for file in $(cd "$server" && find . -name '*.hpp' | sed 's|^\./||' | sort); do
    out=$(awk -v file="$file" -v verbose="$verbose" '
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    # A statement of a class body just ended (at ";" or at a function body).
    function finish(stmt, is_function,    s, head) {
        s = trim(stmt)
        if (s == "") return
        if (s ~ /^(public|private|protected)[ \t]*$/) return
        if (s ~ /^(using|friend|typedef|static_assert)[ \t(]/) return
        if (s ~ /(^|[ \t])(struct|class|enum|union)[ \t]/ && s !~ /\(/) return
        if (s ~ /=[ \t]*delete/ || s ~ /[ \t)]override([ \t]|$)/) return
        head = s
        sub(/\(.*/, "", head)
        head = trim(head)
        sub(/.*[ \t*&:]/, "", head)
        if (head == name[top] || head == "~" name[top]) return
        if (access[top] == "public") count[top]++
    }
    {
        line = $0
        sub(/\/\/.*/, "", line)
        gsub(/"([^"\\]|\\.)*"/, "\"\"", line)
        gsub(/'"'"'([^'"'"'\\]|\\.)*'"'"'/, "0", line)
        text = text line "\n"
    }
    END {
        gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, " ", text)
        depth = 0; top = 0; pending = ""
        n = length(text)
        for (i = 1; i <= n; i++) {
            c = substr(text, i, 1)
            if (c == "\n") c = " "
            if (top > 0 && depth == body[top] && skip == 0) {
                # Directly in a class body.
                if (c == ";") { finish(stmt, 0); stmt = ""; continue }
                if (c == ":" && substr(text, i + 1, 1) != ":" && substr(text, i - 1, 1) != ":" &&
                    trim(stmt) ~ /^(public|private|protected)$/) {
                    access[top] = trim(stmt); stmt = ""; continue
                }
                if (c == "{") {
                    s = trim(stmt)
                    init_list = s ~ /\)[^;]*[^:]:[^:]/
                    if (s ~ /(^|[ \t])(class|struct)[ \t]+[A-Za-z_][A-Za-z0-9_]*([ \t]+final)?([ \t]*:[^:].*)?$/ &&
                        s !~ /\(/ && s !~ /enum/) {
                        # A nested class: its own body, counted as its own class.
                        nm = s; sub(/[ \t]*:[^:].*$/, "", nm); sub(/[ \t]+final$/, "", nm)
                        sub(/.*[ \t]/, "", nm)
                        depth++; top++; body[top] = depth; name[top] = nm
                        access[top] = (s ~ /(^|[ \t])struct[ \t]/) ? "public" : "private"
                        is_struct[top] = (s ~ /(^|[ \t])struct[ \t]/); count[top] = 0
                        stmt = ""; continue
                    }
                    if (s ~ /\(/ && !(init_list && s ~ /[A-Za-z0-9_>][ \t]*$/ && s !~ /(\)|const|override|noexcept|final)[ \t]*$/)) {
                        finish(stmt, 1); stmt = ""
                        skip = 1; depth++; continue
                    }
                    # A brace initializer, or a nested enum or struct type.
                    stmt = stmt "{"; depth++; skip = 1; inner = 1; continue
                }
                if (c == "}") {
                    if (!is_struct[top] && (count[top] > 25 || (name[top] == "hub" && count[top] > 15)))
                        printf "%s: class %s has %d public members\n", file, name[top], count[top]
                    else if (verbose != "" && !is_struct[top])
                        printf "  %s: class %s: %d\n", file, name[top], count[top]
                    top--; depth--; stmt = ""; continue
                }
                stmt = stmt c
                continue
            }
            if (c == "{") {
                depth++
                if (skip == 0 && pending != "") {
                    top++; body[top] = depth; name[top] = pending; access[top] = "private"
                    is_struct[top] = pending_struct; count[top] = 0; stmt = ""
                    if (pending_struct) access[top] = "public"
                }
                pending = ""
                continue
            }
            if (c == "}") {
                depth--
                if (skip && top > 0 && depth == body[top]) {
                    skip = 0
                    if (inner) { stmt = stmt "}"; inner = 0 }
                }
                continue
            }
            if (skip) continue
            if (c == ";" || c == "(" || c == ")" || c == "=") { pending = ""; continue }
            # Outside any class body: a class or struct head waits for its "{".
            rest = substr(text, i, 200)
            if (match(rest, /^(class|struct)[ \t]+[A-Za-z_][A-Za-z0-9_]*/) &&
                (i == 1 || substr(text, i - 1, 1) ~ /[ \t\n;{}]/) &&
                substr(text, i - 5, 5) != "enum ") {
                head = substr(rest, 1, RLENGTH)
                pending_struct = head ~ /^struct/
                sub(/^(class|struct)[ \t]+/, "", head)
                pending = head
                i += RLENGTH - 1
            }
        }
    }' "$server/$file")
    [ -z "$out" ] && continue
    echo "$out" | grep -v '^  ' >&2 && status=1
    [ -n "$verbose" ] && echo "$out" | grep '^  ' || true
done
exit $status
