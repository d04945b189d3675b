// The Castle's English messages: the reference set of its own keys, which each of its other
// languages has exactly. The messages every game shares are in src/i18n/; the words of the
// game's screens are in play/, with its play code. These are in the page's main script: the
// game's name, its options and its guide, for the home screen and the lobby.

export const en = {
  "replay.castleGame": "The Castle",
  "home.gameTypeCastle": "Carcassonne: The Castle (2 players)",
  "home.castleNote": "The Castle's board and tiles in this game are the project's own reconstruction, not the original components.",
  "home.castleSeats": "The Castle is for exactly two players.",
  "home.castleOptions": "Options of The Castle",
  "opt.wall4_fountain_bonus": "Wall tile 4 doubles fountain paths",
  "opt.wall4_fountain_bonus.help": "at the end, wall tile 4 scores an unfinished path with a fountain 2 points per tile instead of 1 (the English edition).",
  "opt.castle_start_spaces_empty": "Start spaces in the keep's empty area",
  "opt.castle_start_spaces_empty.help": "at the end, whether a start space with no tile against it counts as an empty space for the keep.",
  "opt.castle_start_spaces_empty.ignored": "Never (they are printed features)",
  "opt.castle_start_spaces_empty.unbuilt": "While no tile lies against them",
  "guide.castle.title": "How The Castle differs",
  "guide.castle.1": "Two players build inside a castle wall. The first tile goes against one of the start spaces printed along the wall, later tiles against a start space or a placed tile. Only paths must match (a path meets a path or the wall); towers, houses and courts may touch anything.",
  "guide.castle.2": "Followers: a herald on a path, a knight on a tower, a squire on a house, a merchant on a court. A completed path scores 1 per tile (2 with a fountain), a tower 2 and a house 1 per tile, for the player with more followers on it. Courts score only at the end: 3 per market for the player with more merchants, who stay until then.",
  "guide.castle.3": "The keep: when you score a house, your keep goes on it, and later onto a larger house you score. At the end, the player with the larger keep scores 1 point per space of the largest empty area left inside the wall.",
  "guide.castle.4": "Scoring on the wall: the score track runs along the wall, and its corner towers hold face-down wall tiles. When your marker stops exactly on a tower's field, you take its wall tile, face up. Tiles 1 to 3 help on your own later turns (an extra turn, a doubled tower or house), 4 to 9 at the end; the list of wall tiles says what each does.",
} as const;

export type CastleMessageKey = keyof typeof en;
export type CastleMessages = Record<CastleMessageKey, string>;
