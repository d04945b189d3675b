// Following players and whose invitations reach the player (docs/protocol.md, "Friends and
// invitations"): the lists of GET /api/me/following and /api/me/followers, following and
// unfollowing, and the preference of GET/PUT /api/me/preferences. Read defensively as the rest of
// the account API: an entry without a name is dropped, an unknown preference is no answer.

import { each, isJson, type AccountApi, type Answer } from "./account_api";

export interface Follow {
  name: string;
  /** Seconds since 1970. */
  since: number;
}

export const INVITATIONS_FROM = ["anyone", "followed", "nobody"] as const;
export type InvitationsFrom = (typeof INVITATIONS_FROM)[number];

const follows = (key: "following" | "followers") => (json: unknown): Follow[] | undefined =>
  isJson(json) && Array.isArray(json[key])
    ? each(json[key], (f) =>
        typeof f.name === "string" && f.name !== ""
          ? { name: f.name, since: typeof f.since === "number" && Number.isFinite(f.since) ? f.since : 0 }
          : undefined,
      )
    : undefined;

export const parseFollowing = follows("following");
export const parseFollowers = follows("followers");

export function parsePreferences(json: unknown): InvitationsFrom | undefined {
  const value = isJson(json) ? json.invitations_from : undefined;
  return INVITATIONS_FROM.find((v) => v === value);
}

/** Names as the server compares them (as at sign-in): case and width do not matter. */
export const sameName = (a: string, b: string): boolean => a.normalize("NFKC").toLowerCase() === b.normalize("NFKC").toLowerCase();

export const listFollowing = (api: AccountApi): Promise<Answer<Follow[]>> => api.get("/api/me/following", parseFollowing);
export const listFollowers = (api: AccountApi): Promise<Answer<Follow[]>> => api.get("/api/me/followers", parseFollowers);

/** 201 now followed, 200 followed already: either way followed. */
export const follow = (api: AccountApi, name: string): Promise<Answer<void>> => api.send("POST", "/api/me/following", undefined, { name });

/** 204, also when not followed. */
export const unfollow = (api: AccountApi, name: string): Promise<Answer<void>> =>
  api.send("DELETE", `/api/me/following/${encodeURIComponent(name)}`);

export const getPreferences = (api: AccountApi): Promise<Answer<InvitationsFrom>> => api.get("/api/me/preferences", parsePreferences);

export const putPreferences = (api: AccountApi, value: InvitationsFrom): Promise<Answer<InvitationsFrom>> =>
  api.send("PUT", "/api/me/preferences", parsePreferences, { invitations_from: value });
