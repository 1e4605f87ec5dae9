// Disc images, directories and members: what holds which levels
// (rc2-level-wad.md section 5).
#include "iso/iso9660.h"
#include "rc2/rc2_container.h"
#include "rc2/rc2_source.h"
#include "strata/error.h"
#include "strata/rc2.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace strata::rc2 {

namespace fs = std::filesystem;

namespace {

// The level number of a file named LEVEL<n>.WAD (any case), else -1.
long levelNumber(const std::string& path) {
  std::string name = utf8Of(pathOf(path).filename());
  for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
  if (name.size() < 10 || name.compare(0, 5, "LEVEL") != 0 ||
      name.compare(name.size() - 4, 4, ".WAD") != 0)
    return -1;
  const std::string digits = name.substr(5, name.size() - 9);
  if (digits.empty() || digits.size() > 6) return -1;
  for (char c : digits)
    if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
  return std::stol(digits);
}

LevelEntry entryOf(const std::string& path, const std::string& file) {
  LevelEntry e;
  e.path = path;
  e.file = file;
  try {
    e.id = levelIdOf(path);
    e.name = levelTitle(e.id);
  } catch (const Error&) {
    // Listed all the same: reading it then says what is wrong.
  }
  return e;
}

} // namespace

bool splitMemberPath(const std::string& path, std::string* image, std::string* member) {
  const size_t at = path.rfind(kMemberSeparator);
  if (at == std::string::npos || at == 0) return false;
  std::error_code ec;
  if (fs::exists(pathOf(path), ec)) return false;
  const std::string img = path.substr(0, at);
  if (!fs::is_regular_file(pathOf(img), ec)) return false;
  if (image) *image = img;
  if (member) *member = path.substr(at + 2);
  return true;
}

LevelSource::LevelSource(const Source& in) {
  const std::string& path = in.path;
  std::string image, name;
  if (!in.onDisk() || !splitMemberPath(path, &image, &name)) {
    bytes_ = std::make_unique<FileBytes>(in);
    data_ = bytes_->data();
    size_ = bytes_->size();
    return;
  }
  bytes_ = std::make_unique<FileBytes>(image);
  member_ = true;
  if (!iso::looksLikeIso(bytes_->data(), bytes_->size()))
    throw Error(image, iso::kDescriptorStart,
                "not an ISO-9660 image (no \"CD001\" at sector 16): cannot hold " + name);
  while (!name.empty() && name.front() == '/') name.erase(0, 1);
  // A bad directory elsewhere in the image does not hide a member that can be
  // reached (--partial converts those); the listing itself reports it.
  std::vector<std::string> skipped;
  for (const iso::FileEntry& f : iso::listFiles(bytes_->data(), bytes_->size(), image, &skipped)) {
    if (f.path != name) continue;
    data_ = bytes_->data() + f.offset;
    size_ = size_t(f.size);
    return;
  }
  throw Error(image, Error::kNoOffset, "the image's file system holds no " + name);
}

bool explainNotLevel(const std::string& path, uint64_t& at, std::string& why) {
  try {
    const LevelSource src(path);
    bool matched = false;
    std::string rule;
    if (looksLikeLevelWad(src.data(), src.size(), &rule, &at, &matched) || !matched) return false;
    why = "not a Ratchet & Clank 2 LEVEL<n>.WAD although its first word is a level header's "
          "size: " +
          rule;
    return true;
  } catch (const Error&) {
    return false;
  }
}

uint64_t memberSize(const std::string& path) {
  try {
    return LevelSource(path).size();
  } catch (const Error&) {
    return 0;
  }
}

int32_t levelIdOf(const std::string& path) {
  LevelSource s(path);
  return readLevelHeader(s.data(), s.size(), path).id;
}

std::vector<LevelEntry> discLevels(const std::string& image, std::vector<std::string>* skipped) {
  FileBytes bytes(image);
  if (!iso::looksLikeIso(bytes.data(), bytes.size()))
    throw Error(image, iso::kDescriptorStart,
                "not an ISO-9660 image: expected \"CD001\" at byte 0x8001");
  std::vector<std::pair<long, iso::FileEntry>> found;
  for (iso::FileEntry& f : iso::listFiles(bytes.data(), bytes.size(), image, skipped))
    if (long n = levelNumber(f.path); n >= 0) found.push_back({n, std::move(f)});
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second.path < b.second.path;
  });
  std::vector<LevelEntry> levels;
  for (const auto& [n, f] : found) {
    LevelEntry e;
    e.path = image + kMemberSeparator + f.path;
    e.file = f.path;
    try {
      e.id = readLevelHeader(bytes.data() + f.offset, size_t(f.size), e.path).id;
      e.name = levelTitle(e.id);
    } catch (const Error&) {
      // Listed all the same: reading it then says what is wrong.
    }
    levels.push_back(std::move(e));
  }
  return levels;
}

std::vector<LevelEntry> listLevels(const std::string& path) {
  std::error_code ec;
  std::vector<LevelEntry> levels;
  if (fs::is_directory(pathOf(path), ec)) {
    std::vector<std::pair<long, fs::path>> files;
    for (const auto& e : fs::directory_iterator(pathOf(path), ec))
      if (long n = levelNumber(utf8Of(e.path())); n >= 0 && e.is_regular_file(ec))
        files.push_back({n, e.path()});
    std::sort(files.begin(), files.end());
    for (const auto& [n, p] : files) {
      FileBytes b(utf8Of(p));
      if (looksLikeLevelWad(b.data(), b.size()))
        levels.push_back(entryOf(utf8Of(p), utf8Of(p.filename())));
    }
    if (levels.empty())
      throw Error(path, Error::kNoOffset, "holds no Ratchet & Clank 2 LEVEL<n>.WAD");
    return levels;
  }
  if (!splitMemberPath(path)) {
    FileBytes b(path);
    if (iso::looksLikeIso(b.data(), b.size())) {
      levels = discLevels(path);
      if (levels.empty())
        throw Error(path, Error::kNoOffset,
                    "the ISO-9660 image holds no LEVEL<n>.WAD: not a Ratchet & Clank 2 disc");
      return levels;
    }
  }
  levels.push_back(entryOf(path, utf8Of(pathOf(path).filename())));
  if (levels.back().id < 0) levelIdOf(path); // throws what is wrong
  return levels;
}

} // namespace strata::rc2
