// The Castle's Swedish messages (the keys of en.ts).

import type { CastleMessages } from "./en";

export const sv: CastleMessages = {
  "replay.castleGame": "Borgen",
  "home.gameTypeCastle": "Carcassonne: Borgen (2 spelare)",
  "home.castleNote": "Borgens spelplan och brickor är här projektets egen rekonstruktion, inte originalkomponenterna.",
  "home.castleSeats": "Borgen är för exakt två spelare.",
  "home.castleOptions": "Borgens alternativ",
  "opt.wall4_fountain_bonus": "Murbricka 4 dubblar vägar med fontän",
  "opt.wall4_fountain_bonus.help": "i slutet ger murbricka 4 en ofärdig väg med fontän 2 poäng per bricka i stället för 1 (den engelska utgåvan).",
  "opt.castle_start_spaces_empty": "Startrutor i kärntornets tomma område",
  "opt.castle_start_spaces_empty.help": "i slutet: om en startruta utan bricka intill räknas som tom ruta för kärntornet.",
  "opt.castle_start_spaces_empty.ignored": "Aldrig (de är tryckta områden)",
  "opt.castle_start_spaces_empty.unbuilt": "Så länge ingen bricka ligger intill",
  "guide.castle.title": "Så skiljer sig Borgen",
  "guide.castle.1": "Två spelare bygger innanför en borgmur. Den första brickan läggs mot ett av startfälten som är tryckta längs muren, senare brickor mot ett startfält eller en lagd bricka. Bara vägar måste passa (en väg möter en väg eller muren); torn, hus och gårdar får gränsa mot vad som helst.",
  "guide.castle.2": "Tjänare: en härold på en väg, en riddare på ett torn, en väpnare på ett hus, en köpman på en gård. En färdig väg ger 1 per bricka (2 med en fontän), ett torn 2 och ett hus 1 per bricka, till den som har flest tjänare där. Gårdar räknas först i slutet: 3 per marknad till den som har flest köpmän, som står kvar till dess.",
  "guide.castle.3": "Kärntornet: när du räknar ett hus ställs ditt kärntorn på det, och senare på ett större hus du räknar. I slutet får den med det större kärntornet 1 poäng per fält i det största tomma området innanför muren.",
  "guide.castle.4": "Poäng på muren: poängbanan går längs muren, och dess hörntorn bär murbrickor med baksidan upp. Stannar din markör exakt på ett torns fält tar du dess murbricka med framsidan upp. Brickor 1 till 3 hjälper i dina senare drag (ett extra drag, ett dubblat torn eller hus), 4 till 9 i slutet; listan över murbrickor säger vad var och en gör.",
};
