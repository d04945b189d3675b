// fuzz_record: an uploaded game record, as POST /api/replay handles it (archive_api.cc): the
// Castle record parser or codec::ParseRecord (base game and The Count), then the replay through
// the engine and the carc.v1.Replay built from it. The request goes through ServeArchive itself,
// with a store that fails the input if it is touched: an upload is never read from or written
// to the store.
#include "app/archive_api.h"
#include "carc/v1/replay.pb.h"
#include "fuzz_target.h"
#include "untouchable_store.h"

using carc::fuzz::Fail;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static carc::fuzz::UntouchableStore untouchable;
  carc::server::ApiRequest request;
  request.method = "POST";
  request.target = "/api/replay";
  request.body = std::string(reinterpret_cast<const char*>(data), size);
  request.client = "127.0.0.1";
  int answers = 0;
  const bool served =
      carc::server::ServeArchive(untouchable, request, [&](carc::server::ApiResponse response) {
        ++answers;
        // archive_api.h: a replay, or a 400 that says what is wrong with the record.
        if (response.status == 200) {
          carc::v1::Replay replay;
          if (response.content_type != carc::server::kReplayContentType ||
              !replay.ParseFromString(response.body)) {
            Fail("a 200 answer to POST /api/replay is not a carc.v1.Replay");
          }
        } else if (response.status != 400) {
          Fail("POST /api/replay answered neither 200 nor 400");
        }
      });
  if (!served || answers != 1) Fail("POST /api/replay was not answered exactly once");
  return 0;
}
