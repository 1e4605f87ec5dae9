#include "test_support.h"

#include "assimp_library.h"
#include "strata/image.h"
#include "strata/scene.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

namespace testsupport {

fs::path tempDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = info ? std::string(info->test_suite_name()) + "." + info->name() : "misc";
  for (char& c : name)
    if (c == '/') c = '_';
  fs::path dir = fs::current_path() / "test-out" / name;
  // Writable first: Windows will not remove a read-only file (tinygltf's
  // MinGW build creates its files so).
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    fs::permissions(it->path(), fs::perms::owner_write, fs::perm_options::add, ec);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void expectValid(const fs::path& file) {
  ValidatorResult v = validateGltf(file);
  EXPECT_EQ(v.errors, 0) << v.raw;
  EXPECT_EQ(v.warnings, 0) << v.raw;
}

std::string assimpMissing() {
  try {
    strata::edits::assimpLibrary("(probe)");
    return "";
  } catch (const std::exception& e) {
    return std::string("no Assimp to read OBJ/FBX edits with: ") + e.what();
  }
}

std::string nodeMissing() {
#ifdef _WIN32
  return "node (the Khronos glTF Validator, the KTX tools) is a Linux program whose output the "
         "Windows build cannot capture under Wine; the Linux suite validates the same writers, "
         "and tests/package checks that the Windows CLI writes the Linux CLI's bytes";
#else
  return "";
#endif
}

ValidatorResult validateGltf(const fs::path& file) {
  ValidatorResult v;
  if (const std::string why = nodeMissing(); !why.empty()) {
    [&] { GTEST_SKIP() << why; }();
    v.errors = v.warnings = v.infos = 0;
    v.raw = why;
    return v;
  }
  RunResult r =
      runProgram({STRATA_NODE, std::string(STRATA_SOURCE_DIR) + "/tools/validator/validate.mjs",
                  file.string()});
  v.raw = r.output;
  auto nl = r.output.find('{');
  if (nl == std::string::npos) return v;
  try {
    auto j = nlohmann::json::parse(r.output.substr(nl, r.output.find('\n', nl) - nl));
    v.errors = j["errors"];
    v.warnings = j["warnings"];
    v.infos = j["infos"];
  } catch (...) {
  }
  return v;
}

std::string byteAt(uint64_t offset) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "at byte %llu (0x%llX)", (unsigned long long)offset,
                (unsigned long long)offset);
  return buf;
}

std::vector<uint8_t> readBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  // A missing sample must fail the test with its name, not feed an empty
  // buffer to size arithmetic further on.
  if (!in) throw std::runtime_error("cannot read " + file.string());
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

void writeBytes(const fs::path& file, const std::vector<uint8_t>& bytes) {
  std::ofstream out(file, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

fs::path sharedDir() {
  const char* env = std::getenv("STRATA_SHARED_DIR");
  return fs::path(env && *env ? env : STRATA_SHARED_DIR);
}

std::string sharedMissing() {
  std::error_code ec;
  if (fs::is_directory(sharedDir(), ec)) return "";
  return "needs the shared samples directory " + sharedDir().string() +
         " (../shared beside the checkout, or $STRATA_SHARED_DIR), which is absent";
}

fs::path sourceDir() {
  return fs::path(STRATA_SOURCE_DIR);
}

fs::path samplePath(const std::string& name) {
  return sourceDir() / "samples" / name;
}

const std::string& nodeExecutable() {
  static const std::string node = STRATA_NODE;
  return node;
}

strata::Image imageOfBytes(const std::string& name, uint32_t dxgiFormat, uint32_t w, uint32_t h,
                           std::vector<uint8_t> data, uint32_t mips) {
  strata::Image img;
  img.name = name;
  img.dxgiFormat = dxgiFormat;
  img.width = w;
  img.height = h;
  img.mipLevels = mips;
  img.data = std::move(data);
  return img;
}

strata::Image solidImage(const std::string& name, uint32_t dxgiFormat, uint32_t w, uint32_t h,
                         uint32_t mips, const std::vector<uint8_t>& unit) {
  strata::Image img = imageOfBytes(name, dxgiFormat, w, h, {}, mips);
  const size_t size = size_t(strata::image::imageByteSize(img));
  while (img.data.size() < size) img.data.insert(img.data.end(), unit.begin(), unit.end());
  img.data.resize(size);
  return img;
}

void addMeshNode(strata::Scene& s, strata::Mesh mesh, const std::string& node) {
  strata::Node n;
  n.name = node;
  n.mesh = int(s.meshes.size());
  s.meshes.push_back(std::move(mesh));
  s.roots.push_back(int(s.nodes.size()));
  s.nodes.push_back(n);
}

void expectSameImage(const strata::Image& a, const strata::Image& b) {
  EXPECT_EQ(a.dxgiFormat, b.dxgiFormat);
  EXPECT_EQ(a.width, b.width);
  EXPECT_EQ(a.height, b.height);
  EXPECT_EQ(a.depth, b.depth);
  EXPECT_EQ(a.mipLevels, b.mipLevels);
  EXPECT_EQ(a.arraySize, b.arraySize);
  EXPECT_EQ(a.cube, b.cube);
  EXPECT_EQ(a.colorSpace, b.colorSpace);
  EXPECT_EQ(a.data, b.data);
}

void put16(std::vector<uint8_t>& b, size_t at, uint16_t v) {
  b[at] = uint8_t(v), b[at + 1] = uint8_t(v >> 8);
}

void put32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + size_t(i)] = uint8_t(v >> (8 * i));
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

} // namespace testsupport
