// The Castle's Dutch messages (the keys of en.ts).

import type { CastleMessages } from "./en";

export const nl: CastleMessages = {
  "replay.castleGame": "De Burcht",
  "home.gameTypeCastle": "Carcassonne: De Burcht (2 spelers)",
  "home.castleNote": "Het bord en de tegels van De Burcht zijn hier een eigen reconstructie van het project, niet het originele spelmateriaal.",
  "home.castleSeats": "De Burcht is voor precies twee spelers.",
  "home.castleOptions": "Opties van De Burcht",
  "opt.wall4_fountain_bonus": "Muurtegel 4 verdubbelt paden met fontein",
  "opt.wall4_fountain_bonus.help": "aan het eind telt muurtegel 4 een onvoltooid pad met een fontein 2 punten per tegel in plaats van 1 (de Engelse uitgave).",
  "opt.castle_start_spaces_empty": "Startvakken in het lege gebied van de donjon",
  "opt.castle_start_spaces_empty.help": "aan het eind: of een startvak waar geen tegel tegenaan ligt als leeg vak telt voor de donjon.",
  "opt.castle_start_spaces_empty.ignored": "Nooit (het zijn gedrukte gebieden)",
  "opt.castle_start_spaces_empty.unbuilt": "Zolang er geen tegel tegenaan ligt",
  "guide.castle.title": "Wat er anders is in De Burcht",
  "guide.castle.1": "Twee spelers bouwen binnen een burchtmuur. De eerste tegel komt tegen een van de startvakken die langs de muur gedrukt staan, latere tegels tegen een startvak of een gelegde tegel. Alleen paden moeten aansluiten (een pad komt op een pad of de muur uit); torens, huizen en binnenplaatsen mogen overal tegen liggen.",
  "guide.castle.2": "Volgelingen: een heraut op een pad, een ridder op een toren, een schildknaap op een huis, een koopman op een binnenplaats. Een voltooid pad levert 1 per tegel op (2 met een fontein), een toren 2 en een huis 1 per tegel, voor wie er de meeste volgelingen op heeft. Binnenplaatsen tellen pas aan het eind: 3 per markt voor wie er de meeste kooplieden heeft, die tot dan blijven staan.",
  "guide.castle.3": "De donjon: tel je een huis, dan komt je donjon erop, en later op een groter huis dat je telt. Aan het eind krijgt de speler met de grootste donjon 1 punt per vak van het grootste lege gebied binnen de muur.",
  "guide.castle.4": "Tellen op de muur: het scorespoor loopt langs de muur en de hoektorens dragen gesloten muurtegels. Stopt je scoreblokje precies op het veld van een toren, dan neem je diens muurtegel open. Tegels 1 tot 3 helpen in je latere beurten (een extra beurt, een dubbele toren of een dubbel huis), 4 tot 9 aan het eind; de lijst met muurtegels zegt wat elke doet.",
};
