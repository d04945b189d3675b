// `carcassonne rooms`: the public rooms a server lists (in a cluster, those of every node).
#include <iostream>
#include <nlohmann/json.hpp>

#include "args.h"
#include "client/server_list.h"
#include "client/ws_client.h"
#include "commands.h"

namespace carc::cli {
namespace {

constexpr const char* kRoomsHelp =
    "usage: carcassonne rooms [--server URLS] [--json]\n"
    "Prints the public rooms the server lists, one per line: code, game, status, players and\n"
    "seats, host. In a cluster any node lists the rooms of every node (at most a few seconds\n"
    "old).\n"
    "  --server URLS  ws://host:port (default ws://127.0.0.1:8080), or several separated by\n"
    "                 commas: the first that answers is asked\n"
    "  --json         one JSON array of {code, game, status, players, computers, seats, host}\n"
    "Exit status: 0 when the server answered (with rooms or none), 1 when none did, 2 for bad\n"
    "options.\n";

}  // namespace

int RoomsCommand(int argc, char** argv) {
  Args args(argc, argv, 2, {"server"}, {"json", "help"});
  if (args.Has("help")) {
    std::cout << kRoomsHelp;
    return 0;
  }
  std::string error = args.error();
  const auto servers = client::ParseServerList(args.Get("server", "ws://127.0.0.1:8080"));
  if (error.empty() && !servers) error = "--server takes ws://host:port[,ws://host:port...]";
  if (!error.empty()) {
    std::cerr << "carcassonne rooms: " << error << "\n" << kRoomsHelp;
    return 2;
  }
  using namespace std::chrono_literals;
  std::string why = "no server to ask";
  for (const client::ServerAddress& server : *servers) {
    client::WsClient c;
    if (std::string e = c.Connect(server, 5s); !e.empty()) {
      why = client::UrlOf(server) + ": " + e;
      continue;
    }
    v1::ClientMessage hello;
    hello.mutable_hello()->set_client_version("carcassonne-rooms/1");
    hello.set_request_id(c.NextRequestId());
    v1::ClientMessage list;
    list.mutable_list_rooms();
    list.set_request_id(c.NextRequestId());
    if (!c.Send(hello) || !c.Send(list)) {
      why = client::UrlOf(server) + ": the connection was closed";
      continue;
    }
    const auto answer = c.WaitFor(
        [](const v1::ServerMessage& m) { return m.has_room_list() || m.has_error(); }, 5s);
    if (!answer || !answer->has_room_list()) {
      why = client::UrlOf(server) + ": " +
            (answer ? answer->error().message() : std::string("no room list within 5 s"));
      continue;
    }
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const v1::RoomSummary& r : answer->room_list().rooms()) {
      std::string game = v1::GameType_Name(r.game_type());
      std::string status = v1::RoomStatus_Name(r.status());
      if (game.rfind("GAME_TYPE_", 0) == 0) game = game.substr(10);
      if (status.rfind("ROOM_STATUS_", 0) == 0) status = status.substr(12);
      for (auto* s : {&game, &status}) {
        for (char& ch : *s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      }
      if (args.Has("json")) {
        all.push_back({{"code", r.code()},
                       {"game", game},
                       {"status", status},
                       {"players", r.players()},
                       {"computers", r.computers()},
                       {"seats", r.seats()},
                       {"host", r.host_name()}});
      } else {
        std::cout << r.code() << "  " << game << "  " << status << "  " << r.players() << "/"
                  << r.seats() << "  " << r.host_name() << "\n";
      }
    }
    if (args.Has("json")) std::cout << all.dump() << "\n";
    c.Close();
    return 0;
  }
  std::cerr << "carcassonne rooms: " << why << "\n";
  return 1;
}

}  // namespace carc::cli
