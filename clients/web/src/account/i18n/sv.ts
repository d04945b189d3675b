// The account screens' Swedish messages (the keys of en.ts).

import type { AccountMessages } from "./en";

export const sv: AccountMessages = {
  "account.back": "Tillbaka",
  "account.guestNote": "Ett konto är frivilligt: utan konto spelar du som gäst, precis som förut.",
  "account.name": "Namn",
  "account.password": "Lösenord",
  "account.showPassword": "Visa lösenordet",

  "signIn.title": "Logga in",
  "signIn.submit": "Logga in",
  "signIn.busy": "Loggar in…",
  "signIn.noAccount": "Inget konto än?",
  "signIn.nameMissing": "Skriv ditt kontos namn.",
  "signIn.passwordMissing": "Skriv ditt lösenord.",
  "signIn.wrong": "Fel namn eller lösenord.",
  "signIn.tooMany": "För många misslyckade inloggningar: försök igen {when}.",

  "signUp.title": "Skapa ett konto",
  "signUp.submit": "Skapa konto",
  "signUp.busy": "Kontot skapas…",
  "signUp.haveAccount": "Har du redan ett konto?",
  "signUp.nameHelp": "3 till 20 tecken. De andra spelarna ser det.",
  "signUp.passwordHelp": "8 till 256 tecken. En mening av några ord är lätt att komma ihåg.",
  "signUp.nameLength": "Ett namn har 3 till 20 tecken.",
  "signUp.passwordLength": "Ett lösenord har 8 till 256 tecken.",
  "signUp.nameRefused": "Det här namnet kan inte användas.",
  "signUp.passwordRefused": "Det här lösenordet kan inte användas.",
  "signUp.nameTaken": "Namnet är upptaget. Välj ett annat, eller logga in om det är ditt.",
  "signUp.tooMany": "För många konton har skapats från din adress: försök igen {when}.",

  "account.title": "Ditt konto",
  "account.signedInAs": "Inloggad som {name}.",
  "account.created": "Kontot skapades {date}.",
  "account.signOut": "Logga ut",
  "account.signingOut": "Loggar ut…",
  "account.signedOut": "Du är inte längre inloggad. Logga in igen.",

  "sessions.title": "Där du är inloggad",
  "sessions.help": "Varje webbläsare och enhet som är inloggad på ditt konto. Avsluta dem du inte känner igen.",
  "sessions.loading": "Dina sessioner läses in…",
  "sessions.retry": "Försök igen",
  "sessions.thisDevice": "Den här enheten",
  "sessions.unknownDevice": "Okänd enhet",
  "sessions.times": "Inloggad {signedIn}, senast sedd {seen}",
  "sessions.end": "Avsluta sessionen",
  "sessions.ending": "Avslutar…",
  "sessions.ended": "Sessionen på {label} har avslutats.",
  "sessions.endAll": "Logga ut överallt",
  "sessions.endAllHelp": "Avslutar varje session för ditt konto, även den här.",

  "account.refused": "Servern avvisade begäran.",
  "account.busyServer": "Servern är upptagen: försök igen {when}.",
  "account.soon": "om en stund",
  "account.offline": "Servern gick inte att nå. Kontrollera anslutningen och försök igen.",
  "account.failed": "Något gick fel på servern (HTTP {status}). Försök igen.",
};
