// A game's options message (carc.v1.BaseOptions, ...) read and written through
// the game's option table (carc/engine/option_spec.h): option `name` is the message's field
// `name`, a bool for kBool, a uint32 for kInt and a string for kChoice and kSize. A new option
// is a row in the table and a field in the message; nothing here changes.
//
// Reading: a field with presence (proto3 `optional`) counts when it is set; any other field
// counts when it is not its zero value (false, 0, ""), which for such a field is the option's
// default or no value at all (CheckOptionFields makes sure of both).
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carc/engine/option_spec.h"

namespace google::protobuf {
class Descriptor;
class Message;
}  // namespace google::protobuf

namespace carc::codec {

using NamedOptions = std::vector<std::pair<std::string, std::string>>;

// The options `message` names, as name and text form, in table order. The texts are not
// checked here: the game's own parser (SetOption) is the one definition of what is accepted.
NamedOptions OptionFieldsOf(const google::protobuf::Message& message,
                            std::span<const engine::OptionSpec> specs);

// Writes every option of the table into its field, from its text form `value_of(name)` (the
// game's own, so well formed).
void SetOptionFields(std::span<const engine::OptionSpec> specs,
                     const std::function<std::string(std::string_view)>& value_of,
                     google::protobuf::Message& out);

// What is wrong with `message` as the options message of `specs`: an option without a field of
// its type, or a field without presence whose zero value is a valid value other than the
// option's default (it could not be told from "not named"). "" when it fits.
std::string CheckOptionFields(const google::protobuf::Descriptor& message,
                              std::span<const engine::OptionSpec> specs);

}  // namespace carc::codec
