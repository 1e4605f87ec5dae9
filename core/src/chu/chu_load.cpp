// The load path of a CHU (convert to a scene or to .atlas): the checks validate
// runs, acted on.
#include "chu/chu_load.h"

#include "atlas/atlas_load.h"
#include "chu/chu_check.h"
#include "chu/chu_io.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "tqt/tqt_io.h"

namespace strata::chu {

// The CHU read and checked: its broken stubs, under `partial`, in
// options.leaveOut and named in `leftOut`; otherwise its first error thrown.
File readChecked(const Source& in, bool partial, MapOptions& options,
                 std::vector<std::string>& leftOut) {
  File file = readChu(*in.bytes(), in.path);
  std::vector<Problem> problems;
  checkChu(file, in.path, problems);
  for (uint64_t stub : atlas::applyStructure(problems, partial, in.path, leftOut))
    options.leaveOut.insert(stub);
  return file;
}

// §9d: the companion TQT, read, and its path in `tqtPath`. A CHU's textures
// come from it, so one that does not read is an error of the CHU's load
// (validate reports it with the CHU): thrown, or under `partial` left out and
// named (the chunks are then untextured).
std::unique_ptr<tqt::File> companion(const Source& chu, std::string& tqtPath, bool partial,
                                     std::vector<std::string>& leftOut) {
  tqtPath = findCompanionTqt(chu);
  if (tqtPath.empty()) return nullptr;
  try {
    return std::make_unique<tqt::File>(tqt::readTqt(readFile(tqtPath), tqtPath));
  } catch (const Error& e) {
    if (!partial) throw;
    leftOut.push_back("companion texture tree " + std::string(e.what()) +
                      "; the chunks are untextured");
    return nullptr;
  }
}

} // namespace strata::chu
