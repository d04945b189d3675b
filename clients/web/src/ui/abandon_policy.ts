// What happens to a player who stays away past the server's grace period (the room's
// abandon_policy): the create-room form's choices, the policy each one sends, and the words the
// lobby shows for a room's policy.

import { AbandonPolicy } from "../gen/carc/v1/lobby_pb";
import { t, type MessageKey } from "../i18n";

/** The form's choices, in the order of its menu. */
export const ABANDON_CHOICES = ["computer", "wait", "fallback", "vote"] as const;
export type AbandonChoice = (typeof ABANDON_CHOICES)[number];

/**
 * A casual game should not stall for ever on a player who left, nor be played out by the
 * engine's first legal move: the server's own default when it has computer players. Sent
 * explicitly, so that the form means what it shows.
 */
export const DEFAULT_ABANDON: AbandonChoice = "computer";

const POLICIES: Record<AbandonChoice, AbandonPolicy> = {
  computer: AbandonPolicy.COMPUTER,
  wait: AbandonPolicy.WAIT,
  fallback: AbandonPolicy.FALLBACK_MOVE,
  vote: AbandonPolicy.VOTE,
};

const WORDS: Record<AbandonChoice, MessageKey> = {
  computer: "home.abandonComputer",
  wait: "home.abandonWait",
  fallback: "home.abandonFallback",
  vote: "home.abandonVote",
};

/**
 * The choices a server takes: all of them, but the computer's only where there are computer
 * players (Welcome.max_computer_ms above 0; not known yet: offered, the default).
 */
export function abandonChoices(maxComputerMs: number | undefined): AbandonChoice[] {
  return maxComputerMs === 0 ? ABANDON_CHOICES.filter((c) => c !== "computer") : [...ABANDON_CHOICES];
}

export function abandonPolicy(choice: AbandonChoice): AbandonPolicy {
  return POLICIES[choice];
}

/** The choice a menu's value names; anything else is the default. */
export function parseAbandonChoice(value: string): AbandonChoice {
  return ABANDON_CHOICES.find((c) => c === value) ?? DEFAULT_ABANDON;
}

/** A room's policy as the form words it; UNSPECIFIED is what an older server meant by it, waiting. */
export function abandonText(policy: AbandonPolicy): string {
  const choice = ABANDON_CHOICES.find((c) => POLICIES[c] === policy) ?? "wait";
  return abandonLabel(choice);
}

export function abandonLabel(choice: AbandonChoice): string {
  return t(WORDS[choice]);
}
