// Whole installs in one go (docs/distributed.md): a directory of good, bad and
// unrecognised inputs through convert, validate, textures and tiles with --report;
// --shard I/N shares that add up to one run; --skip-existing redoing exactly
// what is missing.
#include "test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

using namespace testsupport;
using nlohmann::json;

namespace {

// Leaf-level triangles each sample converts to by default (skirts left out),
// from tools/make_samples.cpp: an Atlas of depth d and q x q quads a chunk has
// 4^(d-1) leaves of 2 q^2 triangles each.
constexpr uint64_t kV140Triangles = 16 * 2 * 8 * 8; // depth 3, 8 x 8 quads
constexpr uint64_t kV100Triangles = 4 * 2 * 6 * 6;  // depth 2, 6 x 6 quads

struct Corpus {
  fs::path in;                        // the directory argument
  std::map<std::string, bool> inputs; // path -> converts (false: recognised but broken)
  std::map<std::string, uint64_t> sizes;
  std::set<std::string> unrecognised; // files the walk finds but no handler knows
  uint64_t triangles = 0;             // what the good Atlas inputs convert to
};

uint64_t directoryBytes(const fs::path& dir) {
  uint64_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) n += e.file_size();
  return n;
}

// `copies` sets of good samples (two Atlas versions, both YTD editions, a
// tfrag level directory), a truncated Atlas and YTD (recognised by their
// magic, unreadable), and two files nothing recognises.
Corpus makeCorpus(const fs::path& root, int copies) {
  Corpus c;
  c.in = root / "in";
  auto add = [&](const fs::path& p, bool good) {
    c.inputs[p.string()] = good;
    c.sizes[p.string()] = fs::is_directory(p) ? directoryBytes(p) : fs::file_size(p);
  };
  for (int k = 0; k < copies; ++k) {
    const fs::path set = c.in / ("set" + std::to_string(k));
    fs::create_directories(set);
    for (const char* name :
         {"terrain-v140.atlas", "terrain-v100.atlas", "textures-v5.ytd", "textures-v13.ytd"}) {
      const fs::path to = set / (fs::path(name).stem().string() + "_" + std::to_string(k) +
                                 fs::path(name).extension().string());
      fs::copy_file(samplePath(name), to);
      add(to, true);
    }
    c.triangles += kV140Triangles + kV100Triangles;
    const fs::path level = set / ("level_" + std::to_string(k));
    fs::copy(samplePath("tfrag-level"), level, fs::copy_options::recursive);
    add(level, true);
  }
  fs::create_directories(c.in / "bad");
  std::vector<uint8_t> atlas = readBytes(samplePath("terrain-v140.atlas"));
  atlas.resize(atlas.size() / 2);
  writeBytes(c.in / "bad" / "cut.atlas", atlas);
  add(c.in / "bad" / "cut.atlas", false);
  std::vector<uint8_t> ytd = readBytes(samplePath("textures-v5.ytd"));
  ytd.resize(64);
  writeBytes(c.in / "bad" / "cut.ytd", ytd);
  add(c.in / "bad" / "cut.ytd", false);
  writeBytes(c.in / "readme.txt", {'n', 'o', 't', 'e', '\n'});
  writeBytes(c.in / "bad" / "noise.bin", std::vector<uint8_t>(300, 0x5A));
  c.unrecognised = {(c.in / "readme.txt").string(), (c.in / "bad" / "noise.bin").string()};
  return c;
}

json readJson(const fs::path& p) {
  const std::vector<uint8_t> b = readBytes(p);
  return json::parse(b.begin(), b.end());
}

// A report without its timings (the only thing two runs may differ in).
json withoutTimes(json j) {
  if (j.is_object()) {
    j.erase("seconds");
    j.erase("runs");
    for (auto& [k, v] : j.items()) v = withoutTimes(v);
  } else if (j.is_array()) {
    for (json& v : j) v = withoutTimes(v);
  }
  return j;
}

std::map<std::string, json> byPath(const json& report) {
  std::map<std::string, json> m;
  for (const json& r : report["records"]) m[r["path"]] = r;
  return m;
}

std::string lastLine(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  return t.substr(t.rfind('\n') == std::string::npos ? 0 : t.rfind('\n') + 1);
}

// docs/distributed.md's shard rule, written again from the text: FNV-1a 64
// of the key, the SplitMix64 finaliser, modulo N, plus one.
uint32_t documentedShard(const std::string& key, uint32_t n) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char ch : key) h = (h ^ ch) * 1099511628211ull;
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
  h ^= h >> 31;
  return uint32_t(h % n) + 1;
}

} // namespace

