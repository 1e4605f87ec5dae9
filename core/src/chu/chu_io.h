#pragma once
#include "chu/chu_model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::chu {

// Parses a whole .chu file and enforces every structural rule of §9e: magic
// and sentinels, version 400, indexCount >= 0, colDataFlag 0 or 1, every byte
// range inside the file, labels unique and covering the declared tree, chunks
// that do not overlap each other or the stub table. Throws strata::Error (file,
// byte offset, what was expected); a version other than 400 throws
// strata::Unsupported.
File readChu(const std::vector<uint8_t>& bytes, const std::string& fileName);

// Serializes the model: header, stubs in their stored order, then every chunk
// and gap at its offset. Throws strata::Error if the model is inconsistent
// (a stub naming no chunk, overlapping chunks).
std::vector<uint8_t> writeChu(const File& file);

// Serialized size of one chunk (sentinel through footer).
uint32_t chunkSize(const Chunk& chunk, uint32_t colTreeDepth);

// Places every chunk right after the stub table in the current chunks[] order,
// drops the gaps, sets header.chunkCount and rewrites every stub's chunkOffset.
// Stubs are matched to chunks by their current offsets, so a new file can use
// distinct placeholder offsets before calling this.
void layoutChu(File& file);

} // namespace strata::chu
