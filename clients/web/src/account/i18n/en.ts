// The account screens' English messages: the reference set of their own keys, which each of their
// other languages has exactly. The header's link and the screens' loading words are shared ones
// (src/i18n/), as the main script needs them before this chunk comes.

export const en = {
  "account.back": "Back",
  "account.guestNote": "An account is up to you: without one you play as a guest, as before.",
  "account.name": "Name",
  "account.password": "Password",
  "account.showPassword": "Show password",

  "signIn.title": "Sign in",
  "signIn.submit": "Sign in",
  "signIn.busy": "Signing in…",
  "signIn.noAccount": "No account yet?",
  "signIn.nameMissing": "Type your account's name.",
  "signIn.passwordMissing": "Type your password.",
  "signIn.wrong": "Wrong name or password.",
  "signIn.tooMany": "Too many failed sign-ins: try again {when}.",

  "signUp.title": "Create an account",
  "signUp.submit": "Create account",
  "signUp.busy": "Creating the account…",
  "signUp.haveAccount": "Already have an account?",
  "signUp.nameHelp": "3 to 20 characters. Other players see it.",
  "signUp.passwordHelp": "8 to 256 characters. A phrase of several words is easy to remember.",
  "signUp.nameLength": "A name has 3 to 20 characters.",
  "signUp.passwordLength": "A password has 8 to 256 characters.",
  "signUp.nameRefused": "This name cannot be used.",
  "signUp.passwordRefused": "This password cannot be used.",
  "signUp.nameTaken": "This name is taken. Choose another, or sign in if it is yours.",
  "signUp.tooMany": "Too many accounts were created from your address: try again {when}.",

  "account.title": "Your account",
  "account.signedInAs": "Signed in as {name}.",
  "account.created": "Account created on {date}.",
  "account.signOut": "Sign out",
  "account.signingOut": "Signing out…",
  "account.signedOut": "You are no longer signed in. Sign in again.",

  "sessions.title": "Where you are signed in",
  "sessions.help": "Each browser or device signed in to your account. End any you do not recognise.",
  "sessions.loading": "Loading your sessions…",
  "sessions.retry": "Try again",
  "sessions.thisDevice": "This device",
  "sessions.unknownDevice": "Unknown device",
  "sessions.times": "Signed in {signedIn}, last seen {seen}",
  "sessions.end": "End session",
  "sessions.ending": "Ending…",
  "sessions.ended": "The session on {label} has ended.",
  "sessions.endAll": "Sign out everywhere",
  "sessions.endAllHelp": "Ends every session of your account, this one too.",

  "account.refused": "The server refused the request.",
  "account.busyServer": "The server is busy: try again {when}.",
  "account.soon": "in a moment",
  "account.offline": "The server could not be reached. Check the connection and try again.",
  "account.failed": "Something went wrong on the server (HTTP {status}). Try again.",
} as const;

export type AccountMessageKey = keyof typeof en;
export type AccountMessages = Record<AccountMessageKey, string>;
