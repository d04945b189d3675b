// Room options (RULES.md sections 1-2) and the configuration that, with the command log,
// defines a whole game.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "carc/engine/option_spec.h"
#include "carc/engine/types.h"

namespace carc::engine {

enum class FarmScoring : std::uint8_t { kC3, kC1 };
enum class UnplaceableTile : std::uint8_t { kDiscard, kReshuffle };
enum class StartPlayer : std::uint8_t { kRandom, kHost, kSeatOrder };
enum class HandVisibility : std::uint8_t { kPublic, kPrivate };
// C-3: where the Count goes when a follower enters the city.
enum class CountMove : std::uint8_t { kFree, kClockwise, kFollow };
// C-4 (clarified): how many followers one redeployment may move: any number, or as the seed reads
// "all, one or none".
enum class CountRedeploy : std::uint8_t { kAny, kSeed };

struct Options {
  bool farmers = true;                                           // B-20
  FarmScoring farm_scoring = FarmScoring::kC3;                   // B-17
  bool small_city = false;                                       // B-19
  bool incomplete_features_score = true;                         // V-1
  int hand_size = 0;                                             // V-2, 0..3
  HandVisibility hand_visibility = HandVisibility::kPublic;      // V-2
  bool extra_turn_on_hole = false;                               // V-4
  int board_width = 0;                                           // V-5, 0 = unlimited
  int board_height = 0;                                          // V-5, 0 = unlimited
  UnplaceableTile unplaceable_tile = UnplaceableTile::kDiscard;  // B-6, V-6
  StartPlayer start_player = StartPlayer::kRandom;               // B-3, V-6
  bool edge_closes_features = false;                             // V-7
  int followers = 7;                                             // B-2
  bool count = false;                                            // C-1..C-6: The Count
  CountMove count_move = CountMove::kFree;                       // C-3
  CountRedeploy count_redeploy = CountRedeploy::kAny;            // C-4

  bool HasBoardLimit() const { return board_width > 0 && board_height > 0; }
  friend bool operator==(const Options&, const Options&) = default;
};

// Every option, in a fixed order.
std::span<const OptionSpec> OptionSpecs();

// Sets option `name` from its text form ("true", "3", "c1", "9x9", ...). Returns an error
// message naming the option and the accepted values, or an empty string on success.
std::string SetOption(Options& options, std::string_view name, std::string_view value);

// The text form of option `name` in `options` (the inverse of SetOption).
std::string GetOption(const Options& options, std::string_view name);

// A game is its config plus its command log.
struct GameConfig {
  int players = 2;
  std::uint64_t seed = 0;  // never leaves the server
  Options options;
  Seat host_first_player = 0;  // the seat named by the host when start_player is `host`
  // When set, tiles are drawn in exactly this order instead of a seeded shuffle (used to replay
  // records and to build scenarios). It need not contain the whole set: the game ends when it
  // runs out. The start tile (or the Count's block) is not part of it.
  std::optional<std::vector<TileKind>> draw_order;

  friend bool operator==(const GameConfig&, const GameConfig&) = default;
};

struct TileCatalog;
// The tile set a game with these options uses: the base set, or with `count` the base set and
// the Count's block (the base kinds keep their indices).
const TileCatalog& CatalogFor(const Options& options);

// Empty when the config is usable; otherwise what is wrong with it.
std::string Validate(const GameConfig& config);

}  // namespace carc::engine
