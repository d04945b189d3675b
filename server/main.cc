// carcassonne-server: the authoritative game server (HTTP and WebSocket on one port).
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "app/admin_command.h"
#include "app/protobuf_log.h"
#include "app/server_app.h"
#include "app/store_bench.h"
#include "sys/memory_ceiling.h"

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "bench-store") == 0) {
    return carc::server::RunStoreBench(argc, argv);
  }
  if (argc > 1 && std::strcmp(argv[1], "admin") == 0) {
    const auto env = [](const std::string& name) -> std::optional<std::string> {
      const char* v = std::getenv(name.c_str());
      return v == nullptr ? std::nullopt : std::optional<std::string>(v);
    };
    return carc::server::RunAdminCommand(std::vector<std::string>(argv + 2, argv + argc), std::cout,
                                         std::cerr, env, std::time(nullptr));
  }
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << carc::server::ServerConfig::Usage();
      return 0;
    }
  }
  auto parsed = carc::server::ParseServerConfig(argc, argv);
  if (const auto* error = std::get_if<std::string>(&parsed)) {
    std::cerr << "carcassonne-server: " << *error << "\n\n" << carc::server::ServerConfig::Usage();
    return 2;
  }
  auto config = std::get<carc::server::ServerConfig>(parsed);
  if (config.web_root.empty()) {
    // The web client as the build puts it: build/<preset>/web beside build/<preset>/server/.
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    const auto web = exe.parent_path().parent_path() / "web";
    if (!ec && std::filesystem::is_regular_file(web / "index.html", ec)) {
      config.web_root = web.string();
    }
  }
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  if (config.log_format == "json") {
    spdlog::set_pattern(R"({"time":"%Y-%m-%dT%H:%M:%S.%e%z","level":"%l","msg":"%v"})");
  }
  carc::server::RouteProtobufLogs();
  // Before any thread starts: every later mapping is counted against it.
  if (const std::string error =
          carc::server::SetMemoryCeiling(static_cast<std::uint64_t>(config.memory_max_mib));
      !error.empty()) {
    spdlog::error("{}", error);
    return 1;
  }
  std::optional<carc::server::ServerApp> app;
  try {
    app.emplace(config);
  } catch (const carc::server::store::StoreError& e) {
    spdlog::error("cannot open the store: {}", e.what());
    return 1;
  }
  if (const std::string error = app->Open(); !error.empty()) {
    spdlog::error("{}", error);
    return 1;
  }
  if (config.web_root.empty()) {
    spdlog::warn("no web client to serve (--web-root): browsers get 404, bots can play");
  } else {
    spdlog::info("serving the web client from {}", config.web_root);
  }
  app->Run();
  spdlog::info("stopped");
  return 0;
}
