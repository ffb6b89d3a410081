#!/usr/bin/env bash
# Builds Aalina (joansalasoler/oware, GPL; an Oware engine with an opening
# book and endgame tables) as a match opponent for bench/oware_vs_aalina.sh.
# Never part of CI and never copied into this repository: it reads two source
# trees you fetched yourself (the engine and its Samurai framework, e.g. the
# snapshots of joansalasoler/oware and joansalasoler/samurai), compiles them
# with Debian's JDK against Debian's jars (libguice-java, libpicocli-java,
# libjline3-java; no Maven, no network), and prints the command that runs the
# engine's UCI service.
#   bench/aalina_build.sh SAMURAI_TREE OWARE_TREE OUT_DIR
# A tree is a checkout or a bare git directory (its HEAD is exported).
# Left out of the build: the book trainer and the endgame-table builder
# (they need Berkeley DB, which Debian does not package); the shipped book
# (oware-roots.bin) and endgame tables (oware-leaves.bin) are used as they are.
set -euo pipefail
[ $# -eq 3 ] || { sed -n '2,13p' "$0" >&2; exit 1; }
samurai=$1 oware=$2 out=$(mkdir -p "$3" && cd "$3" && pwd)
command -v javac >/dev/null || { echo "no javac: apt-get install default-jdk-headless" >&2; exit 1; }
for pkg in libguice-java libpicocli-java libjline3-java; do
    dpkg -s "$pkg" >/dev/null 2>&1 || { echo "missing Debian package $pkg (apt-get install $pkg)" >&2; exit 1; }
done

export_tree() {  # TREE DEST: the tree's src/main into DEST
    mkdir -p "$2"
    if [ -d "$1/src/main" ]; then cp -r "$1/src/main/." "$2/"
    else git --git-dir="$1" archive HEAD src/main/java src/main/resources | tar -x -C "$2" --strip-components=2
    fi
}
rm -rf "$out/src" "$out/classes" && mkdir -p "$out/classes"
export_tree "$samurai" "$out/src/samurai"
export_tree "$oware" "$out/src/oware"

# Unhook the two left-out subcommands from the command tree.
sed -i '/import com.joansala.cli.oware.egtb.EGTBCommand;/d; /^ *EGTBCommand.class$/d' \
    "$out/src/oware/java/com/joansala/game/oware/OwareModule.java"
sed -i '/^ *ExportCommand.class,$/d; /^ *TrainCommand.class,$/d' \
    "$out/src/samurai/java/com/joansala/cli/book/BookCommand.java"
find "$out/src" -name '*.java' | grep -v '/doe/\|/egtb/\|cli/book/ExportCommand\|cli/book/TrainCommand' \
    > "$out/sources.txt"

# guice-no-aop: the full Guice generates classes through reflection that the
# JDK 17 module system refuses.
jars=(guice-no-aop guava atinject-jsr330-api aopalliance picocli jline3-reader jline3-terminal jline3-builtins)
cp_deps=$(printf '/usr/share/java/%s.jar:' "${jars[@]}")
javac -nowarn -d "$out/classes" -cp "$cp_deps" @"$out/sources.txt"
cp -r "$out/src/oware/resources/." "$out/classes/"

# The engine reads its book, tables and settings from the working directory.
cat > "$out/aalina" <<RUN
#!/bin/sh
cd "$out/classes" && exec java -cp ".:$cp_deps" com.joansala.game.oware.OwareModule service
RUN
chmod +x "$out/aalina"
echo "$out/aalina"
