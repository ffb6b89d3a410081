// A line driver for GuiNN Checkers 2.06's engine on Linux, for the match
// bench/checkers_vs_guinn.sh. bench/guinn_build.sh compiles it outside the
// repository together with GuiNN's portable engine files (search, evaluation
// networks, endgame bitbase, move generator); it replaces the Windows GUI and
// the CheckerBoard DLL entry (engine.cpp, gui_cb_interface.cpp), and sets
// the engine up the way GuiNN does itself: networks from Nets206.gnn, the
// 4-piece bitbase database.jef (both read from the working directory),
// 128 MB hash table kept between moves, no opening book file.
// One process, one thread: it reads a command a line on standard input.
//   isready               -> "readyok" (after the networks and bitbase loaded)
//   newgame               clears the hash table and history (games independent)
//   moves [MOVE...]       -> the legal moves after MOVEs, one line, our notation
//   fen [MOVE...]         -> the position after MOVEs, PDN FEN (GuiNN's own text)
//   go MS [exact] [MOVE...] -> "info depth D score S nodes N time T", "bestmove M"
//   quit
// MOVEs are our notation (docs/rules/checkers.md: 11-15, 15x24x31; squares
// 1-32, Black on 1-12 moves first), played from the standard start. `go`
// gives GuiNN the fixed time per move that CheckerBoard gives it (getmove
// without CB_EXACT_TIME): a target of MS whose average it keeps, an iteration
// that fails low may run past it; `exact` makes MS a hard limit (CheckerBoard's
// CB_EXACT_TIME), as our --movetime is. The score is for the side to move, in
// GuiNN's units (a man is about 100).
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine.h"

Engine engine;
CheckerboardInterface checkerBoard;
uint64_t TranspositionTable::HashSTM;
uint64_t TranspositionTable::HashFunction[NUM_BOARD_SQUARES][NUM_PIECE_TYPES];

// GuiNN reports progress through these GUI hooks; the driver prints its own
// summary after the search instead.
void DisplayText(const char*) {}
void RunningDisplay(SearchInfo&, const Move&, bool) {}

