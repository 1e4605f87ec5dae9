#pragma once
#include "atlas/atlas_model.h"
#include "strata/fileio.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace strata::atlas {

// Parses a whole .atlas file. Throws strata::Error (file, byte offset, what was
// expected) on anything that is not structurally valid.
File readAtlas(const std::vector<uint8_t>& bytes, const std::string& fileName);
// The same over a file's bytes, giving each frame's pages back once it is
// read (FileBytes::release): the file and its model are never held together.
File readAtlas(const FileBytes& bytes, const std::string& fileName);

// What a reader of the file does with the frames as they are read (loadScene
// checks each geometry frame and makes its mesh while it is in the cache):
// `tocs` once, with the file holding its TOCs, before any frame is read;
// `frame` for each frame read without error, on the thread that read it
// while others read theirs. `frame` may take what the frame holds.
struct ReadHooks {
  std::function<void(const File&)> tocs;
  std::function<void(Frame&)> frame;
};
File readAtlas(const FileBytes& bytes, const std::string& fileName, const ReadHooks& hooks);

// The geometry of the frame of `length` bytes at `offset` in the file, read
// again from those bytes alone (`frame`) for a mesh made on demand
// (loadScene) into `into`, whose arrays' memory it reuses; `who` names its
// stub in errors. Throws what readAtlas throws for the same bytes (a stub it
// read: its length is at least 16).
void readGeomFrame(const uint8_t* frame, uint32_t offset, uint32_t length, uint32_t version,
                   const std::string& fileName, const std::string& who, GeomChunk& into);

// Serializes the model at the offsets its stubs name. Throws strata::Error if
// the model is inconsistent (a stub length that differs from its frame's size,
// overlapping frames).
std::vector<uint8_t> writeAtlas(const File& file);

// Size in bytes of the TOC prefix (magic through the last stub).
uint32_t tocPrefixSize(const File& file);

// Serialized size of a frame (ATSP header through tail).
uint32_t frameSize(const Frame& frame);

// Places every frame right after the TOC prefix in the current physical order
// (frames[] order), drops the gaps, and rewrites every stub's offset and length
// to match. Stubs are matched to frames by their current offsets, so a new
// file can use any distinct placeholder offsets before calling this.
void layoutAtlas(File& file);

// Canonical v140 bounds (§7): the stored chunk bounds from v101, else the
// bounds of the vertices.
Box3 canonicalBounds(const Frame& frame);
Box3 boundsOfVertices(const std::vector<Vertex>& verts);

} // namespace strata::atlas
