#include "test_support.h"

#include "strata/image.h"
#include "strata/scene.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <stdexcept>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace testsupport {

fs::path tempDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = info ? std::string(info->test_suite_name()) + "." + info->name() : "misc";
  for (char& c : name)
    if (c == '/') c = '_';
  fs::path dir = fs::current_path() / "test-out" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

static std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'')
      q += "'\\''";
    else
      q += c;
  }
  return q + "'";
}

RunResult run(const std::string& commandLine) {
  RunResult r;
  FILE* p = popen((commandLine + " 2>&1").c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.output.append(buf.data(), n);
  int status = pclose(p);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

RunResult cli(const std::vector<std::string>& args, const fs::path& cwd) {
  std::string line = (cwd.empty() ? "" : "cd " + quote(cwd.string()) + " && ") + quote(STRATA_CLI);
  for (auto& a : args) line += " " + quote(a);
  return run(line + " </dev/null");
}

RunResult cliOnTerminal(const std::vector<std::string>& args) {
  std::string line = quote(STRATA_CLI);
  for (auto& a : args) line += " " + quote(a);
  return run("script -qec " + quote(line + " </dev/null") + " /dev/null");
}

MeasuredRun cliMeasured(const std::vector<std::string>& args) {
  MeasuredRun m;
  int outPipe[2], errPipe[2];
  if (pipe(outPipe) != 0 || pipe(errPipe) != 0) return m;
  std::vector<std::string> argv = {STRATA_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (std::string& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const int in = open("/dev/null", O_RDONLY);
    dup2(in, 0);
    dup2(outPipe[1], 1);
    dup2(errPipe[1], 2);
    for (int fd : {outPipe[0], outPipe[1], errPipe[0], errPipe[1], in}) close(fd);
    execv(cargv[0], cargv.data());
    _exit(127);
  }
  close(outPipe[1]);
  close(errPipe[1]);
  pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
  std::string* into[2] = {&m.out, &m.err};
  for (int open = 2; open > 0;) {
    if (poll(fds, 2, -1) < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
      char buf[4096];
      const ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        into[i]->append(buf, size_t(n));
      } else {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open;
      }
    }
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) == pid) {
    m.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    m.peakKiB = usage.ru_maxrss;
  }
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return m;
}

void expectValid(const fs::path& file) {
  ValidatorResult v = validateGltf(file);
  EXPECT_EQ(v.errors, 0) << v.raw;
  EXPECT_EQ(v.warnings, 0) << v.raw;
}

ValidatorResult validateGltf(const fs::path& file) {
  ValidatorResult v;
  RunResult r = run(quote(STRATA_NODE) + " " +
                    quote(std::string(STRATA_SOURCE_DIR) + "/tools/validator/validate.mjs") + " " +
                    quote(file.string()));
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

const std::string& nodeExecutable() {
  static const std::string node = STRATA_NODE;
  return node;
}

strata::Image solidImage(const std::string& name, uint32_t dxgiFormat, uint32_t w, uint32_t h,
                         uint32_t mips, const std::vector<uint8_t>& unit) {
  strata::Image img;
  img.name = name;
  img.dxgiFormat = dxgiFormat;
  img.width = w;
  img.height = h;
  img.mipLevels = mips;
  const size_t size = size_t(strata::image::imageByteSize(img));
  while (img.data.size() < size) img.data.insert(img.data.end(), unit.begin(), unit.end());
  img.data.resize(size);
  return img;
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

} // namespace testsupport
