// Writes the seed scripts of fuzz_ws_message (ws_harness.h) into a directory: rooms created,
// joined and started, then games played with legal moves read from what the server sends, so
// the fuzzer starts deep inside the games instead of at Hello. Playing them through the real
// rooms as they are written keeps every command legal for the fixed game seed.
//
//   make_ws_seeds OUT_DIR
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>

#include "ws_harness.h"

namespace carc::fuzz {
namespace {

struct Pending {
  std::uint64_t seq = 0;
  std::optional<v1::BaseLegalMoves> base;
  std::optional<v1::CastleLegalMoves> castle;
};

class Writer {
 public:
  explicit Writer(std::uint64_t seed)
      : rng_(seed), script_([this](int slot, const v1::ServerMessage& m) { Observe(slot, m); }) {}

  void Send(int slot, const v1::ClientMessage& m) {
    const std::string bytes = m.SerializeAsString();
    out_ += EncodeFrame(slot, Op::kMessage, bytes);
    ++frames_;
    script_.Deliver(slot, bytes);
  }
  void Drop(int slot) {
    out_ += EncodeFrame(slot, Op::kDrop, "");
    ++frames_;
    script_.Drop(slot);
  }

  void Hello(int slot, const std::string& name, const std::string& token = "") {
    v1::ClientMessage m;
    m.set_request_id(1);
    m.mutable_hello()->set_client_name(name);
    m.mutable_hello()->set_client_version("seed");
    m.mutable_hello()->set_resume_token(token);
    Send(slot, m);
  }
  void Create(int slot, const v1::RoomOptions& options) {
    v1::ClientMessage m;
    m.set_request_id(2);
    *m.mutable_create_room()->mutable_options() = options;
    Send(slot, m);
  }
  void Join(int slot, bool spectate = false) {
    v1::ClientMessage m;
    m.set_request_id(3);
    m.mutable_join_room()->set_spectate(spectate);  // empty code: the room of the lowest slot
    Send(slot, m);
  }
  void Ready(int slot) {
    v1::ClientMessage m;
    m.set_request_id(4);
    m.mutable_set_ready()->set_ready(true);
    Send(slot, m);
  }
  void Start(int slot) {
    v1::ClientMessage m;
    m.set_request_id(5);
    m.mutable_start_game();
    Send(slot, m);
  }
  void Chat(int slot, const std::string& text) {
    v1::ClientMessage m;
    m.set_request_id(6);
    m.mutable_send_chat()->set_text(text);
    Send(slot, m);
  }

  // Plays up to `commands` legal commands, whoever must decide; returns how many were sent.
  int Play(int commands) {
    int sent = 0;
    while (sent < commands && frames_ < kMaxFrames - 4) {
      int slot = -1;
      for (int i = 0; i < kSlots && slot < 0; ++i) {
        if (pending_[static_cast<std::size_t>(i)].base ||
            pending_[static_cast<std::size_t>(i)].castle) {
          slot = i;
        }
      }
      if (slot < 0) break;
      Pending p = std::move(pending_[static_cast<std::size_t>(slot)]);
      pending_[static_cast<std::size_t>(slot)] = {};
      if (p.castle) {
        ActCastle(slot, p.seq, *p.castle);
      } else {
        ActBase(slot, p.seq, *p.base);
      }
      ++sent;
    }
    return sent;
  }

  bool Write(const std::filesystem::path& file) const {
    std::ofstream out(file, std::ios::binary);
    out << out_;
    std::printf("%s: %d frames, %zu bytes%s\n", file.c_str(), frames_, out_.size(),
                finished_ ? ", the game ended" : "");
    return static_cast<bool>(out);
  }

