// One metric family in the Prometheus text format (the /metrics sections): its HELP and TYPE
// lines, then a sample per label set. A section writes each family once.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string_view>
#include <utility>

namespace carc::server {

// `type` is "counter" or "gauge"; `help` is one line.
inline void MetricHead(std::ostream& out, std::string_view name, std::string_view type,
                       std::string_view help) {
  out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n';
}

// A family of one sample, without labels.
inline void Metric(std::ostream& out, std::string_view name, std::string_view type,
                   std::string_view help, std::uint64_t value) {
  MetricHead(out, name, type, help);
  out << name << ' ' << value << '\n';
}

// A family of one sample per value of label `label`: (label value, sample) in the order given.
inline void Metric(std::ostream& out, std::string_view name, std::string_view type,
                   std::string_view help, std::string_view label,
                   std::initializer_list<std::pair<std::string_view, std::uint64_t>> samples) {
  MetricHead(out, name, type, help);
  for (const auto& [value, sample] : samples) {
    out << name << '{' << label << "=\"" << value << "\"} " << sample << '\n';
  }
}

}  // namespace carc::server
