#include "carc/codec/option_fields.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include <charconv>

namespace carc::codec {
namespace {

using google::protobuf::FieldDescriptor;

FieldDescriptor::CppType CppTypeOf(engine::OptionType type) {
  switch (type) {
    case engine::OptionType::kBool:
      return FieldDescriptor::CPPTYPE_BOOL;
    case engine::OptionType::kInt:
      return FieldDescriptor::CPPTYPE_UINT32;
    case engine::OptionType::kChoice:
    case engine::OptionType::kSize:
      break;
  }
  return FieldDescriptor::CPPTYPE_STRING;
}

const FieldDescriptor* FieldOf(const google::protobuf::Descriptor& message,
                               const engine::OptionSpec& spec) {
  const FieldDescriptor* field = message.FindFieldByName(std::string(spec.name));
  if (field == nullptr || field->is_repeated() || field->cpp_type() != CppTypeOf(spec.type)) {
    return nullptr;
  }
  return field;
}

}  // namespace

NamedOptions OptionFieldsOf(const google::protobuf::Message& message,
                            std::span<const engine::OptionSpec> specs) {
  NamedOptions out;
  const auto* reflection = message.GetReflection();
  for (const engine::OptionSpec& spec : specs) {
    const FieldDescriptor* field = FieldOf(*message.GetDescriptor(), spec);
    if (field == nullptr) continue;  // CheckOptionFields (tests) rules this out
    if (field->has_presence() && !reflection->HasField(message, field)) continue;
    std::string text;
    switch (field->cpp_type()) {
      case FieldDescriptor::CPPTYPE_BOOL: {
        const bool v = reflection->GetBool(message, field);
        if (!v && !field->has_presence()) continue;
        text = v ? "true" : "false";
        break;
      }
      case FieldDescriptor::CPPTYPE_UINT32: {
        const std::uint32_t v = reflection->GetUInt32(message, field);
        if (v == 0 && !field->has_presence()) continue;
        text = std::to_string(v);
        break;
      }
      default:
        text = reflection->GetString(message, field);
        if (text.empty() && !field->has_presence()) continue;
        break;
    }
    out.emplace_back(std::string(spec.name), std::move(text));
  }
  return out;
}

void SetOptionFields(std::span<const engine::OptionSpec> specs,
                     const std::function<std::string(std::string_view)>& value_of,
                     google::protobuf::Message& out) {
  const auto* reflection = out.GetReflection();
  for (const engine::OptionSpec& spec : specs) {
    const FieldDescriptor* field = FieldOf(*out.GetDescriptor(), spec);
    if (field == nullptr) continue;
    const std::string text = value_of(spec.name);
    switch (field->cpp_type()) {
      case FieldDescriptor::CPPTYPE_BOOL:
        reflection->SetBool(&out, field, text == "true");
        break;
      case FieldDescriptor::CPPTYPE_UINT32: {
        std::uint32_t v = 0;
        std::from_chars(text.data(), text.data() + text.size(), v);
        reflection->SetUInt32(&out, field, v);
        break;
      }
      default:
        reflection->SetString(&out, field, text);
        break;
    }
  }
}

std::string CheckOptionFields(const google::protobuf::Descriptor& message,
                              std::span<const engine::OptionSpec> specs) {
  for (const engine::OptionSpec& spec : specs) {
    const std::string name(spec.name);
    const FieldDescriptor* field = FieldOf(message, spec);
    if (field == nullptr) {
      return message.full_name() + " has no field '" + name + "' of the option's type";
    }
    if (field->has_presence()) continue;
    // Without presence, the zero value stands for "not named": it must mean the default or be
    // no value of the option at all.
    const bool zero_is_a_value =
        (spec.type == engine::OptionType::kBool) ||
        (spec.type == engine::OptionType::kInt && spec.min <= 0 && 0 <= spec.max);
    const std::string zero = spec.type == engine::OptionType::kBool ? "false" : "0";
    if (zero_is_a_value && spec.default_value != zero) {
      return message.full_name() + "." + name + " needs presence (optional): its zero value " +
             zero + " is not the default " + std::string(spec.default_value);
    }
  }
  return "";
}

}  // namespace carc::codec