 private:
  void Observe(int slot, const v1::ServerMessage& m) {
    Pending& p = pending_[static_cast<std::size_t>(slot)];
    if (m.has_error()) {
      // Refusals are expected only where ActBase probes; the rest show a seed gone wrong.
      ++errors_[static_cast<std::size_t>(slot)];
      std::fprintf(stderr, "  slot %d: %s: %s\n", slot,
                   v1::ErrorCode_Name(m.error().code()).c_str(), m.error().message().c_str());
    }
    if (m.has_room_state() && m.room_state().status() == v1::ROOM_STATUS_FINISHED) finished_ = true;
    if (m.has_event_batch()) {
      const v1::EventBatch& b = m.event_batch();
      p = {};
      p.seq = b.seq();
      if (b.has_base_legal_moves()) p.base = b.base_legal_moves();
      if (b.has_castle_legal_moves()) p.castle = b.castle_legal_moves();
    } else if (m.has_snapshot()) {
      const v1::GameSnapshot& s = m.snapshot();
      p = {};
      p.seq = s.seq();
      if (s.has_base() && s.base().has_legal_moves() &&
          s.base().phase() != v1::BASE_PHASE_GAME_OVER) {
        p.base = s.base().legal_moves();
      }
      if (s.has_castle() && s.castle().has_legal_moves()) p.castle = s.castle().legal_moves();
    }
  }

  int Pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  void SendCommand(int slot, std::uint64_t seq, const v1::BaseCommand& c) {
    v1::ClientMessage m;
    m.set_request_id(100);
    m.mutable_game_command()->set_expected_seq(seq);
    *m.mutable_game_command()->mutable_base() = c;
    Send(slot, m);
  }

  void ActBase(int slot, std::uint64_t seq, const v1::BaseLegalMoves& moves) {
    v1::BaseCommand c;
    if (moves.placements_size() > 0) {
      const v1::Placement& p = moves.placements(Pick(moves.placements_size()));
      *c.mutable_place_tile()->mutable_position() = p.position();
      c.mutable_place_tile()->set_rotation(p.rotation());
      c.mutable_place_tile()->set_tile(p.tile());
    } else if (moves.city_entries_size() > 0) {
      const int i = Pick(moves.city_entries_size() + 1);
      if (i == moves.city_entries_size()) {
        c.mutable_pass();
      } else {
        c.mutable_enter_city()->set_quarter(moves.city_entries(i).quarter());
        c.mutable_enter_city()->set_count_to(moves.city_entries(i).count_to());
      }
    } else if (moves.redeploy_limit() > 0) {
      c.mutable_redeploy()->set_followers(1);
    } else if (moves.city_exits_size() > 0) {
      const v1::CityExit& e = moves.city_exits(Pick(moves.city_exits_size()));
      c.mutable_leave_city()->set_quarter(e.quarter());
      *c.mutable_leave_city()->mutable_position() = e.position();
      c.mutable_leave_city()->set_segment(e.segment());
    } else if (moves.follower_spots_size() > 0) {
      const int i = Pick(moves.follower_spots_size() + 1);
      if (i == moves.follower_spots_size()) {
        c.mutable_skip_follower();
      } else {
        c.mutable_place_follower()->set_segment(moves.follower_spots(i).segment());
      }
    } else {
      // Nothing to choose: either a follower step with no spot or a Count decision with no
      // option. Skipping answers the first; a refusal means it was the second.
      const int errors = errors_[static_cast<std::size_t>(slot)];
      c.mutable_skip_follower();
      SendCommand(slot, seq, c);
      if (errors_[static_cast<std::size_t>(slot)] == errors) return;
      pending_[static_cast<std::size_t>(slot)] = {};
      c.Clear();
      c.mutable_pass();
    }
    SendCommand(slot, seq, c);
  }

  void ActCastle(int slot, std::uint64_t seq, const v1::CastleLegalMoves& moves) {
    v1::ClientMessage m;
    m.set_request_id(101);
    m.mutable_game_command()->set_expected_seq(seq);
    v1::CastleCommand* c = m.mutable_game_command()->mutable_castle();
    if (moves.placements_size() > 0) {
      const auto& p = moves.placements(Pick(moves.placements_size()));
      *c->mutable_place_tile()->mutable_position() = p.position();
      c->mutable_place_tile()->set_rotation(p.rotation());
    } else if (moves.scoring_size() > 0) {
      *c->mutable_score_feature() = moves.scoring(Pick(moves.scoring_size()));
    } else if (moves.extra_turn()) {
      c->mutable_use_extra_turn();
    } else {
      const int i = Pick(moves.follower_regions_size() + 1);
      if (i == moves.follower_regions_size()) {
        c->mutable_skip_follower();
      } else {
        c->mutable_place_follower()->set_region(moves.follower_regions(i));
      }
    }
    Send(slot, m);
  }

