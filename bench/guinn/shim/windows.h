// Stand-in for the Windows SDK header that GuiNN's engine headers include
// (bench/guinn_build.sh compiles GuiNN's portable engine files on Linux).
// Only the types named in the declarations those headers make: nothing here
// is called, since the driver replaces the window, thread and registry code.
#pragma once
#include <cstdint>

using BOOL = int;
using INT = int;
using UINT = unsigned int;
using WORD = std::uint16_t;
using DWORD = std::uint32_t;
using INT_PTR = std::intptr_t;
using LRESULT = std::intptr_t;
using WPARAM = std::uintptr_t;
using LPARAM = std::intptr_t;
using HANDLE = void*;
using HWND = void*;
using HDC = void*;
using HMENU = void*;
using HBITMAP = void*;
using HINSTANCE = void*;
#define WINAPI
#define CALLBACK
