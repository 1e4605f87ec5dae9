#include "export_stages.h"

#include "bases.h"
#include "harness.h"

#include "strata/atlas_export.h"

namespace strata::fuzz {

void exportOverBase(const std::vector<AtlasChunkEdit>& edited, const std::string& editedName,
                    bool rebuildLods) {
  cleanErrorsAllowed([&] {
    AtlasExportOptions options;
    options.rebuildLods = rebuildLods;
    AtlasExportReport report;
    (void)exportAtlas(exportBase(), "base.atlas", edited, editedName, options, report);
  });
}

} // namespace strata::fuzz