  std::mt19937_64 rng_;
  WsScript script_;
  std::string out_;
  int frames_ = 0;
  bool finished_ = false;
  std::array<Pending, kSlots> pending_;
  std::array<int, kSlots> errors_{};
};

v1::RoomOptions Options(v1::GameType game, int seats, bool count = false) {
  v1::RoomOptions o;
  o.set_game_type(game);
  o.set_seats(static_cast<std::uint32_t>(seats));
  if (game == v1::GAME_TYPE_BASE) {
    v1::BaseOptions* b = o.mutable_base();
    b->set_farmers(true);
    b->set_count(count);
  } else {
    o.mutable_castle();
  }
  return o;
}

// The host (slot 0) creates the room, slots 1.. take the other seats, get ready, and the host
// starts the game.
void StartGame(Writer& w, const v1::RoomOptions& options) {
  const int seats = static_cast<int>(options.seats());
  for (int slot = 0; slot < seats; ++slot) w.Hello(slot, "P" + std::to_string(slot));
  w.Create(0, options);
  for (int slot = 1; slot < seats; ++slot) {
    w.Join(slot);
    w.Ready(slot);
  }
  w.Start(0);
}

}  // namespace
}  // namespace carc::fuzz

int main(int argc, char** argv) {
  using namespace carc::fuzz;
  using carc::v1::GAME_TYPE_BASE;
  using carc::v1::GAME_TYPE_CASTLE;
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir(argv[1]);
  std::filesystem::create_directories(dir);
  bool ok = true;
  {
    // A whole two-player game, then a rematch.
    Writer w(1);
    StartGame(w, Options(GAME_TYPE_BASE, 2));
    w.Play(kMaxFrames);
    carc::v1::ClientMessage rematch;
    rematch.mutable_rematch();
    w.Send(0, rematch);
    ok = w.Write(dir / "base_2p_game.bin") && ok;
  }
  {
    // Three seats and a spectator who chats; a seat drops mid-game and resumes with its token.
    Writer w(2);
    StartGame(w, Options(GAME_TYPE_BASE, 3));
    w.Hello(3, "Watcher");
    w.Join(3, true);
    w.Chat(3, "hello");
    w.Play(20);
    w.Drop(1);
    w.Hello(1, "P1", std::string(kResumePlaceholder));
    w.Play(20);
    ok = w.Write(dir / "base_3p_resume.bin") && ok;
  }
  {
    Writer w(3);
    StartGame(w, Options(GAME_TYPE_BASE, 2, true));
    w.Play(kMaxFrames);
    ok = w.Write(dir / "count_2p_game.bin") && ok;
  }
  {
    Writer w(4);
    StartGame(w, Options(GAME_TYPE_CASTLE, 2));
    w.Play(kMaxFrames);
    ok = w.Write(dir / "castle_2p_game.bin") && ok;
  }
  {
    // The lobby alone: seats, colours, chat, a kick and leaving.
    Writer w(5);
    for (int slot = 0; slot < 3; ++slot) w.Hello(slot, "P" + std::to_string(slot));
    w.Create(0, Options(GAME_TYPE_BASE, 4));
    w.Join(1);
    w.Join(2);
    carc::v1::ClientMessage m;
    m.mutable_take_seat()->set_seat(3);
    w.Send(1, m);
    m.Clear();
    m.mutable_choose_colour()->set_colour("blue");
    w.Send(2, m);
    w.Chat(1, "hi");
    m.Clear();
    m.mutable_kick_player()->set_seat(3);
    w.Send(0, m);
    m.Clear();
    m.mutable_list_rooms();
    w.Send(2, m);
    m.Clear();
    m.mutable_leave_room();
    w.Send(2, m);
    ok = w.Write(dir / "lobby_4p.bin") && ok;
  }
  return ok ? 0 : 1;
}
