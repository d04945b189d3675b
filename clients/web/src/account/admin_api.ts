// The admin page's requests (docs/protocol.md, "Moderation"): what the signed-in account may do
// (GET /api/admin/me), the reports queue with its context, the server's settings, and the
// actions. The server checks every power; this page only hides what it would refuse.

import type { AccountApi, Answer } from "./account_api";

export interface AdminMe {
  role: string;
  powers: readonly string[];
}

export interface ChatLine {
  seat: number;
  name: string;
  text: string;
}

export interface Report {
  id: number;
  createdAt: number;
  room: string;
  reporter: string;
  target: string;
  reason: string;
  quote: string;
  chat: readonly ChatLine[];
}

export type SignUp = "open" | "invitation" | "closed";

export interface AdminSettings {
  name: string;
  motd: string;
  signUp: SignUp;
  invitationCode: string;
  guestsPlay: boolean;
  refusedWords: readonly string[];
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function parseMe(json: unknown): AdminMe | undefined {
  if (!isObject(json) || typeof json.role !== "string" || !Array.isArray(json.powers)) return undefined;
  if (!json.powers.every((p) => typeof p === "string")) return undefined;
  return { role: json.role, powers: json.powers as string[] };
}

function parseChat(json: unknown): ChatLine[] {
  if (!Array.isArray(json)) return [];
  return json.filter(isObject).flatMap((l) =>
    typeof l.seat === "number" && typeof l.name === "string" && typeof l.text === "string" ? [{ seat: l.seat, name: l.name, text: l.text }] : [],
  );
}

function parseReport(json: unknown): Report | undefined {
  if (!isObject(json)) return undefined;
  const { id, created_at: createdAt, room, reporter, target, reason, quote } = json;
  if (typeof id !== "number" || typeof createdAt !== "number") return undefined;
  if (typeof room !== "string" || typeof reporter !== "string" || typeof target !== "string") return undefined;
  if (typeof reason !== "string" || typeof quote !== "string") return undefined;
  return { id, createdAt, room, reporter, target, reason, quote, chat: parseChat(json.chat) };
}

function parseReports(json: unknown): Report[] | undefined {
  if (!isObject(json) || !Array.isArray(json.reports)) return undefined;
  const reports = json.reports.map(parseReport);
  return reports.every((r) => r !== undefined) ? (reports as Report[]) : undefined;
}

function parseSettings(json: unknown): AdminSettings | undefined {
  const s = isObject(json) ? json.settings : undefined;
  if (!isObject(s)) return undefined;
  const { name, motd, sign_up: signUp, invitation_code: invitationCode, guests_play: guestsPlay, refused_words: words } = s;
  if (typeof name !== "string" || typeof motd !== "string" || typeof invitationCode !== "string" || typeof guestsPlay !== "boolean") return undefined;
  if (signUp !== "open" && signUp !== "invitation" && signUp !== "closed") return undefined;
  if (!Array.isArray(words) || !words.every((w) => typeof w === "string")) return undefined;
  return { name, motd, signUp, invitationCode, guestsPlay, refusedWords: words as string[] };
}

function parseDone(json: unknown): string | undefined {
  return isObject(json) && typeof json.done === "string" ? json.done : undefined;
}

export function adminMe(api: AccountApi): Promise<Answer<AdminMe>> {
  return api.get("/api/admin/me", parseMe);
}

export function openReports(api: AccountApi): Promise<Answer<Report[]>> {
  return api.get("/api/admin/reports", parseReports);
}

export function closeReport(api: AccountApi, id: number, status: "dismissed" | "actioned", note: string): Promise<Answer<string>> {
  return api.send("POST", `/api/admin/reports/${id}`, parseDone, note === "" ? { status } : { status, note });
}

/** A mute (or any action of POST /api/admin/actions): the server's line saying what it did. */
export function mute(api: AccountApi, name: string, length: string, reason: string): Promise<Answer<string>> {
  return api.send("POST", "/api/admin/actions", parseDone, { action: "mute", name, for: length, reason });
}

export function loadSettings(api: AccountApi): Promise<Answer<AdminSettings>> {
  return api.get("/api/admin/settings", parseSettings);
}

export function saveSettings(api: AccountApi, s: AdminSettings): Promise<Answer<AdminSettings>> {
  const body: Record<string, string | boolean | string[]> = {
    name: s.name,
    motd: s.motd,
    sign_up: s.signUp,
    guests_play: s.guestsPlay,
    refused_words: [...s.refusedWords],
  };
  // Sent only when it means something: by invitation, or to change a code kept.
  if (s.signUp === "invitation" || s.invitationCode !== "") body.invitation_code = s.invitationCode;
  return api.send("POST", "/api/admin/settings", parseSettings, body);
}

/** A sanction, a kick, a closed room or an address ban in force, as the page lists them. */
export interface InForce {
  /** What lifts it: the action and its fields for POST /api/admin/actions. */
  lift: Record<string, string>;
  kind: "mute" | "ban" | "kick" | "close" | "address";
  /** Whom or what it is on: a name, "ROOM: name", a room, a network. */
  on: string;
  reason: string;
  by: string;
  createdAt: number;
  endsAt: number | null;
}

export interface AuditEntry {
  id: number;
  at: number;
  actor: string;
  action: string;
  target: string;
  reason: string;
  detail: string;
}

/** What a row of one kind says beyond the fields every row has (reason, by, created_at). */
type InForceOwn = Pick<InForce, "lift" | "kind" | "on" | "endsAt">;

/** The rows under `key` (none when this role may not see them), each read by `own`. */
function inForceRows(json: Json, key: string, own: (r: Json) => InForceOwn | undefined): InForce[] | undefined {
  if (json[key] === undefined) return [];  // not this role's to see
  if (!Array.isArray(json[key])) return undefined;
  const rows = (json[key] as unknown[]).map((r) => {
    if (!isObject(r) || typeof r.reason !== "string" || typeof r.by !== "string" || typeof r.created_at !== "number") return undefined;
    const o = own(r);
    return o && { ...o, reason: r.reason, by: r.by, createdAt: r.created_at };
  });
  return rows.every((r) => r !== undefined) ? (rows as InForce[]) : undefined;
}

function endsAtOf(r: Json): number | null {
  return typeof r.ends_at === "number" ? r.ends_at : null;
}

function parseInForce(json: unknown): InForce[] | undefined {
  if (!isObject(json)) return undefined;
  const sanctions = inForceRows(json, "sanctions", (r) => {
    if ((r.kind !== "mute" && r.kind !== "ban") || typeof r.name !== "string") return undefined;
    return { lift: { action: r.kind === "ban" ? "unban" : "unmute", name: r.name }, kind: r.kind, on: r.name, endsAt: endsAtOf(r) };
  });
  const rooms = inForceRows(json, "room_actions", (r): InForceOwn | undefined => {
    if ((r.kind !== "kick" && r.kind !== "close") || typeof r.room !== "string" || typeof r.name !== "string") return undefined;
    if (r.kind === "close") return { lift: { action: "reopen-room", room: r.room }, kind: r.kind, on: r.room, endsAt: null };
    return { lift: { action: "unkick", room: r.room, name: r.name }, kind: r.kind, on: `${r.room}: ${r.name}`, endsAt: null };
  });
  const addresses = inForceRows(json, "address_bans", (r) => {
    if (typeof r.network !== "string") return undefined;
    return { lift: { action: "unban-address", network: r.network }, kind: "address", on: r.network, endsAt: endsAtOf(r) };
  });
  if (!sanctions || !rooms || !addresses) return undefined;
  return [...sanctions, ...rooms, ...addresses];
}

function parseAudit(json: unknown): AuditEntry[] | undefined {
  if (!isObject(json) || !Array.isArray(json.entries)) return undefined;
  const entries = json.entries.map((e) => {
    if (!isObject(e)) return undefined;
    const { id, at, actor, action, target, reason, detail } = e;
    if (typeof id !== "number" || typeof at !== "number") return undefined;
    if (typeof actor !== "string" || typeof action !== "string" || typeof target !== "string") return undefined;
    if (typeof reason !== "string" || typeof detail !== "string") return undefined;
    return { id, at, actor, action, target, reason, detail };
  });
  return entries.every((e) => e !== undefined) ? (entries as AuditEntry[]) : undefined;
}

export function inForce(api: AccountApi): Promise<Answer<InForce[]>> {
  return api.get("/api/admin/sanctions", parseInForce);
}

/** Any action of POST /api/admin/actions: the server's line saying what it did. */
export function act(api: AccountApi, body: Record<string, string>): Promise<Answer<string>> {
  return api.send("POST", "/api/admin/actions", parseDone, body);
}

/** The most entries one request asks for (the server's own bound). */
export const AUDIT_PAGE = 200;

/** The audit log, newest first: `limit` entries older than `before` (0: the newest). */
export function audit(api: AccountApi, before: number, limit: number): Promise<Answer<AuditEntry[]>> {
  return api.get(`/api/admin/audit?limit=${limit}${before > 0 ? `&before=${before}` : ""}`, parseAudit);
}

/** One entry as a line of the export (the command line's `admin audit` form). */
export function auditLine(e: AuditEntry): string {
  return JSON.stringify({ id: e.id, at: e.at, actor: e.actor, action: e.action, target: e.target, reason: e.reason, detail: e.detail });
}

/** A room of the server's node, as GET /api/admin/rooms lists it. */
export interface AdminRoom {
  room: string;
  game: string;
  status: "lobby" | "playing" | "finished";
  players: readonly string[];
  public: boolean;
  rated: boolean;
  closed: boolean;
}

function parseRooms(json: unknown): AdminRoom[] | undefined {
  if (!isObject(json) || !Array.isArray(json.rooms)) return undefined;
  const rooms = json.rooms.map((r) => {
    if (!isObject(r) || typeof r.room !== "string" || typeof r.game !== "string") return undefined;
    if (r.status !== "lobby" && r.status !== "playing" && r.status !== "finished") return undefined;
    if (!Array.isArray(r.players) || !r.players.every((p) => typeof p === "string")) return undefined;
    return { room: r.room, game: r.game, status: r.status, players: r.players as string[], public: r.public === true, rated: r.rated === true, closed: r.closed === true };
  });
  return rooms.every((r) => r !== undefined) ? (rooms as AdminRoom[]) : undefined;
}

export function rooms(api: AccountApi): Promise<Answer<AdminRoom[]>> {
  return api.get("/api/admin/rooms", parseRooms);
}

/** An account as the moderators' players list shows it. */
export interface AdminPlayer {
  name: string;
  createdAt: number;
  role: string;
  /** The kinds of sanction in force on it ("mute", "ban"). */
  sanctions: readonly string[];
}

function parsePlayers(json: unknown): AdminPlayer[] | undefined {
  if (!isObject(json) || !Array.isArray(json.players)) return undefined;
  const players = json.players.map((p) => {
    if (!isObject(p) || typeof p.name !== "string" || typeof p.created_at !== "number" || typeof p.role !== "string") return undefined;
    const sanctions = Array.isArray(p.sanctions) ? p.sanctions.filter(isObject).flatMap((s) => (typeof s.kind === "string" ? [s.kind] : [])) : [];
    return { name: p.name, createdAt: p.created_at, role: p.role, sanctions };
  });
  return players.every((p) => p !== undefined) ? (players as AdminPlayer[]) : undefined;
}

/** The players whose name begins with `name` (any case; "": the first by name), at most 50. */
export function players(api: AccountApi, name: string): Promise<Answer<AdminPlayer[]>> {
  return api.get(`/api/admin/players${name === "" ? "" : `?name=${encodeURIComponent(name)}`}`, parsePlayers);
}
