// The base game's English messages: the reference set of its own keys, which each of its other
// languages has exactly. The messages every game shares are in src/i18n/; the words of the
// game's screens are in play/, with its play code. These are in the page's main script: the
// game's name, its options and its guide, for the home screen and the lobby.

export const en = {
  "home.gameTypeBase": "Carcassonne (base game)",
  "home.options": "Game options",

  "form.errorEdge": "“The table edge closes features” needs a table limit.",
  "form.errorCountBoard": "The Count's city needs a table limit of at least 5 × 3.",

  "opt.farmers": "Farmers",
  "opt.farmers.help": "followers may be placed on fields and score at the end.",
  "opt.farm_scoring": "Farm scoring",
  "opt.farm_scoring.help": "how completed cities score for the farms around them.",
  "opt.farm_scoring.c3": "3 points per completed city for each farm",
  "opt.farm_scoring.c1": "4 points per city, to the most farmers around it",
  "opt.small_city": "Small cities",
  "opt.small_city.help": "a completed two-tile city scores 1 per tile and pennant (old rule).",
  "opt.incomplete_features_score": "Score unfinished features",
  "opt.incomplete_features_score.help": "unfinished roads, cities and cloisters score at the end.",
  "opt.hand_size": "Tiles in hand",
  "opt.hand_size.help": "tiles kept in hand between turns (0: draw at the start of the turn).",
  "opt.hand_visibility": "Hand visibility",
  "opt.hand_visibility.help": "whether the other players see the tiles in a hand.",
  "opt.hand_visibility.public": "Open hands",
  "opt.hand_visibility.private": "Hidden hands",
  "opt.extra_turn_on_hole": "Extra turn for a filled hole",
  "opt.extra_turn_on_hole.help": "filling a gap surrounded on all four sides gives one extra turn.",
  "opt.board_limit": "Table limit",
  "opt.board_limit.help": "tiles must stay inside a W × H table centred on the start tile.",
  "opt.board_limit.width": "Table width (tiles)",
  "opt.board_limit.height": "Table height (tiles)",
  "opt.board_limit.invalid": "The table size is two whole numbers from {min} to {max}.",
  "opt.unplaceable_tile": "Tile that fits nowhere",
  "opt.unplaceable_tile.help": "what happens to a drawn tile that cannot be placed.",
  "opt.unplaceable_tile.discard": "Put it out of the game",
  "opt.unplaceable_tile.reshuffle": "Shuffle it back into the stack",
  "opt.start_player": "First player",
  "opt.start_player.help": "who takes the first turn.",
  "opt.start_player.random": "Random",
  "opt.start_player.host": "The host",
  "opt.start_player.seat_order": "Seat 1",
  "opt.edge_closes_features": "The table edge closes features",
  "opt.edge_closes_features.help": "with a table limit, the edge closes roads, cities and cloisters.",
  "opt.followers": "Followers",
  "opt.followers.help": "followers in each player's supply.",
  "opt.count": "The Count of Carcassonne",
  "opt.count.help": "start from the city of Carcassonne; a player whose tile makes others score but not themselves may send a follower into one of its quarters.",
  "opt.count_move": "Where the Count moves",
  "opt.count_move.help": "with the Count: where he goes when a follower enters the city.",
  "opt.count_move.free": "Where the player chooses",
  "opt.count_move.clockwise": "To the next quarter clockwise",
  "opt.count_move.follow": "To the quarter just entered",
  "opt.count_redeploy": "How many followers a redeployment moves",
  "opt.count_redeploy.help": "with the Count: followers from a quarter onto a completed feature.",
  "opt.count_redeploy.any": "Any number",
  "opt.count_redeploy.seed": "All, one or none (the rule's wording)",

  "guide.count.title": "How the Count of Carcassonne differs",
  "guide.count.1": "The game starts from the city of Carcassonne instead of the start tile: a block of 12 tiles with four quarters (castle, market, blacksmith, cathedral) and the Count in the castle quarter. Tiles go against its outer edges like against any tile, and farms next to it count it as a completed city.",
  "guide.count.2": "When a tile you place makes at least one player score points but you score nothing from it, you may afterwards put one follower from your supply into a quarter of your choice, except the Count's, and move the Count as this room's rules say. Once per tile, however many features scored.",
  "guide.count.3": "The quarters are for later. When a city, road or cloister is completed, before it is scored, each player in turn may move followers from its quarter onto it: castle to cities, blacksmith to roads, cathedral to cloisters. At the final scoring, followers may leave one at a time onto unfinished cities, roads and cloisters, and from the market onto farms.",
  "guide.count.4": "The Count's quarter is blocked: no follower enters or leaves it while he stands there. Followers leave the city only in these two ways, and those still in it at the end score nothing.",
} as const;

export type BaseMessageKey = keyof typeof en;
export type BaseMessages = Record<BaseMessageKey, string>;
