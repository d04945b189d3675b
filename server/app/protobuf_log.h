// Where libprotobuf's own log lines go.
//
// libprotobuf writes an ERROR line to stderr for every message it refuses to parse (a string
// field that is not UTF-8, for one). Every such message is already refused to its sender
// (MALFORMED_MESSAGE) and counted (carc_rejections_total{reason="malformed_message"}),
// so the line tells the host nothing new, and a client could make the server write one line
// per message it sends. RouteProtobufLogs() sends them to spdlog at debug level instead.
//
// Contract: process-wide; call it once at start, before any thread parses a message. FATAL
// messages still end the process, as libprotobuf does after any log handler.
#pragma once

namespace carc::server {

void RouteProtobufLogs();

}  // namespace carc::server
