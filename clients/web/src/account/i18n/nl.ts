// The account screens' Dutch messages (the keys of en.ts).

import type { AccountMessages } from "./en";

export const nl: AccountMessages = {
  "account.back": "Terug",
  "account.guestNote": "Een account is niet verplicht: zonder account speel je zoals voorheen als gast.",
  "account.name": "Naam",
  "account.password": "Wachtwoord",
  "account.showPassword": "Wachtwoord tonen",

  "signIn.title": "Inloggen",
  "signIn.submit": "Inloggen",
  "signIn.busy": "Bezig met inloggen…",
  "signIn.noAccount": "Nog geen account?",
  "signIn.nameMissing": "Typ de naam van je account.",
  "signIn.passwordMissing": "Typ je wachtwoord.",
  "signIn.wrong": "Verkeerde naam of verkeerd wachtwoord.",
  "signIn.tooMany": "Te veel mislukte inlogpogingen: probeer het {when} opnieuw.",

  "signUp.title": "Een account maken",
  "signUp.submit": "Account maken",
  "signUp.busy": "Het account wordt gemaakt…",
  "signUp.haveAccount": "Heb je al een account?",
  "signUp.nameHelp": "3 tot 20 tekens. Andere spelers zien hem.",
  "signUp.passwordHelp": "8 tot 256 tekens. Een zin van een paar woorden is makkelijk te onthouden.",
  "signUp.nameLength": "Een naam heeft 3 tot 20 tekens.",
  "signUp.passwordLength": "Een wachtwoord heeft 8 tot 256 tekens.",
  "signUp.nameRefused": "Deze naam kan niet worden gebruikt.",
  "signUp.passwordRefused": "Dit wachtwoord kan niet worden gebruikt.",
  "signUp.nameTaken": "Deze naam is al in gebruik. Kies een andere, of log in als hij van jou is.",
  "signUp.tooMany": "Er zijn te veel accounts vanaf jouw adres gemaakt: probeer het {when} opnieuw.",

  "account.title": "Je account",
  "account.signedInAs": "Ingelogd als {name}.",
  "account.created": "Account gemaakt op {date}.",
  "account.signOut": "Uitloggen",
  "account.signingOut": "Bezig met uitloggen…",
  "account.signedOut": "Je bent niet meer ingelogd. Log opnieuw in.",

  "sessions.title": "Waar je bent ingelogd",
  "sessions.help": "Elke browser en elk apparaat dat op je account is ingelogd. Beëindig alles wat je niet herkent.",
  "sessions.loading": "Je sessies worden geladen…",
  "sessions.retry": "Opnieuw proberen",
  "sessions.thisDevice": "Dit apparaat",
  "sessions.unknownDevice": "Onbekend apparaat",
  "sessions.times": "Ingelogd {signedIn}, laatst gezien {seen}",
  "sessions.end": "Sessie beëindigen",
  "sessions.ending": "Bezig met beëindigen…",
  "sessions.ended": "De sessie op {label} is beëindigd.",
  "sessions.endAll": "Overal uitloggen",
  "sessions.endAllHelp": "Beëindigt elke sessie van je account, ook deze.",

  "account.refused": "De server heeft het verzoek geweigerd.",
  "account.busyServer": "De server heeft het druk: probeer het {when} opnieuw.",
  "account.soon": "zo meteen",
  "account.offline": "De server was niet bereikbaar. Controleer de verbinding en probeer het opnieuw.",
  "account.failed": "Er ging iets mis op de server (HTTP {status}). Probeer het opnieuw.",
};
