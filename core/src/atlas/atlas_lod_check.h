#pragma once
// Consistency of a geometry tree's levels, for `strata validate`: what a
// write-back without --rebuild-lods (or a re-topologized chunk) leaves behind.
#include "atlas/atlas_model.h"
#include "strata/formats.h"

namespace strata::atlas {

// Stale LODs. A coarser chunk approximates its children: its vertices are
// samples of the surface they refine (Ulrich's chunker, TSE's importer, our
// simplifier all keep a subset of the fine vertices). A vertex that lies far
// above or below its children's surface at the same X/Y (more than 1% of the
// terrain's height range) means the children were edited and this level was
// not regenerated. Warnings, since the file is still structurally valid.
void checkStaleLods(const File& file, const Toc& toc, ValidationReport& report);

// Zeroed morph offsets. export-atlas zeroes a chunk's morph offsets when the
// edit changed its topology; the file cannot record that, but it shows: every
// morph offset of the chunk is zero while other chunks of its level have some,
// and the chunk is not simply lying on its parent's surface (flat ground,
// which needs no morph; within 0.1% of the height range).
void checkZeroedMorph(const File& file, const Toc& toc, ValidationReport& report);

// Whether every solid vertex of `g` has zero point and texture morph offsets.
bool morphIsZero(const GeomChunk& g);

} // namespace strata::atlas
