// A VIF1 command list (tfrag-rc2.md "The VIF1 code word"): walked to its end,
// every packet named. The walk must tile the list exactly, every payload
// inside its packet: anything else is a walker bug, thrown as one.
#include "harness.h"

#include "tfrag/tfrag_vif.h"

#include <stdexcept>

namespace strata::fuzz {

void fuzzVif(const uint8_t* data, size_t size) {
  std::vector<tfrag::VifPacket> packets;
  try {
    packets = tfrag::walkVifList(data, size, "fuzz.vif", 0x100);
  } catch (const Error&) {
    return;
  }
  uint64_t next = 0;
  for (const tfrag::VifPacket& p : packets) {
    if (p.offset != next || p.payloadOffset < p.offset + 4 ||
        uint64_t(p.payloadOffset) + p.payloadSize > uint64_t(p.offset) + p.size)
      throw std::logic_error("VIF packet at " + std::to_string(p.offset) +
                             " does not follow its predecessor or holds its payload outside");
    next = uint64_t(p.offset) + p.size;
    (void)tfrag::vifCommandName(p.cmd);
  }
  if (next != size) throw std::logic_error("the VIF walk did not end at the end of the list");
  (void)tfrag::vifUnpacks(packets);
}

} // namespace strata::fuzz
