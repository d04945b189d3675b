// The Castle's German messages (the keys of en.ts).

import type { CastleMessages } from "./en";

export const de: CastleMessages = {
  "replay.castleGame": "Die Burg",
  "home.gameTypeCastle": "Carcassonne – Die Burg (2 Personen)",
  "home.castleNote": "Spielplan und Plättchen der Burg sind hier eine eigene Rekonstruktion des Projekts, nicht das Originalmaterial.",
  "home.castleSeats": "Die Burg ist für genau zwei Personen.",
  "home.castleOptions": "Optionen der Burg",
  "opt.wall4_fountain_bonus": "Mauerplättchen 4 verdoppelt Wege mit Brunnen",
  "opt.wall4_fountain_bonus.help": "am Ende zählt Mauerplättchen 4 einen unfertigen Weg mit Brunnen 2 Punkte pro Plättchen statt 1 (englische Ausgabe).",
  "opt.castle_start_spaces_empty": "Startfelder in der leeren Fläche des Bergfrieds",
  "opt.castle_start_spaces_empty.help": "am Ende: ob ein Startfeld, an dem kein Plättchen liegt, für den Bergfried als leeres Feld zählt.",
  "opt.castle_start_spaces_empty.ignored": "Nie (sie sind aufgedruckte Gebiete)",
  "opt.castle_start_spaces_empty.unbuilt": "Solange kein Plättchen daran liegt",
  "guide.castle.title": "Was bei der Burg anders ist",
  "guide.castle.1": "Zwei Personen bauen innerhalb einer Burgmauer. Das erste Plättchen kommt an eines der Startfelder, die an der Mauer aufgedruckt sind, spätere Plättchen an ein Startfeld oder ein gelegtes Plättchen. Nur Wege müssen passen (ein Weg trifft auf einen Weg oder die Mauer); Türme, Häuser und Höfe dürfen an alles grenzen.",
  "guide.castle.2": "Gefolgsleute: ein Herold auf einem Weg, ein Ritter auf einem Turm, ein Knappe auf einem Haus, ein Händler auf einem Hof. Ein fertiger Weg bringt 1 pro Plättchen (2 mit Brunnen), ein Turm 2 und ein Haus 1 pro Plättchen, für die Person mit mehr Gefolgsleuten darauf. Höfe zählen erst am Ende: 3 pro Markt für die Person mit mehr Händlern, die bis dahin bleiben.",
  "guide.castle.3": "Der Bergfried: Wertest du ein Haus, kommt dein Bergfried darauf, später auf ein größeres Haus, das du wertest. Am Ende bringt der größere Bergfried 1 Punkt pro Feld der größten leeren Fläche innerhalb der Mauer.",
  "guide.castle.4": "Wertung an der Mauer: Die Wertungsleiste läuft die Mauer entlang, ihre Ecktürme tragen verdeckte Mauerplättchen. Bleibt dein Wertungsstein genau auf dem Feld eines Turms stehen, nimmst du sein Mauerplättchen offen. Plättchen 1 bis 3 helfen in deinen späteren Zügen (ein Extrazug, ein doppelter Turm oder ein doppeltes Haus), 4 bis 9 am Ende; die Liste der Mauerplättchen sagt, was jedes tut.",
};
