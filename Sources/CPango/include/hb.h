// Pango's headers include <hb.h>, which Debian installs in /usr/include/harfbuzz: include/harfbuzz links
// there, and this header forwards to it (HarfBuzz's own headers include each other with quotes, relative to
// that folder). Only the declarations are needed; nothing links HarfBuzz (see shim.h).
#include "harfbuzz/hb.h"
