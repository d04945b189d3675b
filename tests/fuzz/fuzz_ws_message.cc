// fuzz_ws_message: WebSocket messages as the server decodes them (ws_session.cc), handled by the
// real lobby, registry and rooms with the SQLite store; an input is a script of messages from up
// to four connections (ws_harness.h), so the fuzzer reaches rooms, games and reconnection.
#include "fuzz_target.h"
#include "ws_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  carc::fuzz::WsScript::Run(data, size);
  return 0;
}