TEST(BatchCli, MixedDirectoryConvertsTheGoodListsTheBadAndReports) {
  const fs::path dir = tempDir();
  const Corpus c = makeCorpus(dir, 1);
  const fs::path out = dir / "out", report = dir / "r.json";
  MeasuredRun r = cliMeasured(
      {"convert", c.in.string(), "-o", out.string(), "--jobs", "2", "--report", report.string()});
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err; // inputs failed; the others still convert
  const json j = readJson(report);
  const auto records = byPath(j);
  ASSERT_EQ(records.size(), c.inputs.size()) << j.dump(1);
  size_t good = 0, bad = 0;
  uint64_t bytesIn = 0, bytesOut = 0;
  for (const auto& [path, converts] : c.inputs) {
    const json& rec = records.at(path);
    const fs::path glb = out / (fs::path(path).stem().string() + ".glb");
    EXPECT_EQ(rec["size"], c.sizes.at(path)) << path;
    bytesIn += c.sizes.at(path);
    EXPECT_EQ(rec["key"], fs::path(path).lexically_relative(c.in).generic_string());
    if (converts) {
      ++good;
      EXPECT_EQ(rec["status"], "ok") << rec.dump(1);
      ASSERT_TRUE(fs::exists(glb)) << glb;
      ASSERT_EQ(rec["outputs"].size(), 1u) << rec.dump(1);
      EXPECT_EQ(rec["outputs"][0]["path"], glb.string());
      EXPECT_EQ(rec["outputs"][0]["size"], fs::file_size(glb));
      bytesOut += fs::file_size(glb);
      EXPECT_TRUE(rec["errors"].empty()) << rec.dump(1);
      // Off a terminal: one line per input on stdout.
      EXPECT_NE(r.out.find(path + ": converted to " + glb.string() + "\n"), std::string::npos);
    } else {
      ++bad;
      EXPECT_EQ(rec["status"], "failed") << rec.dump(1);
      EXPECT_FALSE(fs::exists(glb)) << glb;
      EXPECT_TRUE(rec["outputs"].empty());
      ASSERT_EQ(rec["errors"].size(), 1u) << rec.dump(1);
      // The error is placed in the file, and named on stderr the same way.
      ASSERT_TRUE(rec["errors"][0].contains("offset")) << rec.dump(1);
      const uint64_t at = rec["errors"][0]["offset"];
      EXPECT_NE(r.err.find("strata: error: " + path + ": " + byteAt(at) + ": " +
                           rec["errors"][0]["message"].get<std::string>() + "\n"),
                std::string::npos)
          << r.err;
    }
  }
  EXPECT_EQ(good, 5u);
  EXPECT_EQ(bad, 2u);
  EXPECT_EQ(j["ignored"], json(c.unrecognised));
  const json& t = j["totals"];
  EXPECT_EQ(t["inputs"], good + bad);
  EXPECT_EQ(t["ok"], good);
  EXPECT_EQ(t["failed"], bad);
  EXPECT_EQ(t["skipped"], 0);
  EXPECT_EQ(t["errors"], bad);
  EXPECT_EQ(t["ignored"], 2);
  EXPECT_EQ(t["bytesIn"], bytesIn);
  EXPECT_EQ(t["bytesOut"], bytesOut);
  EXPECT_EQ(j["census"]["atlas"]["files"], 3);
  EXPECT_EQ(j["census"]["atlas"]["failed"], 1);
  EXPECT_EQ(j["census"]["atlas"]["triangles"], c.triangles);
  EXPECT_EQ(j["census"]["ytd"]["files"], 3);
  EXPECT_EQ(j["census"]["tfrag"]["files"], 1);
  EXPECT_TRUE(j["complete"].get<bool>());
  EXPECT_EQ(lastLine(r.out).rfind("converted 5 of 7 inputs into " + out.string() +
                                      " (0 skipped, 2 failed, 2 not recognised; ",
                                  0),
            0u)
      << r.out;
  // Nothing but outputs in OUT: no temporary file of the failed inputs left behind.
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(out)) files += e.path().extension() == ".glb";
  EXPECT_EQ(files, good);
  EXPECT_EQ(size_t(std::distance(fs::directory_iterator(out), fs::directory_iterator())), good);

  // validate: the same inputs, the bad ones failed with their errors.
  MeasuredRun v = cliMeasured({"validate", c.in.string(), "--report", (dir / "v.json").string()});
  EXPECT_EQ(v.exitCode, 1);
  const auto vrec = byPath(readJson(dir / "v.json"));
  for (const auto& [path, converts] : c.inputs) {
    EXPECT_EQ(vrec.at(path)["status"], converts ? "ok" : "failed") << path;
    EXPECT_EQ(vrec.at(path)["errors"].empty(), converts) << path;
  }
  EXPECT_EQ(lastLine(v.out).rfind("validated 7 files: 2 invalid, 0 warnings (", 0), 0u) << v.out;
}

