// Golden records: games played and scored by this engine, checked in. Any change of behaviour
// shows up here; a deliberate one regenerates them (tests/golden/regenerate.sh) and says so.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "carc/codec/record.h"

namespace fs = std::filesystem;
using namespace carc;

TEST_CASE("golden records replay to the scores they were recorded with") {
  int checked = 0;
  for (const auto& entry :
       fs::directory_iterator(fs::path(CARC_SOURCE_DIR) / "tests" / "golden" / "records")) {
    INFO(entry.path().string());
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const codec::ParsedRecord parsed = codec::ParseRecord(text.str());
    REQUIRE(parsed.record.has_value());
    const codec::ReplayedRecord got = codec::ReplayRecord(*parsed.record);
    if (got.error) FAIL("turn " << got.error->turn << ": " << got.error->message);
    const auto diff = codec::CompareScores(*parsed.record, got);
    if (diff) FAIL(diff->message);
    ++checked;
  }
  CHECK(checked >= 14);
}
