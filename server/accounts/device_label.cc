#include "accounts/device_label.h"

#include <utility>

namespace carc::server::accounts {
namespace {

bool Has(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

// The first of `table` whose marker the field holds; the order matters (Edge and Opera also
// say Chrome, Chrome also says Safari, Android also says Linux).
template <std::size_t N>
std::string_view First(std::string_view ua,
                       const std::pair<std::string_view, std::string_view> (&table)[N]) {
  for (const auto& [marker, word] : table) {
    if (Has(ua, marker)) return word;
  }
  return {};
}

constexpr std::pair<std::string_view, std::string_view> kPrograms[] = {
    {"carcassonne/", "carcassonne (command line)"},
    {"Edg/", "Edge"},
    {"OPR/", "Opera"},
    {"SamsungBrowser/", "Samsung Internet"},
    {"Firefox/", "Firefox"},
    {"Chrome/", "Chrome"},
    {"Chromium/", "Chromium"},
    {"Safari/", "Safari"},
    {"curl/", "curl"},
};

constexpr std::pair<std::string_view, std::string_view> kSystems[] = {
    {"Android", "Android"}, {"iPhone", "iOS"},      {"iPad", "iPadOS"}, {"CrOS", "ChromeOS"},
    {"Windows", "Windows"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
};

}  // namespace

std::string DeviceLabel(std::string_view ua) {
  const std::string_view program = First(ua, kPrograms);
  const std::string_view system = First(ua, kSystems);
  if (program.empty() && system.empty()) return "an unknown device";
  if (system.empty()) return std::string(program);
  if (program.empty()) return "a browser on " + std::string(system);
  return std::string(program) + " on " + std::string(system);
}

}  // namespace carc::server::accounts
