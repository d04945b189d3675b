#include "app/protobuf_log.h"

#include <google/protobuf/stubs/logging.h>
#include <spdlog/spdlog.h>

#include <string>

namespace carc::server {
namespace {

void ToDebugLog(google::protobuf::LogLevel level, const char* file, int line,
                const std::string& message) {
  if (level == google::protobuf::LOGLEVEL_FATAL) {
    spdlog::critical("protobuf {}:{}: {}", file, line, message);
    return;
  }
  spdlog::debug("protobuf: {}", message);
}

}  // namespace

void RouteProtobufLogs() {
  google::protobuf::SetLogHandler(&ToDebugLog);
}

}  // namespace carc::server
