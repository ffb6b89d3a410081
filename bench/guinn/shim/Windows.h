// Same stand-in as windows.h: GuiNN includes the SDK header under both spellings.
#pragma once
#include "windows.h"
