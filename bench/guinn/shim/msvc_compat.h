// Force-included (-include) into every GuiNN file by bench/guinn_build.sh:
// the MSVC spellings GuiNN uses outside the Windows headers, mapped to their
// POSIX equivalents.
#pragma once
#include <cctype>
#include <cstring>

#define __declspec(x)
#define __cdecl

inline char* _strdup(const char* s) { return strdup(s); }

// Lower-cases s in place and returns it, as MSVC's _strlwr does.
inline char* _strlwr(char* s) {
    for (char* c = s; *c; ++c) *c = static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
    return s;
}
