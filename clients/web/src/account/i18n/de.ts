// The account screens' German messages (the keys of en.ts).

import type { AccountMessages } from "./en";

export const de: AccountMessages = {
  "account.back": "Zurück",
  "account.guestNote": "Ein Konto ist freiwillig: ohne eines spielst du wie bisher als Gast.",
  "account.name": "Name",
  "account.password": "Passwort",
  "account.showPassword": "Passwort anzeigen",

  "signIn.title": "Anmelden",
  "signIn.submit": "Anmelden",
  "signIn.busy": "Anmeldung läuft…",
  "signIn.noAccount": "Noch kein Konto?",
  "signIn.nameMissing": "Gib den Namen deines Kontos ein.",
  "signIn.passwordMissing": "Gib dein Passwort ein.",
  "signIn.wrong": "Name oder Passwort ist falsch.",
  "signIn.tooMany": "Zu viele fehlgeschlagene Anmeldungen: versuche es {when} noch einmal.",

  "signUp.title": "Konto erstellen",
  "signUp.submit": "Konto erstellen",
  "signUp.busy": "Das Konto wird erstellt…",
  "signUp.haveAccount": "Schon ein Konto?",
  "signUp.nameHelp": "3 bis 20 Zeichen. Die anderen Spieler sehen ihn.",
  "signUp.passwordHelp": "8 bis 256 Zeichen. Ein Satz aus mehreren Wörtern ist leicht zu merken.",
  "signUp.nameLength": "Ein Name hat 3 bis 20 Zeichen.",
  "signUp.passwordLength": "Ein Passwort hat 8 bis 256 Zeichen.",
  "signUp.nameRefused": "Dieser Name kann nicht verwendet werden.",
  "signUp.passwordRefused": "Dieses Passwort kann nicht verwendet werden.",
  "signUp.nameTaken": "Dieser Name ist vergeben. Wähle einen anderen oder melde dich an, wenn es deiner ist.",
  "signUp.tooMany": "Von deiner Adresse wurden zu viele Konten erstellt: versuche es {when} noch einmal.",

  "account.title": "Dein Konto",
  "account.signedInAs": "Angemeldet als {name}.",
  "account.created": "Konto erstellt am {date}.",
  "account.signOut": "Abmelden",
  "account.signingOut": "Abmeldung läuft…",
  "account.signedOut": "Du bist nicht mehr angemeldet. Melde dich wieder an.",

  "sessions.title": "Wo du angemeldet bist",
  "sessions.help": "Jeder Browser und jedes Gerät, das bei deinem Konto angemeldet ist. Beende alle, die du nicht kennst.",
  "sessions.loading": "Deine Sitzungen werden geladen…",
  "sessions.retry": "Noch einmal versuchen",
  "sessions.thisDevice": "Dieses Gerät",
  "sessions.unknownDevice": "Unbekanntes Gerät",
  "sessions.times": "Angemeldet {signedIn}, zuletzt gesehen {seen}",
  "sessions.end": "Sitzung beenden",
  "sessions.ending": "Wird beendet…",
  "sessions.ended": "Die Sitzung auf {label} wurde beendet.",
  "sessions.endAll": "Überall abmelden",
  "sessions.endAllHelp": "Beendet jede Sitzung deines Kontos, auch diese.",

  "account.refused": "Der Server hat die Anfrage abgelehnt.",
  "account.busyServer": "Der Server ist ausgelastet: versuche es {when} noch einmal.",
  "account.soon": "gleich",
  "account.offline": "Der Server war nicht erreichbar. Prüfe die Verbindung und versuche es noch einmal.",
  "account.failed": "Auf dem Server ist etwas schiefgegangen (HTTP {status}). Versuche es noch einmal.",
};
