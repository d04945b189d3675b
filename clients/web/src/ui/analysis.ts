// The computer's review of an archived game (GET /api/games/{id}/analysis): the first request
// starts it on the server, which answers 202 with its progress until it is done (200). The
// server keeps no client's place, so this asks again about once a second until the answer is
// final, and stops as soon as the viewer that wanted it is gone.

/** One decision that offered a choice, as the server reviewed it. */
export interface Review {
  /** The replay step of the move played: the viewer shows its position at this index. */
  step: number;
  seat: number;
  decision: string;
  /** The server's move texts ("place_tile 1 -2 r3"). */
  played: string;
  best: string;
  same: boolean;
  leadBest: number | null;
  leadPlayed: number | null;
  /** leadBest - leadPlayed; null when the search never tried the move played. */
  loss: number | null;
}

export interface GameAnalysis {
  budgetMs: number;
  decisions: Review[];
}

export type AnalysisState =
  | { kind: "idle" }
  | { kind: "running"; done: number; of: number | undefined }
  | { kind: "done"; analysis: GameAnalysis }
  | { kind: "failed"; message: string };

export const POLL_INTERVAL_MS = 1000;

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const numOrNull = (v: unknown): number | null => num(v) ?? null;

/** Reads the 200 answer, dropping decisions without the documented shape. */
export function parseAnalysis(json: unknown): GameAnalysis {
  const body = (json ?? {}) as Record<string, unknown>;
  const decisions: Review[] = [];
  for (const d of Array.isArray(body.decisions) ? (body.decisions as Record<string, unknown>[]) : []) {
    const step = num(d?.step);
    const seat = num(d?.seat);
    if (step === undefined || seat === undefined || typeof d.played !== "string" || typeof d.best !== "string") continue;
    decisions.push({
      step,
      seat,
      decision: typeof d.decision === "string" ? d.decision : "",
      played: d.played,
      best: d.best,
      same: d.same === true,
      leadBest: numOrNull(d.lead_best),
      leadPlayed: numOrNull(d.lead_played),
      loss: numOrNull(d.loss),
    });
  }
  return { budgetMs: num(body.budget_ms) ?? 0, decisions };
}

/** The error a failed request reports: the server's `{"error": ...}`, else its status. */
export async function responseError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string" && body.error !== "") return body.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${response.status}`;
}

/** What was given away, in whole points: a move the search rated at least as well as its own gave nothing away. */
export function pointsLost(review: Review): number | null {
  if (review.loss === null) return null;
  return Math.max(0, Math.round(review.loss));
}

export interface SeatSummary {
  seat: number;
  decisions: number;
  agreed: number;
  /** The sum over the decisions whose cost is known. */
  pointsLost: number;
}

/** Per seat that decided anything, in seat order. */
export function summarise(analysis: GameAnalysis): SeatSummary[] {
  const bySeat = new Map<number, SeatSummary>();
  for (const r of analysis.decisions) {
    let s = bySeat.get(r.seat);
    if (!s) bySeat.set(r.seat, (s = { seat: r.seat, decisions: 0, agreed: 0, pointsLost: 0 }));
    s.decisions += 1;
    if (r.same) s.agreed += 1;
    s.pointsLost += pointsLost(r) ?? 0;
  }
  return [...bySeat.values()].sort((a, b) => a.seat - b.seat);
}

/** The `n` decisions that gave away the most (at least a point each), the costliest first, earlier first on a tie. */
export function costliest(analysis: GameAnalysis, n: number): Review[] {
  return analysis.decisions
    .filter((r) => (pointsLost(r) ?? 0) > 0)
    .sort((a, b) => (b.loss ?? 0) - (a.loss ?? 0) || a.step - b.step)
    .slice(0, n);
}

/** Asks for one game's analysis and keeps asking while it runs. */
export class AnalysisLoader {
  private current: AnalysisState = { kind: "idle" };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /** Counts requests, so that the answer to one made before a dispose or a retry is dropped. */
  private generation = 0;

  constructor(
    private readonly gameId: string,
    private readonly changed: () => void,
    private readonly http: typeof fetch = fetch,
  ) {}

  get state(): AnalysisState {
    return this.current;
  }

  /** Starts (or, after a failure, starts again); nothing while it runs or once it is done. */
  start(): void {
    if (this.disposed || this.current.kind === "running" || this.current.kind === "done") return;
    this.set({ kind: "running", done: 0, of: undefined });
    void this.ask();
  }

  /** The viewer is closed or shows another game: no more requests, and late answers are dropped. */
  dispose(): void {
    this.disposed = true;
    this.generation += 1;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async ask(): Promise<void> {
    this.timer = undefined;
    const generation = ++this.generation;
    let next: AnalysisState;
    try {
      // Called as a plain function: the browser refuses fetch called as a method of another
      // object ("Illegal invocation").
      const http = this.http;
      const response = await http(`/api/games/${encodeURIComponent(this.gameId)}/analysis`);
      if (response.status === 202) {
        const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
        // A request that raced another's start has no counts: the last ones known still hold.
        const before = this.current.kind === "running" ? this.current : undefined;
        next = { kind: "running", done: num(body.done) ?? before?.done ?? 0, of: num(body.of) ?? before?.of };
      } else if (response.ok) {
        next = { kind: "done", analysis: parseAnalysis(await response.json()) };
      } else {
        next = { kind: "failed", message: await responseError(response) };
      }
    } catch (e) {
      next = { kind: "failed", message: e instanceof Error ? e.message : String(e) };
    }
    if (generation !== this.generation || this.disposed) return;
    if (next.kind === "running") this.timer = setTimeout(() => void this.ask(), POLL_INTERVAL_MS);
    this.set(next);
  }

  private set(state: AnalysisState): void {
    this.current = state;
    this.changed();
  }
}
