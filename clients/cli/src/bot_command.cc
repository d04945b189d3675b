// `carcassonne bot` and `carcassonne watch`: play or watch games on a running server.
#include <algorithm>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <thread>

#include "args.h"
#include "client/bot_seat.h"
#include "client/saved_session.h"
#include "client/server_list.h"
#include "commands.h"
#include "game_options.h"
#include "games/registry.h"

namespace carc::cli {
namespace {

constexpr const char* kBotHelp =
    "usage: carcassonne bot --server URL (--room CODE | --create) [options]\n"
    "Plays uniformly random legal moves on a carcassonne-server until the game ends, then prints\n"
    "the final scores as one JSON line.\n"
    "  --server URLS    ws://host:port (default ws://127.0.0.1:8080), or several separated by\n"
    "                   commas (a cluster's nodes): the first that answers, the next when one\n"
    "                   is lost; a node's redirect to the room's node is followed\n"
    "  --room CODE      join this room\n"
    "  --create         create a room (its code is printed on stderr at once)\n"
    "  --players P      with --create: seats in the room, 2..6 (default: --seats, at least 2)\n"
    "  --seats N        seats this process plays, each on its own connection (default 1)\n"
    "  --game G         with --create: a game the server offers (default base; the\n"
    "                   list is in 'carcassonne --help')\n"
    "  --rules LIST     with --create: the game's options, e.g. farm_scoring=c1,hand_size=1\n"
    "  --public         with --create: list the room publicly\n"
    "  --rated          with --create: a rated room (docs/ratings.md): needs a session kept by\n"
    "                   `carcassonne login` and --seats 1, since every seat is an account's;\n"
    "                   the others join with their own logins (CARC_CONFIG_DIR apart) and\n"
    "                   `bot --room CODE`; the server plays the fallback move for a seat\n"
    "                   away past the grace period\n"
    "  --name NAME      player name prefix (default bot); the first seat plays under the\n"
    "                   account's name when `carcassonne login` kept a session for the server\n"
    "  --seed S         move choices (default: random)\n"
    "  --timeout SEC    give up after this long without a message from the server, 0 = never\n"
    "                   (default 0: the bot plays as long as its game goes on; a room's\n"
    "                   computer players and policies see to absent seats)\n";

constexpr const char* kWatchHelp =
    "usage: carcassonne watch --server URLS --room CODE [--timeout SEC]\n"
    "Joins a room as a spectator and prints its events as text until the game ends.\n";

}  // namespace

int BotCommand(int argc, char** argv) {
  Args args(argc, argv, 2,
            {"server", "room", "players", "seats", "game", "rules", "name", "seed", "timeout"},
            {"create", "public", "rated", "help"});
  if (args.Has("help")) {
    std::cout << kBotHelp;
    return 0;
  }
  const int seats = static_cast<int>(args.Int("seats", 1, 1, 6));
  const int players = static_cast<int>(args.Int("players", std::max(seats, 2), 2, 6));
  const auto timeout = args.Int("timeout", 0, 0, 86400);
  const auto seed =
      static_cast<std::uint64_t>(args.Int("seed", std::random_device{}(), 0, INT64_MAX));
  std::string error = args.error();
  const std::string game_name = args.Get("game", "base");
  const server::GameAdapter* game = server::FindGameNamed(game_name);
  if (error.empty() && (game == nullptr || game_name.empty())) {
    error = "--game takes " + server::GameNames(" or ") + ", not '" + game_name + "'";
  }
  v1::RoomOptions room;
  if (error.empty() && args.Has("create")) {
    std::vector<std::pair<std::string, std::string>> named;
    error = ParseRules(args.Get("rules", ""), named);
    if (error.empty()) {
      auto made = game->RoomOptionsFrom(players, named);
      if (auto* why = std::get_if<std::string>(&made)) {
        error = "--game " + game_name + ": " + *why;
      } else {
        room = std::get<v1::RoomOptions>(std::move(made));
      }
    }
  }
  if (error.empty() && args.Has("create") == args.Has("room")) {
    error = "give exactly one of --room CODE and --create";
  }
  if (error.empty() && args.Has("rated") && !args.Has("create")) {
    error = "--rated goes with --create: the room's creator makes it rated";
  }
  if (error.empty() && args.Has("rated") && seats != 1) {
    error =
        "--rated plays one seat: every seat of a rated room is an account's, so the others "
        "join with their own logins (bot --room CODE)";
  }
  const auto address = client::ParseServerList(args.Get("server", "ws://127.0.0.1:8080"));
  if (error.empty() && !address) error = "--server takes ws://host:port[,ws://host:port...]";
  if (!error.empty()) {
    std::cerr << "carcassonne bot: " << error << "\n" << kBotHelp;
    return 2;
  }
  const std::string name = args.Get("name", "bot");
  // The first seat plays signed in when `carcassonne login` kept a session for this server.
  std::vector<client::ServerAddress> signed_in = *address;
  if (const std::string account = client::AttachSession(signed_in); !account.empty()) {
    std::cerr << "signed in as " << account << " (seat 1)" << std::endl;
  } else if (args.Has("rated")) {
    std::cerr << "carcassonne bot: --rated needs an account: run `carcassonne login --server "
                 "URL NAME` first\n";
    return 2;
  }

  std::vector<std::unique_ptr<client::BotSeat>> bots;
  std::string code = args.Get("room", "");
  for (int i = 0; i < seats; ++i) {
    auto bot = std::make_unique<client::BotSeat>(i == 0 ? signed_in : *address,
                                                 name + "-" + std::to_string(i + 1),
                                                 seed + static_cast<std::uint64_t>(i));
    if (std::string e = bot->Connect(); !e.empty()) {
      std::cerr << "carcassonne bot: " << e << "\n";
      return 1;
    }
    if (i == 0 && args.Has("create")) {
      room.set_is_public(args.Has("public"));
      room.set_rated(args.Has("rated"));
      // A rated room needs a way on when a player is away (docs/ratings.md): the fallback move.
      if (args.Has("rated")) room.set_abandon_policy(v1::ABANDON_POLICY_FALLBACK_MOVE);
      code = bot->CreateRoom(room);
      if (code.empty()) {
        std::cerr << "carcassonne bot: cannot create a room: " << bot->error() << "\n";
        return 1;
      }
      std::cerr << "room " << code << std::endl;
    } else if (std::string e = bot->JoinRoom(code); !e.empty()) {
      std::cerr << "carcassonne bot: cannot join room " << code << ": " << e << "\n";
      return 1;
    }
    bots.push_back(std::move(bot));
  }

  std::vector<client::SeatResult> results(bots.size());
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < bots.size(); ++i) {
    threads.emplace_back([&, i] {
      // 0: a silence of ten years, which no game reaches.
      const auto silence = std::chrono::seconds(timeout == 0 ? 315360000 : timeout);
      results[i] = bots[i]->Play(silence, 0, true);
    });
  }
  for (auto& t : threads) t.join();

