#pragma once
// JSON text written straight into a string, in the form nlohmann's dump()
// gives: compact, or indented by a number of spaces; keys are written in the
// order given, so the caller gives them sorted, as nlohmann's std::map holds
// them. A piece of a larger text (an item of a list) is written at the depth
// it has there, so that pieces made apart join into one text. Numbers: integers in decimal,
// doubles as nlohmann's own to_chars formats them (its Grisu2, "1.0" for a
// whole number), a NaN or infinity as null. Strings: '"', '\\' and control
// characters escaped (\b \t \n \f \r, else \u00xx), everything else as it is;
// text that is not UTF-8 is refused, as nlohmann's dump refuses it.
#include "strata/error.h"
#include "strata/text.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace strata::gltf {

class JsonText {
public:
  // indent < 0: compact (dump()); else dump(indent). `depth`: how many
  // containers of the whole text hold what is written here.
  JsonText(std::string& out, int indent, size_t depth = 0)
      : out_(out), indent_(indent), depth_(depth) {}

  void key(std::string_view k) {
    separate();
    string(k);
    out_ += indent_ < 0 ? ":" : ": ";
    keyed_ = true;
  }

  // A key spelled in the writer's code (a string literal: ASCII, nothing in
  // it to escape), written without the UTF-8 check and escape scan, which are
  // most of what writing a key costs.
  template <size_t N> void key(const char (&k)[N]) {
    separate();
    out_ += '"';
    out_.append(k, N - 1);
    out_ += indent_ < 0 ? "\":" : "\": ";
    keyed_ = true;
  }

  template <class K, class T> void member(const K& k, const T& v) {
    key(k);
    if constexpr (std::is_same_v<T, bool>)
      boolean(v);
    else if constexpr (std::is_arithmetic_v<T>)
      number(v);
    else
      text(v);
  }

  // A container that ends with nothing in it is written as `ifEmpty`: an
  // empty nlohmann value is null unless it was made an object ("{}").
  void beginObject() { open('{'); }
  void endObject(const char* ifEmpty = "null") { close('}', ifEmpty); }
  void beginArray() { open('['); }
  void endArray(const char* ifEmpty = "null") { close(']', ifEmpty); }

  void number(int64_t v) { integer(v); }
  void number(uint64_t v) { integer(v); }
  void number(int v) { number(int64_t(v)); }
  void number(double v) {
    if (!std::isfinite(v)) return raw("null");
    char buf[64];
    raw(std::string_view(buf, size_t(nlohmann::detail::to_chars(buf, buf + sizeof buf, v) - buf)));
  }
  void boolean(bool v) { raw(v ? "true" : "false"); }
  bool compact() const { return indent_ < 0; }
  // A value (or a run of a list's items) written apart, at this depth.
  void piece(std::string_view json) { raw(json); }
  // Before each item of a run of a list's items written apart (this text
  // being the run, at the list's depth): what separates it from the one before.
  void nextItem() {
    if (out_.empty()) return;
    out_ += ',';
    if (indent_ >= 0) newline(depth_);
  }
  void null() { raw("null"); }
  void text(std::string_view s) {
    separate();
    string(s);
  }

private:
  struct Level {
    size_t openAt; // where its bracket is in out_
    bool any;      // a member or element written
  };
  std::string& out_;
  int indent_;
  size_t depth_;
  std::vector<Level> levels_;
  bool keyed_ = false; // a key was just written: its value follows it directly

  void newline(size_t depth) {
    out_ += '\n';
    out_.append(depth * size_t(indent_), ' ');
  }
  // Before a key, or a value in an array (or at the top).
  void separate() {
    if (keyed_) {
      keyed_ = false;
      return;
    }
    if (levels_.empty()) return;
    if (levels_.back().any) out_ += ',';
    levels_.back().any = true;
    if (indent_ >= 0) newline(depth_ + levels_.size());
  }
  template <class Int> void integer(Int v) {
    char buf[24];
    raw(std::string_view(buf, size_t(std::to_chars(buf, buf + sizeof buf, v).ptr - buf)));
  }
  void raw(std::string_view s) {
    separate();
    out_ += s;
  }
  void open(char bracket) {
    separate();
    levels_.push_back({out_.size(), false});
    out_ += bracket;
  }
  void close(char bracket, const char* ifEmpty) {
    const Level l = levels_.back();
    levels_.pop_back();
    if (!l.any) {
      out_.resize(l.openAt);
      out_ += ifEmpty;
      return;
    }
    if (indent_ >= 0) newline(depth_ + levels_.size());
    out_ += bracket;
  }
  void string(std::string_view s) {
    if (!isUtf8(s))
      throw Error("", Error::kNoOffset, "a glTF string is not UTF-8: it cannot be written as JSON");
    out_ += '"';
    size_t plain = 0; // the start of the characters not written yet, none escaped
    for (size_t i = 0; i < s.size(); ++i) {
      const auto u = static_cast<unsigned char>(s[i]);
      if (u >= 0x20 && u != '"' && u != '\\') continue;
      out_.append(s.substr(plain, i - plain));
      plain = i + 1;
      escape(u);
    }
    out_.append(s.substr(plain));
    out_ += '"';
  }
  void escape(unsigned char u) {
    static const char hex[] = "0123456789abcdef";
    switch (u) {
    case '"':
      out_ += "\\\"";
      break;
    case '\\':
      out_ += "\\\\";
      break;
    case '\b':
      out_ += "\\b";
      break;
    case '\t':
      out_ += "\\t";
      break;
    case '\n':
      out_ += "\\n";
      break;
    case '\f':
      out_ += "\\f";
      break;
    case '\r':
      out_ += "\\r";
      break;
    default:
      out_ += "\\u00";
      out_ += hex[u >> 4];
      out_ += hex[u & 15];
    }
  }
};

} // namespace strata::gltf
