#pragma once
// Ratchet & Clank 2 levels for the CLI and the C ABI: what a disc image, a
// directory or a LEVEL<n>.WAD holds, level names, and the paths that address a
// level inside a disc image (rc2-level-wad.md sections 5 and 6).
#include <cstdint>
#include <string>
#include <vector>

namespace strata::rc2 {

// A level inside a disc image is addressed as "IMAGE::MEMBER", the member being
// its path in the image's file system ("RC2.iso::G/LEVEL1.WAD"). Such a path is
// accepted wherever a level file is.
constexpr const char* kMemberSeparator = "::";

// True when `path` is not a file itself but "IMAGE::MEMBER" with IMAGE an
// existing file; `image` and `member` receive the parts.
bool splitMemberPath(const std::string& path, std::string* image = nullptr,
                     std::string* member = nullptr);

// The level's name by the id at header 0x08 (section 6), or "" for an id the
// list does not hold.
std::string levelName(int32_t id);

// The name to show: levelName, or "Level <id>" for an unknown id.
std::string levelTitle(int32_t id);

// True when `selector` picks level `id` (--level): its decimal id, or its name
// compared case-insensitively with spaces, '_' and '-' alike ("oozla",
// "aranos_tutorial").
bool levelMatches(const std::string& selector, int32_t id);

// For a file that is no format Strata reads but whose first word is a level
// header's size (0x60 or 0x68): true, with the first structural rule of a
// LEVEL<n>.WAD it breaks and where, for the "not recognised" error.
bool explainNotLevel(const std::string& path, uint64_t& at, std::string& why);

struct LevelEntry {
  std::string path; // loadable: the file, or IMAGE::MEMBER
  std::string file; // the member path in the image, or the file name
  int32_t id = -1;  // -1: the header could not be read
  std::string name; // levelTitle(id), or "" when id is -1
};

// The bytes of a level file or member (its extent in the image).
uint64_t memberSize(const std::string& path);

// The level id of a LEVEL<n>.WAD file or member (header 0x08). Throws
// strata::Error naming the path when its header cannot be read.
int32_t levelIdOf(const std::string& path);

// Every LEVEL<n>.WAD a disc image holds, in level-number order (a file named
// LEVEL<n>.WAD in any directory of its file system). `skipped` (when not
// null): directories whose records are bad are left out and named there
// instead of failing the listing (--partial). Throws strata::Error naming the
// image, the byte offset and what was expected.
std::vector<LevelEntry> discLevels(const std::string& image,
                                   std::vector<std::string>* skipped = nullptr);

// The levels a path holds: a disc image (discLevels), a directory (every
// LEVEL<n>.WAD directly in it that is a level by its structure), or one level
// file or member. Throws strata::Error when it holds none.
std::vector<LevelEntry> listLevels(const std::string& path);

} // namespace strata::rc2
