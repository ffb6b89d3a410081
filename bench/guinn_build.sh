#!/usr/bin/env bash
# Builds GuiNN Checkers 2.06 (jonkr2/GuiNN_Checkers; CC BY-NC-SA: testing
# here, never shipped) as a match opponent for bench/checkers_vs_guinn.sh.
# Never part of CI and never copied into this repository: it exports a tree
# you fetched yourself into OUT_DIR, compiles GuiNN's portable engine files
# (search, evaluation networks, endgame bitbase, move generator) with g++
# together with our line driver bench/guinn/guinn_driver.cpp and stand-ins
# for two Windows SDK headers (bench/guinn/shim), and prints the command that
# runs the driver (its protocol: the driver's header comment).
#   bench/guinn_build.sh GUINN_TREE OUT_DIR
# GUINN_TREE is a checkout or a bare git directory (its HEAD is exported).
# Left out: the Windows GUI, thread and registry code, the CheckerBoard DLL
# entry (engine.cpp, gui*.cpp, checkersGui.cpp, registry.cpp, kr_db.cpp),
# and the network trainer (learning.cpp); the driver takes their place.
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,14p' "$0" >&2; exit 1; }
tree=$1 out=$(mkdir -p "$2" && cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
grep -qw avx2 /proc/cpuinfo || { echo "GuiNN is built for AVX2; this CPU has none" >&2; exit 1; }

rm -rf "$out/src" && mkdir -p "$out/src"
if [ -d "$tree/src" ]; then cp -r "$tree/src" "$tree/bin" "$out/src/"
else git --git-dir="$tree" archive HEAD src bin | tar -x -C "$out/src"
fi
src=$out/src/src

# The sources were written on a case-insensitive file system.
ln -s moveGen.h "$src/movegen.h"
ln -s NeuralNet "$src/neuralNet"
# The bit helpers' __GNUC__ branches name variables that do not exist
# (Moves, bb) and treat the 32-bit boards as 64-bit: use the argument.
sed -i 's/__builtin_popcountll(Moves)/__builtin_popcount(moves)/
        s/if (bb == 0) return 0;/if (moves == 0) return 0;/
        s/__builtin_ctzll(bb)/__builtin_ctz(moves)/
        s/return 63 - __builtin_clzll(bb);/return moves ? 31 - __builtin_clz(moves) : 0;/' "$src/moveGen.h"
# A cast MSVC accepts and g++ refuses (the bitbase decompressor's writer).
sed -i 's/unsigned char (/(unsigned char)(/g' "$src/uncompress.h"
# `extern "C" extern`, twice over, once EGDB_API expands: one is enough.
sed -i 's/EGDB_API extern /EGDB_API /' "$src/egdb.h"
# Declared inline but defined in movegen.cpp only, which MSVC links and g++
# does not: made ordinary functions (-flto inlines them again).
sed -i 's/uint32_t inline Get\(Jumpers\|Movers\)/uint32_t Get\1/' "$src/board.h"

files=(board.cpp checkersNN.cpp database.cpp edDatabase.cpp evaluate.cpp kr_db_stubs.cpp
       movegen.cpp openingBook.cpp search.cpp transcript.cpp NeuralNet/NeuralNet.cpp)
# GuiNN's warnings are not ours to fix: silenced.
nice g++ -std=c++17 -O2 -flto=auto -DNDEBUG -mavx2 -mpopcnt -mbmi -mbmi2 -w -fpermissive \
    -I"$here/guinn/shim" -include msvc_compat.h -I"$src" -o "$out/guinn-engine" \
    "$here/guinn/guinn_driver.cpp" "${files[@]/#/$src/}" -pthread

# The engine reads its networks and bitbase from the working directory.
cp "$out/src/bin/Nets206.gnn" "$out/src/bin/database.jef" "$out/"
cat > "$out/guinn" <<RUN
#!/bin/sh
cd "$out" && exec ./guinn-engine
RUN
chmod +x "$out/guinn"
echo "$out/guinn"
