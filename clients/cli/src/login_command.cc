// `carcassonne login` and `logout`: a session on a server for the command line's tools, kept in
// the user's config directory (client/saved_session.h).
#include <termios.h>
#include <unistd.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "args.h"
#include "client/http_call.h"
#include "client/saved_session.h"
#include "client/server_list.h"
#include "commands.h"

namespace carc::cli {
namespace {

constexpr const char* kLoginHelp =
    "usage: carcassonne login [--server URL] NAME\n"
    "       carcassonne logout [--server URL]\n"
    "login signs in to the server as the account NAME and keeps the session for `bot` (its\n"
    "first seat), `watch` and `load` (each room's first seat: an account holds one seat of a\n"
    "room), which then play and watch signed in. The password is read from\n"
    "the terminal without echo, or as one line from standard input when that is not a\n"
    "terminal. The session is kept in $CARC_CONFIG_DIR, $XDG_CONFIG_HOME/carcassonne or\n"
    "~/.config/carcassonne, file sessions.json, readable by you alone (mode 0600).\n"
    "logout ends the session on the server and forgets it.\n"
    "  --server URL  ws://host:port or http://host:port (default ws://127.0.0.1:8080)\n"
    "Exit status: 0 done, 1 refused or no answer, 2 bad options.\n";

// One line from standard input, without echo when it is a terminal.
std::string ReadPassword() {
  const bool tty = ::isatty(STDIN_FILENO) != 0;
  termios old{};
  if (tty) {
    std::cerr << "password: " << std::flush;
    ::tcgetattr(STDIN_FILENO, &old);
    termios quiet = old;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    ::tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  }
  std::string line;
  std::getline(std::cin, line);
  if (tty) {
    ::tcsetattr(STDIN_FILENO, TCSANOW, &old);
    std::cerr << "\n";
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

// The server's error sentence from a JSON answer, else the status.
std::string Why(const client::HttpAnswer& a) {
  if (!a.error.empty()) return a.error;
  auto parsed = nlohmann::json::parse(a.body, nullptr, false);
  if (parsed.is_object() && parsed.contains("error") && parsed["error"].is_string()) {
    return parsed["error"].get<std::string>();
  }
  return "the server answered " + std::to_string(a.status);
}

// A command line of `login` or `logout`: its server and NAME, or the exit code to end with
// (0 after --help, 2 for bad options).
struct Invocation {
  std::optional<client::ServerAddress> server;
  std::string name;
  int exit = -1;
};

Invocation Parse(int argc, char** argv, const char* command, std::size_t names) {
  Args args(argc, argv, 2, {"server"}, {"help"});
  if (args.Has("help")) {
    std::cout << kLoginHelp;
    return {std::nullopt, "", 0};
  }
  std::string error = args.error();
  const auto list = client::ParseServerList(args.Get("server", "ws://127.0.0.1:8080"));
  if (error.empty() && (!list || list->size() != 1)) error = "--server takes one ws://host:port";
  if (error.empty() && args.positional().size() != names) {
    error = names == 1 ? "give the account's NAME" : "logout takes no NAME";
  }
  if (!error.empty()) {
    std::cerr << "carcassonne " << command << ": " << error << "\n" << kLoginHelp;
    return {std::nullopt, "", 2};
  }
  return {list->front(), names == 1 ? args.positional()[0] : "", -1};
}

}  // namespace

int LoginCommand(int argc, char** argv) {
  const Invocation call = Parse(argc, argv, "login", 1);
  if (call.exit >= 0) return call.exit;
  const auto& server = call.server;
  const std::string password = ReadPassword();
  const auto answer =
      client::HttpCall(*server, "POST", "/api/sessions",
                       nlohmann::json{{"name", call.name}, {"password", password}}.dump(), {});
  if (answer.status != 200) {
    std::cerr << "carcassonne login: " << Why(answer) << "\n";
    return 1;
  }
  // Over https the server names it __Host-carc_session.
  const std::string& cookie = answer.set_cookie;
  const std::string prefix =
      cookie.starts_with("__Host-carc_session=") ? "__Host-carc_session=" : "carc_session=";
  if (!cookie.starts_with(prefix)) {
    std::cerr << "carcassonne login: the server sent no session\n";
    return 1;
  }
  const std::string token = cookie.substr(prefix.size(), cookie.find(';') - prefix.size());
  auto parsed = nlohmann::json::parse(answer.body, nullptr, false);
  const std::string name =
      parsed.is_object() && parsed.contains("name") && parsed["name"].is_string()
          ? parsed["name"].get<std::string>()
          : call.name;
  if (std::string e = client::StoreSession(*server, client::SavedSession{name, token});
      !e.empty()) {
    std::cerr << "carcassonne login: " << e << "\n";
    return 1;
  }
  std::cout << "signed in to " << client::ServerKey(*server) << " as " << name << " (session in "
            << client::SessionFilePath() << ")\n";
  return 0;
}

int LogoutCommand(int argc, char** argv) {
  const Invocation call = Parse(argc, argv, "logout", 0);
  if (call.exit >= 0) return call.exit;
  const auto& server = call.server;
  const auto session = client::LoadSession(*server);
  if (!session) {
    std::cout << "not signed in to " << client::ServerKey(*server) << "\n";
    return 0;
  }
  const auto answer = client::HttpCall(*server, "DELETE", "/api/sessions/current", "",
                                       {{"Authorization", "Bearer " + session->token}});
  // Forgotten even when the server cannot be reached: the token is of no use here any more.
  if (std::string e = client::StoreSession(*server, std::nullopt); !e.empty()) {
    std::cerr << "carcassonne logout: " << e << "\n";
    return 1;
  }
  if (answer.status != 204) {
    std::cerr << "carcassonne logout: forgotten here, but the server did not end the session: "
              << Why(answer) << "\n";
    return 1;
  }
  std::cout << "signed out of " << client::ServerKey(*server) << "\n";
  return 0;
}

}  // namespace carc::cli
