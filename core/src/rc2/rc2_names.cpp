// Level names by id (rc2-level-wad.md section 6, Wrench's list) and --level matching.
#include "strata/rc2.h"

#include <cctype>
#include <utility>

namespace strata::rc2 {

namespace {

const std::pair<int32_t, const char*> kNames[] = {
    {0, "Aranos Tutorial"}, {1, "Oozla"},          {2, "Maktar Nebula"},
    {3, "Endako"},          {4, "Barlow"},         {5, "Feltzin System"},
    {6, "Notak"},           {7, "Siberius"},       {8, "Tabora"},
    {9, "Dobbo"},           {10, "Hrugis Cloud"},  {11, "Joba"},
    {12, "Todano"},         {13, "Boldan"},        {14, "Aranos Prison"},
    {15, "Gorn"},           {16, "Snivelak"},      {17, "Smolg"},
    {18, "Damosel"},        {19, "Grelbin"},       {20, "Yeedil"},
    {22, "Dobbo Orbit"},    {23, "Damosel Orbit"}, {24, "Ship Shack"},
    {25, "Wupash Nebula"},  {26, "Jamming Array"}, {30, "Insomniac Museum"},
};

// Lower case, with spaces, '_' and '-' dropped: "Aranos_Tutorial" == "aranos tutorial".
std::string folded(const std::string& s) {
  std::string out;
  for (unsigned char c : s)
    if (c != ' ' && c != '_' && c != '-') out += char(std::tolower(c));
  return out;
}

} // namespace

std::string levelName(int32_t id) {
  for (const auto& [k, name] : kNames)
    if (k == id) return name;
  return "";
}

std::string levelTitle(int32_t id) {
  const std::string name = levelName(id);
  return name.empty() ? "Level " + std::to_string(id) : name;
}

bool levelMatches(const std::string& selector, int32_t id) {
  if (selector.empty()) return false;
  bool digits = true;
  for (unsigned char c : selector) digits = digits && std::isdigit(c);
  if (digits) return selector.size() < 10 && std::stol(selector) == id;
  const std::string name = levelName(id);
  return !name.empty() && folded(selector) == folded(name);
}

} // namespace strata::rc2