  nlohmann::ordered_json out;
  out["room"] = code;
  int exit_code = 0;
  for (const auto& r : results) {
    nlohmann::ordered_json seat;
    seat["seat"] = r.seat;
    seat["finished"] = r.finished;
    seat["final"] = r.final_scores;
    seat["commands"] = r.commands;
    if (r.has_mirror) seat["public_hash"] = r.mirror_hash;
    seat["hash_mismatches"] = r.hash_mismatches;
    seat["reconnects"] = r.reconnects;
    if (!r.error.empty()) {
      seat["error"] = r.error;
      exit_code = 1;
    }
    out["seats"].push_back(seat);
  }
  if (!results.empty()) out["final"] = results.front().final_scores;
  std::cout << out.dump() << std::endl;
  return exit_code;
}

int WatchCommand(int argc, char** argv) {
  Args args(argc, argv, 2, {"server", "room", "timeout"}, {"help"});
  if (args.Has("help")) {
    std::cout << kWatchHelp;
    return 0;
  }
  const auto timeout = args.Int("timeout", 3600, 1, 86400);
  std::string error = args.error();
  const auto address = client::ParseServerList(args.Get("server", "ws://127.0.0.1:8080"));
  if (error.empty() && !address) error = "--server takes ws://host:port[,ws://host:port...]";
  if (error.empty() && !args.Has("room")) error = "--room CODE is required";
  if (!error.empty()) {
    std::cerr << "carcassonne watch: " << error << "\n" << kWatchHelp;
    return 2;
  }
  std::vector<client::ServerAddress> servers = *address;
  client::AttachSession(servers);
  client::BotSeat watcher(servers, "watcher", 0);
  if (std::string e = watcher.Connect(); !e.empty()) {
    std::cerr << "carcassonne watch: " << e << "\n";
    return 1;
  }
  if (std::string e = watcher.JoinRoom(args.Get("room", ""), true); !e.empty()) {
    std::cerr << "carcassonne watch: " << e << "\n";
    return 1;
  }
  watcher.set_log_events(true);
  const client::SeatResult r = watcher.Play(std::chrono::seconds(timeout));
  for (const std::string& line : watcher.event_log()) std::cout << line << "\n";
  if (!r.error.empty()) std::cerr << "carcassonne watch: " << r.error << "\n";
  return r.finished ? 0 : 1;
}

}  // namespace carc::cli
