// Stand-in for MSVC's intrinsics header: GCC declares the same x86
// intrinsics in <x86intrin.h>.
#pragma once
#include <x86intrin.h>
