#include "report.h"

#include "strata/fileio.h"
#include "strata/text.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>

namespace strata::cli {

using nlohmann::json;

static constexpr int kReportVersion = 1;

void accumulate(json& into, const json& from) {
  if (!into.is_object()) into = json::object();
  for (auto it = from.begin(); it != from.end(); ++it) {
    if (it->is_number_integer() && (!into.contains(it.key()) || into[it.key()].is_number_integer()))
      into[it.key()] = into.value(it.key(), int64_t(0)) + it->get<int64_t>();
    else if (it->is_number())
      into[it.key()] = into.value(it.key(), 0.0) + it->get<double>();
    else if (it->is_object())
      accumulate(into[it.key()], *it);
  }
}

static const char* statusName(Status s) {
  return s == Status::Ok ? "ok" : s == Status::Skipped ? "skipped" : "failed";
}

static json messagesJson(const std::vector<Message>& ms) {
  json a = json::array();
  for (const Message& m : ms) {
    json x = {{"message", m.text}};
    if (m.offset != Error::kNoOffset) x["offset"] = m.offset;
    a.push_back(x);
  }
  return a;
}

json recordJson(const Record& r) {
  json outputs = json::array();
  for (const OutputFile& o : r.outputs)
    outputs.push_back({{"path", escapeUtf8(o.path)}, {"size", o.size}});
  return {{"path", escapeUtf8(r.path)},
          {"key", escapeUtf8(r.key)},
          {"format", r.format},
          {"size", r.size},
          {"status", statusName(r.status)},
          {"outputs", outputs},
          {"errors", messagesJson(r.errors)},
          {"warnings", messagesJson(r.warnings)},
          {"notes", messagesJson(r.notes)},
          {"leftOut", r.leftOut},
          {"summary", r.summary},
          {"seconds", r.seconds}};
}

// Sorts the records by path and derives census and totals from them alone.
static void finish(json& report) {
  json& records = report["records"];
  std::sort(records.begin(), records.end(), [](const json& a, const json& b) {
    return a["path"].get<std::string>() < b["path"].get<std::string>();
  });
  json census = json::object();
  json totals = {{"inputs", 0},  {"ok", 0},       {"skipped", 0},  {"failed", 0},
                 {"errors", 0},  {"warnings", 0}, {"notes", 0},    {"leftOut", 0},
                 {"bytesIn", 0}, {"bytesOut", 0}, {"seconds", 0.0}};
  for (const json& r : records) {
    const std::string status = r["status"];
    uint64_t out = 0;
    for (const json& o : r["outputs"]) out += o["size"].get<uint64_t>();
    json counts = {{"files", 1},
                   {"ok", status == "ok"},
                   {"skipped", status == "skipped"},
                   {"failed", status == "failed"},
                   {"bytesIn", r["size"]},
                   {"bytesOut", out}};
    for (auto& [k, v] : counts.items())
      if (v.is_boolean()) v = v.get<bool>() ? 1 : 0;
    const std::string format = r["format"];
    json& bucket = census[format.empty() ? "unknown" : format];
    accumulate(bucket, counts);
    accumulate(bucket, r["summary"]);
    json t = {{"inputs", 1},
              {"ok", counts["ok"]},
              {"skipped", counts["skipped"]},
              {"failed", counts["failed"]},
              {"errors", r["errors"].size()},
              {"warnings", r["warnings"].size()},
              {"notes", r["notes"].size()},
              {"leftOut", r["leftOut"].size()},
              {"bytesIn", r["size"]},
              {"bytesOut", out},
              {"seconds", r["seconds"].get<double>()}};
    accumulate(totals, t);
  }
  json& ignored = report["ignored"];
  std::sort(ignored.begin(), ignored.end());
  totals["ignored"] = ignored.size();
  report["census"] = census;
  report["totals"] = totals;
  const uint32_t count = report["shardCount"];
  report["complete"] = report["shards"].size() == count;
}

json runReport(const RunInfo& run, const std::vector<Record>& records) {
  json report = {{"strataReport", kReportVersion},
                 {"command", run.command},
                 {"shardCount", run.shardCount},
                 {"shards", json::array({run.shardIndex})},
                 {"runs", json::array({{{"shard", run.shardIndex},
                                        {"jobs", run.jobs},
                                        {"wallSeconds", run.wallSeconds}}})},
                 {"records", json::array()},
                 {"ignored", json::array()}};
  for (const std::string& p : run.ignored) report["ignored"].push_back(escapeUtf8(p));
  for (const Record& r : records) report["records"].push_back(recordJson(r));
  finish(report);
  return report;
}

void writeReport(const std::string& path, const json& report) {
  // Replace, not throw, on a byte that is not UTF-8 in a message: the report
  // of a long run must not be lost to one odd name.
  writeFileAtomic(path, report.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
}

// A record as recordJson writes it: merge derives census and totals from
// these fields, so a report edited by hand or cut short is refused, not half-read.
static void checkRecord(const std::string& path, size_t index, const json& r) {
  auto bad = [&](const char* field, const char* what) {
    throw Error(path, Error::kNoOffset,
                "record " + std::to_string(index) + ": \"" + field + "\" is not " + what);
  };
  if (!r.is_object()) bad("record", "an object");
  for (const char* f : {"path", "key", "format", "status"})
    if (!r.contains(f) || !r[f].is_string()) bad(f, "a string");
  if (!r.contains("size") || !r["size"].is_number_unsigned()) bad("size", "a byte count");
  if (!r.contains("seconds") || !r["seconds"].is_number()) bad("seconds", "a number");
  if (!r.contains("summary") || !r["summary"].is_object()) bad("summary", "an object");
  for (const char* f : {"errors", "warnings", "notes", "leftOut"})
    if (!r.contains(f) || !r[f].is_array()) bad(f, "a list");
  if (!r.contains("outputs") || !r["outputs"].is_array()) bad("outputs", "a list");
  for (const json& o : r["outputs"])
    if (!o.is_object() || !o.contains("size") || !o["size"].is_number_unsigned())
      bad("outputs", "a list of {path, size}");
}

static json readReport(const std::string& path) {
  const std::vector<uint8_t> bytes = readFile(path);
  json j = json::parse(bytes.begin(), bytes.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw Error(path, Error::kNoOffset, "not JSON: not a strata report");
  if (j.value("strataReport", 0) != kReportVersion || !j.contains("records") ||
      !j["records"].is_array() || !j.contains("shards") || !j.contains("shardCount"))
    throw Error(path, Error::kNoOffset,
                "not a strata report (version " + std::to_string(kReportVersion) +
                    "): written by `--report`?");
  if (!j["shards"].is_array() || !j["shardCount"].is_number_unsigned() ||
      (j.contains("ignored") && !j["ignored"].is_array()) ||
      (j.contains("runs") && !j["runs"].is_array()))
    throw Error(path, Error::kNoOffset,
                "\"shards\", \"shardCount\", \"ignored\" or \"runs\" malformed");
  for (const json& s : j["shards"])
    if (!s.is_number_unsigned() || s.get<uint64_t>() < 1 || s.get<uint64_t>() > j["shardCount"])
      throw Error(path, Error::kNoOffset,
                  "shard " + s.dump() + " is not one of 1.." + j["shardCount"].dump());
  for (size_t i = 0; i < j["records"].size(); ++i) checkRecord(path, i, j["records"][i]);
  return j;
}

int runReportMerge(const std::vector<std::string>& inputs, const std::string& output) {
  try {
    json merged;
    std::set<std::string> paths;
    std::set<uint32_t> shards;
    for (const std::string& in : inputs) {
      json r = readReport(in);
      if (merged.is_null()) {
        merged = {{"strataReport", kReportVersion}, {"command", r["command"]},
                  {"shardCount", r["shardCount"]},  {"runs", json::array()},
                  {"records", json::array()},       {"ignored", json::array()}};
      } else if (r["command"] != merged["command"] || r["shardCount"] != merged["shardCount"]) {
        throw Error(in, Error::kNoOffset,
                    "is a report of `" + r["command"].get<std::string>() + "` in " +
                        r["shardCount"].dump() + " shards; the first was of `" +
                        merged["command"].get<std::string>() + "` in " +
                        merged["shardCount"].dump());
      }
      for (const json& s : r["shards"])
        if (!shards.insert(s.get<uint32_t>()).second)
          throw Error(in, Error::kNoOffset, "shard " + s.dump() + " is in two of the reports");
      for (const json& x : r.value("runs", json::array())) merged["runs"].push_back(x);
      for (const json& x : r.value("ignored", json::array())) merged["ignored"].push_back(x);
      for (const json& rec : r["records"]) {
        if (!paths.insert(rec["path"].get<std::string>()).second)
          throw Error(in, Error::kNoOffset,
                      "input " + rec["path"].get<std::string>() + " is in two of the reports");
        merged["records"].push_back(rec);
      }
    }
    merged["shards"] = json(shards);
    finish(merged);
    if (!merged["complete"].get<bool>())
      std::fprintf(stderr, "strata: warning: shards %s of %s merged: the census is partial\n",
                   merged["shards"].dump().c_str(), merged["shardCount"].dump().c_str());
    writeReport(output, merged);
    const json& t = merged["totals"];
    std::printf("merged %zu reports: %s inputs (%s ok, %s skipped, %s failed) into %s\n",
                inputs.size(), t["inputs"].dump().c_str(), t["ok"].dump().c_str(),
                t["skipped"].dump().c_str(), t["failed"].dump().c_str(), output.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "strata: error: %s\n", e.what());
    return 1;
  }
}

} // namespace strata::cli
