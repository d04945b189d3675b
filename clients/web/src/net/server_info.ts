// What the server says of itself to every home page (GET /api/server, docs/moderation.md "Server
// settings"): its name and message of the day, set by its admins, and who may sign up. A page
// that cannot read it shows neither: the home page works without them.

export const SERVER_INFO_PATH = "/api/server";

/** The server's own words are shown as they are, but never longer than the server allows. */
const MAX_NAME = 60;
const MAX_MOTD = 500;

export interface ServerInfo {
  /** "" when the admins set none. */
  readonly name: string;
  /** The message of the day; "" for none. */
  readonly motd: string;
  readonly signUp: "open" | "invitation" | "closed";
  /** False: guests may watch but not create rooms or take seats. */
  readonly guestsPlay: boolean;
}

/** The answer as a ServerInfo, or undefined where it does not fit. */
export function parseServerInfo(json: unknown): ServerInfo | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const o = json as Record<string, unknown>;
  const { name, motd, sign_up: signUp, guests_play: guestsPlay } = o;
  if (typeof name !== "string" || typeof motd !== "string" || typeof guestsPlay !== "boolean") return undefined;
  if (signUp !== "open" && signUp !== "invitation" && signUp !== "closed") return undefined;
  if ([...name].length > MAX_NAME || [...motd].length > MAX_MOTD) return undefined;
  return { name, motd, signUp, guestsPlay };
}

/** Fetches and reads it (from the host that served the page); undefined when it cannot. */
export async function loadServerInfo(http: typeof fetch = fetch): Promise<ServerInfo | undefined> {
  try {
    const response = await http(SERVER_INFO_PATH);
    if (!response.ok) return undefined;
    return parseServerInfo(await response.json());
  } catch {
    return undefined;
  }
}
