#pragma once
// The page info of a .ytd kept in step with its pages when the graphics
// pages change (ytd_pages.h: a slot for every page of both segments).
#include "ytd/ytd_read.h"

#include <string>
#include <vector>

namespace strata::ytd {

// Sets the page info of the .ytd `c` (whose system segment, as rewritten so
// far, is `sys`, paged by `sysFlags`) to list its system pages and `gfxPages`
// graphics pages. Where the slots no longer fit the room the page info has
// (up to the next object the dictionary reaches, or its page's end), it moves
// after the last such object of a system page with room, or into a page of
// the smallest size added at the segment's end; the root's pointer follows
// and the old place is zeroed. Returns the system flags (changed only by an
// added page); `notes` says what moved.
uint32_t updatePageInfo(const TextureContainer& c, std::vector<uint8_t>& sys, uint32_t sysFlags,
                        uint32_t gfxPages, std::vector<std::string>& notes);

} // namespace strata::ytd
