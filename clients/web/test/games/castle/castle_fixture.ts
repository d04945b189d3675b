// The Castle's shipped board and tiles (engine/data/castle), as the exact texts the server
// embeds and sends in the game snapshot. Imported as raw text rather than read with node:fs:
// the project has no Node type definitions, and this keeps the texts byte for byte.

import boardText from "../../../../../engine/data/castle/board.json?raw";
import tilesText from "../../../../../engine/data/castle/tiles.json?raw";

export const CASTLE_BOARD_TEXT: string = boardText;
export const CASTLE_TILES_TEXT: string = tilesText;