TEST(BatchCli, ThreeShardsMergeIntoOneRun) {
  const fs::path dir = tempDir();
  const Corpus c = makeCorpus(dir, 3);
  const fs::path out = dir / "out";
  RunResult all =
      cli({"convert", c.in.string(), "-o", out.string(), "--report", (dir / "all.json").string()});
  ASSERT_EQ(all.exitCode, 1) << all.output;
  fs::remove_all(out);
  std::vector<std::string> shardReports;
  std::set<std::string> seen;
  for (int i = 1; i <= 3; ++i) {
    const std::string rep = (dir / ("s" + std::to_string(i) + ".json")).string();
    RunResult s = cli({"convert", c.in.string(), "-o", out.string(), "--shard",
                       std::to_string(i) + "/3", "--report", rep});
    ASSERT_TRUE(s.exitCode == 0 || s.exitCode == 1) << s.output;
    shardReports.push_back(rep);
    const json j = readJson(rep);
    EXPECT_EQ(j["shards"], json::array({i}));
    EXPECT_FALSE(j["complete"].get<bool>());
    EXPECT_FALSE(j["records"].empty()) << "shard " << i << " of 3 holds nothing";
    for (const json& r : j["records"]) {
      EXPECT_TRUE(seen.insert(r["path"]).second) << r["path"] << " is in two shards";
      EXPECT_EQ(documentedShard(r["key"], 3), uint32_t(i)) << r["key"];
    }
    EXPECT_EQ(s.exitCode, j["totals"]["failed"].get<int>() ? 1 : 0);
  }
  std::set<std::string> every;
  for (const auto& [p, good] : c.inputs) every.insert(p);
  EXPECT_EQ(seen, every); // every input exactly once

  std::vector<std::string> merge = {"report", "merge"};
  merge.insert(merge.end(), shardReports.begin(), shardReports.end());
  merge.insert(merge.end(), {"-o", (dir / "merged.json").string()});
  RunResult m = cli(merge);
  ASSERT_EQ(m.exitCode, 0) << m.output;
  const json single = withoutTimes(readJson(dir / "all.json"));
  const json merged = withoutTimes(readJson(dir / "merged.json"));
  ASSERT_EQ(merged["records"].size(), single["records"].size());
  for (size_t k = 0; k < single["records"].size(); ++k)
    EXPECT_EQ(merged["records"][k], single["records"][k]) << k;
  EXPECT_EQ(merged["census"], single["census"]);
  EXPECT_EQ(merged["totals"], single["totals"]);
  EXPECT_EQ(merged["ignored"], single["ignored"]);
  EXPECT_TRUE(merged["complete"].get<bool>());
  EXPECT_EQ(merged["shards"], json::array({1, 2, 3}));
  EXPECT_EQ(readJson(dir / "merged.json")["runs"].size(), 3u);

  // Two shards: merged, but said to be partial; one shard twice: refused.
  RunResult partial = cli(
      {"report", "merge", shardReports[0], shardReports[2], "-o", (dir / "partial.json").string()});
  EXPECT_EQ(partial.exitCode, 0) << partial.output;
  EXPECT_NE(partial.output.find("the census is partial"), std::string::npos) << partial.output;
  EXPECT_FALSE(readJson(dir / "partial.json")["complete"].get<bool>());
  RunResult twice = cli(
      {"report", "merge", shardReports[0], shardReports[0], "-o", (dir / "twice.json").string()});
  EXPECT_EQ(twice.exitCode, 1);
  EXPECT_NE(twice.output.find("shard 1 is in two of the reports"), std::string::npos)
      << twice.output;
  EXPECT_FALSE(fs::exists(dir / "twice.json"));

  // A report cut short or edited into another shape is refused, naming it.
  json edited = readJson(shardReports[1]);
  edited["records"][0]["size"] = "big";
  writeBytes(dir / "edited.json", [&] {
    const std::string t = edited.dump();
    return std::vector<uint8_t>(t.begin(), t.end());
  }());
  std::vector<uint8_t> cut = readBytes(shardReports[1]);
  cut.resize(cut.size() / 2);
  writeBytes(dir / "cut.json", cut);
  for (const char* name : {"edited.json", "cut.json"}) {
    RunResult r = cli({"report", "merge", shardReports[0], (dir / name).string(), "-o",
                       (dir / "never.json").string()});
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("strata: error: " + (dir / name).string() + ": "), std::string::npos)
        << r.output;
    EXPECT_FALSE(fs::exists(dir / "never.json"));
  }
  EXPECT_NE(cli({"report", "merge", shardReports[0], (dir / "edited.json").string(), "-o",
                 (dir / "never.json").string()})
                .output.find("record 0: \"size\" is not a byte count"),
            std::string::npos);

  // Stable: more files, a different listing and the same directory reached by
  // another path leave every old input in its shard.
  fs::create_directories(c.in / "zz-new");
  for (int k = 0; k < 5; ++k)
    fs::copy_file(samplePath("textures-v13.ytd"),
                  c.in / "zz-new" / ("n" + std::to_string(k) + ".ytd"));
  for (int i = 1; i <= 3; ++i) {
    RunResult again =
        cli({"validate", "in", "--shard", std::to_string(i) + "/3", "--report", "again.json"}, dir);
    std::set<std::string> before, after;
    const json report1 = readJson(shardReports[size_t(i - 1)]);
    for (const json& r : report1["records"])
      before.insert(fs::path(r["path"].get<std::string>()).lexically_relative(c.in).string());
    const json report2 = readJson(dir / "again.json");
    for (const json& r : report2["records"]) {
      const std::string rel =
          fs::path(r["path"].get<std::string>()).lexically_relative("in").string();
      if (rel.rfind("zz-new", 0) != 0) after.insert(rel);
    }
    EXPECT_EQ(after, before) << "shard " << i;
  }
}

