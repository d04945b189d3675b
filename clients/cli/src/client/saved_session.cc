#include "client/saved_session.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace carc::client {
namespace {

// The whole file, or an empty object when it is missing or unreadable.
nlohmann::json ReadFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return nlohmann::json::object();
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (!parsed.is_object()) return nlohmann::json::object();
  return parsed;
}

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? std::string() : std::string(v);
}

}  // namespace

std::string SessionFilePath() {
  std::string dir = Env("CARC_CONFIG_DIR");
  if (dir.empty() && !Env("XDG_CONFIG_HOME").empty()) dir = Env("XDG_CONFIG_HOME") + "/carcassonne";
  if (dir.empty() && !Env("HOME").empty()) dir = Env("HOME") + "/.config/carcassonne";
  return dir.empty() ? std::string() : dir + "/sessions.json";
}

std::string ServerKey(const ServerAddress& server) {
  return server.host + ":" + server.port;
}

std::optional<SavedSession> LoadSession(const ServerAddress& server) {
  const std::string path = SessionFilePath();
  if (path.empty()) return std::nullopt;
  const nlohmann::json file = ReadFile(path);
  const auto servers = file.find("servers");
  if (servers == file.end() || !servers->is_object()) return std::nullopt;
  const auto it = servers->find(ServerKey(server));
  if (it == servers->end() || !it->is_object()) return std::nullopt;
  const auto name = it->find("name");
  const auto token = it->find("token");
  if (name == it->end() || token == it->end() || !name->is_string() || !token->is_string()) {
    return std::nullopt;
  }
  return SavedSession{name->get<std::string>(), token->get<std::string>()};
}

std::string StoreSession(const ServerAddress& server, const std::optional<SavedSession>& session) {
  const std::string path = SessionFilePath();
  if (path.empty()) return "no config directory: set HOME or CARC_CONFIG_DIR";
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return "cannot make " + dir.string() + ": " + ec.message();
  ::chmod(dir.c_str(), 0700);
  nlohmann::json file = ReadFile(path);
  if (!file.contains("servers") || !file["servers"].is_object()) {
    file["servers"] = nlohmann::json::object();
  }
  if (session) {
    file["servers"][ServerKey(server)] = {{"name", session->name}, {"token", session->token}};
  } else {
    file["servers"].erase(ServerKey(server));
  }
  const std::string text = file.dump(2) + "\n";
  const std::string temp = path + ".new";
  // Made 0600 from the start: the token is never readable by others, not even for a moment.
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return "cannot write " + temp + ": " + std::strerror(errno);
  ::fchmod(fd, 0600);
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      return "cannot write " + temp + ": " + why;
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) return "cannot write " + temp;
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    return "cannot replace " + path + ": " + std::strerror(errno);
  }
  return "";
}

std::string AttachSession(std::vector<ServerAddress>& servers) {
  for (const ServerAddress& s : servers) {
    const auto session = LoadSession(s);
    if (!session) continue;
    for (ServerAddress& each : servers) {
      each.fields.emplace_back("Authorization", "Bearer " + session->token);
    }
    return session->name;
  }
  return "";
}

}  // namespace carc::client
