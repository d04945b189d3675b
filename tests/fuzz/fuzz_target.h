// The entry point every fuzz target defines. libFuzzer calls it in the fuzz build; in the normal
// builds replay_main.cc calls it once per corpus file (the corpus regression tests).
//
// Contract: a target returns 0 for any input, and aborts (through Fail) only when the code under
// test broke one of its promises; sanitizers abort on their own findings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace carc::fuzz {

// Reports a broken promise of the code under test and aborts, so that libFuzzer keeps the input
// as a crash and the replay driver fails.
[[noreturn]] void Fail(std::string_view what);

}  // namespace carc::fuzz