TEST(BatchCli, ShardNumbersAreOneToN) {
  for (const char* bad : {"0/3", "4/3", "1/0", "3", "a/b", "-1/3"}) {
    MeasuredRun r =
        cliMeasured({"validate", samplePath("terrain-v140.atlas").string(), "--shard", bad});
    EXPECT_EQ(r.exitCode, 2) << bad;
    EXPECT_NE(r.err.find("--shard"), std::string::npos) << r.err;
  }
  MeasuredRun zero =
      cliMeasured({"validate", samplePath("terrain-v140.atlas").string(), "--shard", "0/3"});
  EXPECT_NE(zero.err.find("shards are numbered 1 to 3"), std::string::npos) << zero.err;
  // One input either is or is not in shard I: the others do nothing, and succeed.
  const fs::path dir = tempDir();
  int converted = 0;
  for (int i = 1; i <= 2; ++i) {
    const fs::path glb = dir / ("s" + std::to_string(i) + ".glb");
    MeasuredRun r = cliMeasured({"convert", samplePath("terrain-v140.atlas").string(), "-o",
                                 glb.string(), "--shard", std::to_string(i) + "/2"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    converted += fs::exists(glb);
  }
  EXPECT_EQ(converted, 1);
}

TEST(BatchCli, SkipExistingRedoesExactlyWhatIsMissing) {
  const fs::path dir = tempDir();
  const Corpus c = makeCorpus(dir, 2);
  const fs::path out = dir / "out";
  ASSERT_EQ(cli({"convert", c.in.string(), "-o", out.string()}).exitCode, 1);
  std::vector<fs::path> glbs;
  for (const auto& e : fs::directory_iterator(out)) glbs.push_back(e.path());
  std::sort(glbs.begin(), glbs.end());
  ASSERT_EQ(glbs.size(), 10u);
  std::set<std::string> deleted, kept;
  std::map<std::string, fs::file_time_type> times;
  for (size_t i = 0; i < glbs.size(); ++i) {
    if (i % 2) {
      fs::remove(glbs[i]);
      deleted.insert(glbs[i].string());
    } else {
      kept.insert(glbs[i].string());
      times[glbs[i].string()] = fs::last_write_time(glbs[i]);
    }
  }
  // What a crash mid-write leaves: a temporary file, never the output's name.
  writeBytes(fs::path(*deleted.begin()).string() + ".tmp123456", {1, 2, 3});

  MeasuredRun r = cliMeasured({"convert", c.in.string(), "-o", out.string(), "--skip-existing",
                               "--report", (dir / "r.json").string()});
  EXPECT_EQ(r.exitCode, 1) << r.err; // the two broken inputs still fail
  std::set<std::string> redone, skipped;
  const json report3 = readJson(dir / "r.json");
  for (const json& rec : report3["records"]) {
    if (rec["status"] == "ok") redone.insert(rec["outputs"][0]["path"]);
    if (rec["status"] == "skipped") skipped.insert(rec["outputs"][0]["path"]);
  }
  EXPECT_EQ(redone, deleted);
  EXPECT_EQ(skipped, kept);
  for (const auto& [p, t] : times) EXPECT_EQ(fs::last_write_time(p), t) << p << " was rewritten";
  for (const std::string& p : deleted) EXPECT_TRUE(fs::exists(p)) << p;
  EXPECT_EQ(lastLine(r.out).rfind("converted 5 of 12 inputs into " + out.string() +
                                      " (5 skipped, 2 failed, 2 not recognised; ",
                                  0),
            0u)
      << r.out;

  // textures: each input's directory is renamed into place when complete;
  // one deleted is the one rewritten.
  const fs::path tex = dir / "tex";
  RunResult first = cli({"textures", c.in.string(), "-o", tex.string()});
  EXPECT_EQ(first.exitCode, 1) << first.output;
  ASSERT_TRUE(fs::is_directory(tex / "textures-v5_0"));
  EXPECT_TRUE(fs::exists(tex / "textures-v5_0" / "sky_cube.png"));
  EXPECT_FALSE(fs::exists(tex / "cut")); // a failed input leaves no directory
  for (const auto& e : fs::directory_iterator(tex))
    EXPECT_EQ(e.path().filename().string().find(".partial"), std::string::npos) << e.path();
  fs::remove_all(tex / "textures-v13_1");
  RunResult again = cli({"textures", c.in.string(), "-o", tex.string(), "--skip-existing",
                         "--report", (dir / "t.json").string()});
  EXPECT_EQ(again.exitCode, 1) << again.output;
  std::vector<std::string> ok;
  const json report4 = readJson(dir / "t.json");
  for (const json& rec : report4["records"])
    if (rec["status"] == "ok") ok.push_back(rec["path"]);
  EXPECT_EQ(ok, std::vector<std::string>{(c.in / "set1" / "textures-v13_1.ytd").string()});
  EXPECT_TRUE(fs::exists(tex / "textures-v13_1" / "checker_bc1.png"));

  // One input writes into DIR itself: each texture file there is left alone.
  const fs::path single = dir / "single";
  ASSERT_EQ(
      cli({"textures", samplePath("textures-v5.ytd").string(), "-o", single.string()}).exitCode, 0);
  const auto before = fs::last_write_time(single / "checker_bc1.png");
  fs::remove(single / "sky_cube.png");
  fs::remove(single / "normal_bc5.png");
  MeasuredRun one = cliMeasured({"textures", samplePath("textures-v5.ytd").string(), "-o",
                                 single.string(), "--skip-existing"});
  EXPECT_EQ(one.exitCode, 0) << one.err;
  // stdout: the two files written, then the summary.
  std::set<std::string> lines;
  std::istringstream text(one.out);
  for (std::string l; std::getline(text, l);) lines.insert(l);
  EXPECT_EQ(lines.size(), 3u) << one.out;
  EXPECT_TRUE(lines.count((single / "sky_cube.png").string())) << one.out;
  EXPECT_TRUE(lines.count((single / "normal_bc5.png").string())) << one.out;
  EXPECT_EQ(lastLine(one.out).rfind("wrote 2 textures from 1 of 1 inputs to " + single.string(), 0),
            0u)
      << one.out;
  EXPECT_EQ(fs::last_write_time(single / "checker_bc1.png"), before);
  EXPECT_TRUE(fs::exists(single / "sky_cube.png"));
}

// tiles takes the batch options as convert does: a record per terrain in
// --report, --shard shares that add up to the one run, and --skip-existing
// redoing exactly the tilesets that are missing.
TEST(BatchCli, TilesShardsReportsAndSkipsExistingTilesets) {
  const fs::path dir = tempDir();
  const fs::path in = dir / "in", out = dir / "out";
  fs::create_directories(in);
  for (const char* name : {"terrain-v140.atlas", "terrain-v100.atlas", "terrain-blended.atlas",
                           "terrain.chu", "terrain.tqt", "textures-v5.ytd"})
    fs::copy_file(samplePath(name), in / name);
  std::vector<uint8_t> cut = readBytes(samplePath("terrain-v140.atlas"));
  cut.resize(cut.size() / 2);
  writeBytes(in / "cut.atlas", cut);
  const std::set<std::string> good = {
      (in / "terrain-v140.atlas").string(), (in / "terrain-v100.atlas").string(),
      (in / "terrain-blended.atlas").string(), (in / "terrain.chu").string()};
  MeasuredRun all = cliMeasured(
      {"tiles", in.string(), "-o", out.string(), "--report", (dir / "all.json").string()});
  EXPECT_EQ(all.exitCode, 1) << all.err; // the cut terrain fails; the others are written
  EXPECT_EQ(lastLine(all.out), "tiled 4 of 5 inputs into " + out.string() + " (1 failed)");
  const json report = readJson(dir / "all.json");
  EXPECT_EQ(report["command"], "tiles");
  const auto records = byPath(report);
  ASSERT_EQ(records.size(), 5u) << report.dump(1); // the YTD and the TQT are no terrains
  for (const std::string& path : good) {
    const json& rec = records.at(path);
    EXPECT_EQ(rec["status"], "ok") << rec.dump(1);
    EXPECT_EQ(rec["size"], fs::file_size(path));
    // Every file of the tileset, its tileset.json among them, with its size.
    const fs::path tileset = out / fs::path(path).stem() / "tileset.json";
    size_t files = 0;
    bool listed = false;
    for (const auto& e : fs::recursive_directory_iterator(out / fs::path(path).stem()))
      files += e.is_regular_file();
    for (const json& o : rec["outputs"]) {
      EXPECT_EQ(o["size"], fs::file_size(o["path"].get<std::string>())) << o;
      listed |= o["path"] == tileset.string();
    }
    EXPECT_TRUE(listed) << rec.dump(1);
    EXPECT_EQ(rec["outputs"].size(), files);
  }
  // Every level's chunks (tools/make_samples.cpp): v140 is depth 3 with 8 x 8
  // quads a chunk, v100 depth 2 with 6 x 6.
  EXPECT_EQ(records.at((in / "terrain-v140.atlas").string())["summary"]["triangles"],
            21 * 2 * 8 * 8);
  EXPECT_EQ(records.at((in / "terrain-v100.atlas").string())["summary"]["triangles"],
            5 * 2 * 6 * 6);
  const json& broken = records.at((in / "cut.atlas").string());
  EXPECT_EQ(broken["status"], "failed");
  EXPECT_FALSE(broken["errors"].empty());
  EXPECT_FALSE(fs::exists(out / "cut"));

  // Three shards: every terrain in the one its key hashes to, merged into the run above.
  std::vector<std::string> merge = {"report", "merge"};
  std::set<std::string> seen;
  for (int i = 1; i <= 3; ++i) {
    const std::string rep = (dir / ("s" + std::to_string(i) + ".json")).string();
    RunResult s = cli({"tiles", in.string(), "-o", (dir / "shards").string(), "--shard",
                       std::to_string(i) + "/3", "--report", rep});
    ASSERT_TRUE(s.exitCode == 0 || s.exitCode == 1) << s.output;
    const json shard = readJson(rep);
    for (const json& r : shard["records"]) {
      EXPECT_TRUE(seen.insert(r["path"]).second) << r["path"] << " is in two shards";
      EXPECT_EQ(documentedShard(r["key"], 3), uint32_t(i)) << r["key"];
      EXPECT_EQ(fs::exists(dir / "shards" / fs::path(r["path"].get<std::string>()).stem()),
                r["status"] == "ok");
    }
    merge.push_back(rep);
  }
  EXPECT_EQ(seen.size(), 5u);
  merge.insert(merge.end(), {"-o", (dir / "merged.json").string()});
  ASSERT_EQ(cli(merge).exitCode, 0);
  const json merged = withoutTimes(readJson(dir / "merged.json"));
  const json single = withoutTimes(report);
  EXPECT_EQ(merged["census"], single["census"]);
  EXPECT_EQ(merged["totals"]["failed"], single["totals"]["failed"]);
  EXPECT_EQ(merged["totals"]["inputs"], single["totals"]["inputs"]);

  // --skip-existing: a tileset that is there is left alone, a missing one written.
  const fs::path kept = out / "terrain-v140" / "tileset.json";
  const auto before = fs::last_write_time(kept);
  fs::remove_all(out / "terrain-v100");
  MeasuredRun again = cliMeasured({"tiles", in.string(), "-o", out.string(), "--skip-existing",
                                   "--report", (dir / "again.json").string()});
  EXPECT_EQ(again.exitCode, 1) << again.err;
  EXPECT_EQ(lastLine(again.out),
            "tiled 1 of 5 inputs into " + out.string() + " (3 skipped, 1 failed)");
  std::set<std::string> redone, skipped;
  const json againReport = readJson(dir / "again.json");
  for (const json& rec : againReport["records"]) {
    if (rec["status"] == "ok") redone.insert(rec["path"]);
    if (rec["status"] == "skipped") skipped.insert(rec["path"]);
  }
  EXPECT_EQ(redone, std::set<std::string>{(in / "terrain-v100.atlas").string()});
  EXPECT_EQ(skipped.size(), 3u);
  EXPECT_EQ(fs::last_write_time(kept), before);
  EXPECT_TRUE(fs::exists(out / "terrain-v100" / "tileset.json"));
}

// `strata info`: one line per texture or level, each value from the samples'
// generator (tools/make_samples.cpp) and the specs, not from the reader.
TEST(BatchCli, InfoSummarisesEachSampleLineByLine) {
  auto size = [](const char* n) { return std::to_string(fs::file_size(samplePath(n))); };
  // Atlas level L of a depth-3 tree with 8 x 8 quads a chunk: 4^L chunks of
  // 128 triangles and 64 skirt triangles (4 sides x 8 quads x 2).
  auto atlasLevels = [](uint64_t q, int depth, const char* textured) {
    std::vector<std::string> l;
    for (int L = 0; L < depth; ++L) {
      const uint64_t n = uint64_t(1) << (2 * L);
      l.push_back("  level " + std::to_string(L) + ": " + std::to_string(n) + " chunks, " +
                  std::to_string(n * 2 * q * q) + " triangles (+" + std::to_string(n * 8 * q) +
                  " skirt), " + textured);
    }
    return l;
  };
  auto with = [](std::string head, std::vector<std::string> rest) {
    rest.insert(rest.begin(), std::move(head));
    return rest;
  };
  std::map<std::string, std::vector<std::string>> expected = {
      {"terrain-v140.atlas", with("atlas v140: 21 geometry chunks in 3 levels, 0 texture trees, " +
                                      size("terrain-v140.atlas") + " bytes",
                                  atlasLevels(8, 3, "untextured"))},
      {"terrain-v100.atlas", with("atlas v100: 5 geometry chunks in 2 levels, 0 texture trees, " +
                                      size("terrain-v100.atlas") + " bytes",
                                  atlasLevels(6, 2, "untextured"))},
      {"terrain-unique.atlas",
       with("atlas v140: 21 geometry chunks in 3 levels, 1 texture trees, " +
                size("terrain-unique.atlas") + " bytes",
            atlasLevels(8, 3, "textured"))},
      // Blended: an opacity tree and a light-map tree.
      {"terrain-blended.atlas",
       with("atlas v140: 21 geometry chunks in 3 levels, 2 texture trees, " +
                size("terrain-blended.atlas") + " bytes",
            atlasLevels(8, 3, "textured"))},
      // CHU counts skirts in its triangles (§9b): 128 + 64 a chunk.
      {"terrain.chu",
       {"chu v400: 21 chunks in 3 levels, " + size("terrain.chu") +
            " bytes, textures from terrain.tqt",
        "  level 0: 1 chunks, 192 triangles (skirts included), textured",
        "  level 1: 4 chunks, 768 triangles (skirts included), textured",
        "  level 2: 16 chunks, 3072 triangles (skirts included), textured"}},
      {"terrain.tqt",
       {"tqt v2: 21 tiles in 3 levels, " + size("terrain.tqt") + " bytes",
        "  level 0: 1 tiles, 16x16, BC1_UNORM", "  level 1: 4 tiles, 16x16, BC1_UNORM",
        "  level 2: 16 tiles, 16x16, BC1_UNORM"}},
      // core/src/ytd/ytd_synth.cpp's sets; DXGI names (BGRA8 = B8G8R8A8_UNORM).
      {"textures-v13.ytd",
       {"ytd v13 (legacy): 3 textures", "  checker_bc1: BC1_UNORM, 64x64, 7 mips, 2D",
        "  alpha_bc3: BC3_UNORM, 32x32, 6 mips, 2D",
        "  ramp_a8r8g8b8: B8G8R8A8_UNORM, 16x16, 5 mips, 2D"}},
      {"textures-v5.ytd",
       {"ytd v5 (enhanced): 6 textures", "  checker_bc1: BC1_UNORM, 64x64, 7 mips, 2D",
        "  alpha_bc3: BC3_UNORM, 32x32, 6 mips, 2D",
        "  gradient_bc7_srgb: BC7_UNORM_SRGB, 64x32, 7 mips, 2D",
        "  normal_bc5: BC5_UNORM, 32x32, 1 mips, 2D",
        "  ramp_rgba8: R8G8B8A8_UNORM, 16x16, 5 mips, 2D",
        "  sky_cube: B8G8R8A8_UNORM, 8x8, 4 mips, cube"}},
      // 2 x 2 patches of 5 x 5, 3 x 3 and 2 x 2 vertex grids: 32, 8 and 2 triangles each.
      {"tfrag-level",
       {"tfrag level: 4 tfrags, 3 textures", "  LOD 0: 4 tfrags, 128 triangles, textured",
        "  LOD 1: 4 tfrags, 32 triangles, textured", "  LOD 2: 4 tfrags, 8 triangles, textured"}},
  };
  for (auto& [name, lines] : expected) {
    const std::string in = samplePath(name).string();
    MeasuredRun r = cliMeasured({"info", in});
    ASSERT_EQ(r.exitCode, 0) << name << r.err;
    EXPECT_EQ(r.err, "");
    std::vector<std::string> got;
    std::istringstream s(r.out);
    for (std::string l; std::getline(s, l);) got.push_back(l);
    lines.front() = in + ": " + lines.front();
    ASSERT_FALSE(got.empty()) << name;
    EXPECT_EQ(got.front(), lines.front());
    // Levels come in level order; textures in the file's (name-hash) order, so
    // the texture lines are compared as a set.
    if (name.find(".ytd") != std::string::npos) {
      std::sort(got.begin() + 1, got.end());
      std::sort(lines.begin() + 1, lines.end());
    }
    EXPECT_EQ(got, lines) << name;
  }
  // --verbose is the full tree, --json the document unchanged.
  MeasuredRun tree = cliMeasured({"info", "--verbose", samplePath("terrain-v140.atlas").string()});
  EXPECT_NE(tree.out.find("chunksWithCollision: 16"), std::string::npos) << tree.out;
  MeasuredRun js = cliMeasured({"info", "--json", samplePath("terrain-v140.atlas").string()});
  EXPECT_EQ(json::parse(js.out)["tocs"][0]["levels"][2]["triangles"], kV140Triangles);
}

// On a terminal (a pseudo-terminal from util-linux script(1)): one input shows
// its phases with counts, a batch its files and bytes; the bar is cleared
// before the summary line.
TEST(BatchCli, ProgressOnATerminal) {
  if (run("command -v script >/dev/null").exitCode != 0)
    GTEST_SKIP() << "needs util-linux script(1) for a pseudo-terminal";
  const fs::path dir = tempDir();
  const std::string in = samplePath("terrain-v140.atlas").string();
  RunResult one = cliOnTerminal({"convert", in, "-o", (dir / "one.glb").string()});
  ASSERT_EQ(one.exitCode, 0) << one.output;
  // The leaf level of terrain-v140: 16 chunks (4^2), built one by one.
  EXPECT_NE(one.output.find("converting terrain-v140.atlas: reading"), std::string::npos)
      << one.output;
  EXPECT_NE(one.output.find("converting terrain-v140.atlas: building 16/16"), std::string::npos)
      << one.output;
  EXPECT_NE(one.output.find("\r\033[Kconverted 1 of 1 inputs into "), std::string::npos)
      << one.output;
  fs::create_directories(dir / "in");
  fs::copy_file(in, dir / "in" / "a.atlas");
  fs::copy_file(samplePath("textures-v5.ytd"), dir / "in" / "b.ytd");
  const uint64_t bytes = fs::file_size(in) + fs::file_size(samplePath("textures-v5.ytd"));
  RunResult batch = cliOnTerminal({"convert", (dir / "in").string(), "-o", (dir / "out").string()});
  ASSERT_EQ(batch.exitCode, 0) << batch.output;
  char done[64];
  std::snprintf(done, sizeof done, "2/2 files, %.1f KiB of %.1f KiB", bytes / 1024.0,
                bytes / 1024.0);
  EXPECT_NE(batch.output.find(done), std::string::npos) << batch.output;
  // On a terminal the bar stands in for the per-input lines.
  EXPECT_EQ(batch.output.find(": converted to "), std::string::npos) << batch.output;
}