namespace {

// The hash keys only need to be random and fixed: a splitmix64 sequence.
void fill_hash_keys() {
    uint64_t x = 0x6b696269747a21ULL;
    auto next = [&x] {
        uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (auto& square : TranspositionTable::HashFunction)
        for (auto& key : square) key = next();
    TranspositionTable::HashSTM = next();
}

// The squares a move visits, in standard numbering: source, then every
// landing square of a jump.
std::vector<int> path_of(const Move& move) {
    std::vector<int> path{StandardSquare(move.Src()), StandardSquare(move.Dst())};
    int sq = move.Dst();
    for (int i = 0; i + 1 < move.JumpLen(); ++i) {
        sq += JumpAddDir[move.Dir(i)];
        path.push_back(StandardSquare(sq));
    }
    return path;
}

std::string text_of(const Move& move) {
    std::string out;
    for (int sq : path_of(move)) {
        if (!out.empty()) out += move.JumpLen() > 0 ? 'x' : '-';
        out += std::to_string(sq);
    }
    return out;
}

std::vector<int> squares_of(const std::string& text) {
    std::vector<int> squares;
    std::string number;
    for (char c : text + '-') {
        if (c >= '0' && c <= '9') {
            number += c;
        } else if (!number.empty()) {
            squares.push_back(std::stoi(number));
            number.clear();
        }
    }
    return squares;
}

// Plays MOVEs from the start into engine.board and its transcript, and
// fills the repetition history GuiNN's search reads. False on a move GuiNN
// does not find legal (the notations or the rules would differ).
bool set_position(const std::vector<std::string>& moves, std::string& bad) {
    engine.board = Board::StartPosition();
    engine.transcript.Init(engine.board);
    engine.boardHashHistory[0] = engine.board.hashKey;
    for (const std::string& text : moves) {
        MoveList legal;
        legal.FindMoves(engine.board);
        const std::vector<int> want = squares_of(text);
        int found = -1;
        for (int i = 0; i < legal.numMoves; ++i)
            if (path_of(legal.moves[i]) == want) found = i;
        if (found < 0) {
            bad = text;
            return false;
        }
        engine.board.DoMove(legal.moves[found]);
        engine.transcript.AddMove(legal.moves[found]);
        engine.boardHashHistory[engine.transcript.numMoves] = engine.board.hashKey;
    }
    return true;
}

void init_engine() {
    fill_hash_keys();
    InitBitTables();
    const int nets = InitializeNeuralNets();
    engine.openingBook = new COpeningBook;
    checkerBoard.useOpeningBook = CB_BOOK_NONE;
    int first_layer = 0;
    for (auto* net : engine.evalNets)
        first_layer = std::max(first_layer, net->network.GetLayer(0)->outputCount);
    engine.searchThreadData.historyTable.Clear();
    engine.searchThreadData.Alloc(first_layer);
    if (!engine.TTable.SetSizeMB(128)) engine.TTable.SetSizeMB(64);
    InitializeEdsDatabases(engine.dbInfo);
    if (!engine.dbInfo.loaded) InitializeGuiDatabases(engine.dbInfo);
    std::printf("info string %s, %d networks, endgame database %s (%d pieces), hash %d MB\n",
                g_VersionName, nets, engine.dbInfo.loaded ? "loaded" : "NOT loaded",
                engine.dbInfo.loaded ? engine.dbInfo.numPieces : 0, engine.TTable.sizeMb);
}

void go(int ms, bool exact) {
    engine.searchLimits.maxSeconds = ms / 1000.0f * .985f;
    engine.searchLimits.bEndHard = exact;
    engine.searchLimits.newIterationMaxTime =
        exact ? engine.searchLimits.maxSeconds : 0.6 * ms / 1000.0;
    engine.searchLimits.maxDepth = EXPERT_DEPTH;
    engine.bStopThinking = false;
    engine.computerColor = engine.board.sideToMove;
    const uint64_t start = GetCurrentTimeMs();
    const BestMoveInfo best = ComputerMove(engine.board, engine.searchThreadData);
    const SearchInfo& info = engine.searchThreadData.displayInfo;
    std::printf("info depth %d score %d nodes %llu time %llu\n", info.depth, best.eval,
                static_cast<unsigned long long>(info.nodes),
                static_cast<unsigned long long>(GetCurrentTimeMs() - start));
    std::printf("bestmove %s\n", best.move == NO_MOVE ? "none" : text_of(best.move).c_str());
}

}  // namespace

int main() {
    init_engine();
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        int ms = 0;
        if (command == "go" && !(words >> ms)) ms = 300;
        std::vector<std::string> moves;
        bool exact = false;
        for (std::string w; words >> w;) {
            if (command == "go" && w == "exact" && moves.empty()) exact = true;
            else moves.push_back(w);
        }
        std::string bad;
        if (command == "quit") break;
        if (command == "isready") {
            std::printf("readyok\n");
        } else if (command == "newgame") {
            engine.TTable.Clear();
            engine.searchThreadData.historyTable.Clear();
        } else if (command != "moves" && command != "fen" && command != "go") {
            std::printf("error unknown command %s\n", command.c_str());
        } else if (!set_position(moves, bad)) {
            std::printf("error illegal move %s\n", bad.c_str());
        } else if (command == "moves") {
            MoveList legal;
            legal.FindMoves(engine.board);
            for (int i = 0; i < legal.numMoves; ++i)
                std::printf("%s%s", i ? " " : "", text_of(legal.moves[i]).c_str());
            std::printf("\n");
        } else if (command == "fen") {
            std::printf("%s\n", engine.board.ToString().c_str());
        } else {
            go(ms, exact);
        }
        std::fflush(stdout);
    }
    return 0;
}
