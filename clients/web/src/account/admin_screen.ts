// The moderation page's state and requests (admin_page.ts draws it): loaded when it opens
// (what the account may do, then the reports, what is in force, the audit log and the settings
// it may see), and each action sent once at a time, its answer said in the page's status line or
// its refusal in an alert.

import type { AccountApi, Answer, Refusal } from "./account_api";
import {
  act,
  adminMe,
  audit,
  AUDIT_PAGE,
  auditLine,
  closeReport,
  inForce,
  loadSettings,
  mute,
  openReports,
  players,
  rooms,
  saveSettings,
  type AdminSettings,
  type AuditEntry,
  type Report,
} from "./admin_api";
import { emptyAdmin, renderAdmin, type AdminModel } from "./admin_page";
import { t } from "./i18n";

export interface AdminHost {
  api(): AccountApi | undefined;
  changed(): void;
  refusalText(refusal: Refusal): string;
  /** Hands a file to the browser (tests watch it); by default a download. */
  save?(name: string, text: string): void;
}

/** The most entries an export fetches (page by page): a bound on one click's requests. */
export const MAX_EXPORT_ENTRIES = 100 * AUDIT_PAGE;

/** The entries shown at a time, and the page "older" adds. */
const AUDIT_SHOWN = 50;

/** Hands `text` to the browser as a file named `name`. */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export class AdminScreen {
  private model: AdminModel = emptyAdmin();
  /** Counts the loads: an answer for an earlier one is dropped. */
  private loads = 0;

  constructor(private readonly host: AdminHost) {}

  load(): void {
    const load = ++this.loads;
    this.model = emptyAdmin();
    const api = this.host.api();
    if (!api) {
      this.model.error = t("account.offline");
      return this.host.changed();
    }
    this.host.changed();
    void adminMe(api).then(async (me) => {
      if (load !== this.loads) return;
      if (!me.ok) {
        this.model.error = this.host.refusalText(me.refusal);
        return this.host.changed();
      }
      this.model.me = me.value;
      this.host.changed();
      const [reports, settings, rows, entries, listed] = await Promise.all([
        me.value.powers.includes("handle-reports") ? openReports(api) : undefined,
        me.value.powers.includes("settings") ? loadSettings(api) : undefined,
        me.value.powers.includes("mute") ? inForce(api) : undefined,
        me.value.powers.includes("read-audit") ? audit(api, 0, AUDIT_SHOWN) : undefined,
        me.value.powers.includes("close-room") ? rooms(api) : undefined,
      ]);
      if (load !== this.loads) return;
      this.take(rows, (v) => (this.model.inForce = v));
      this.take(listed, (v) => (this.model.rooms = v));
      this.take(entries, (v) => (this.model.audit = { entries: v, more: v.length === AUDIT_SHOWN }));
      this.take(reports, (v) => (this.model.reports = v));
      this.take(settings, (v) => (this.model.settings = v));
      this.host.changed();
    });
  }

  render(back: () => void): HTMLElement {
    return renderAdmin(this.model, {
      reload: () => this.load(),
      back,
      mute: (report, length) => void this.act(async (api) => {
        const muted = await mute(api, report.target, length, report.reason);
        if (!muted.ok) return muted;
        const closed = await closeReport(api, report.id, "actioned", muted.value);
        return closed.ok ? { ok: true as const, value: t("admin.muted", { done: muted.value }) } : closed;
      }, report),
      kick: (report) => void this.act(async (api) => {
        const kicked = await act(api, { action: "kick", room: report.room, name: report.target, reason: report.reason });
        return kicked.ok ? this.closed(api, report, kicked.value) : kicked;
      }, report),
      closeRoom: (report) => void this.act(async (api) => {
        const closed = await act(api, { action: "close-room", room: report.room, reason: report.reason });
        return closed.ok ? this.closed(api, report, closed.value) : closed;
      }, report),
      lift: (row) => void this.act((api) => act(api, row.lift)),
      close: (room, reason) => {
        if (reason === "") return this.refuse(t("admin.reasonNeeded"));
        void this.act((api) => act(api, { action: "close-room", room, reason }), undefined, () => this.markClosed(room, true));
      },
      reopen: (room) => void this.act((api) => act(api, { action: "reopen-room", room }), undefined, () => this.markClosed(room, false)),
      findPlayers: (name) => void this.findPlayers(name),
      sanction: (player, action, length, reason) => {
        if (reason === "") return this.refuse(t("admin.sanctionReasonNeeded"));
        void this.act((api) => act(api, { action, name: player, for: length, reason }), undefined, () => void this.findPlayers(this.model.players.query));
      },
      olderAudit: () => void this.olderAudit(),
      exportAudit: () => void this.exportAudit(),
      dismiss: (report) => void this.act(async (api) => {
        const closed = await closeReport(api, report.id, "dismissed", "");
        return closed.ok ? { ok: true as const, value: t("admin.dismissed") } : closed;
      }, report),
      save: (settings) => void this.save(settings),
    });
  }

  /** The report closed as actioned by what `done` says: the line the page says then. */
  private async closed(api: AccountApi, report: Report, done: string): Promise<{ ok: true; value: string } | { ok: false; refusal: Refusal }> {
    const closed = await closeReport(api, report.id, "actioned", done);
    return closed.ok ? { ok: true as const, value: t("admin.kicked", { done }) } : closed;
  }

  /**
   * A room's close or reopening, as the server accepted it: the node holding the room carries it
   * out at its next poll, so the list is not read again for it.
   */
  private markClosed(room: string, closed: boolean): void {
    this.model.rooms = this.model.rooms?.map((r) => (r.room === room ? { ...r, closed } : r));
  }

  /** Runs `step` (one action, maybe two requests); the report it closed leaves the queue. */
  private async act(
    step: (api: AccountApi) => Promise<{ ok: true; value: string } | { ok: false; refusal: Refusal }>,
    report?: Report,
    done?: () => void,
  ): Promise<void> {
    const api = this.begin();
    if (!api) return;
    const answer = await step(api);
    if (answer.ok && this.model.inForce !== undefined) {
      // What is in force changed (a mute, a kick, a lifting): the card shows it as it is now.
      const rows = await inForce(api);
      if (rows.ok) this.model.inForce = rows.value;
    }

    this.model.busy = false;
    if (answer.ok) {
      done?.();
      this.model.said = answer.value;
      if (report) this.model.reports = this.model.reports?.filter((r) => r.id !== report.id);
    } else {
      this.model.refused = this.host.refusalText(answer.refusal);
    }
    this.host.changed();
  }

  private async save(settings: AdminSettings): Promise<void> {
    const api = this.begin();
    if (!api) return;
    const answer = await saveSettings(api, settings);
    this.model.busy = false;
    this.take(answer, (v) => {
      this.model.settings = v;
      this.model.said = t("admin.saved");
    });
    this.host.changed();
  }

  private async findPlayers(name: string): Promise<void> {
    const api = this.host.api();
    if (!api) return;
    this.model.players = { query: name, found: this.model.players.found };
    const answer = await players(api, name);
    if (this.model.players.query !== name) return;  // a later search is on its way
    this.take(answer, (v) => (this.model.players = { query: name, found: v }));
    this.host.changed();
  }

  private async olderAudit(): Promise<void> {
    const shown = this.model.audit.entries ?? [];
    const api = this.begin();
    if (!api) return;
    const answer = await audit(api, shown.at(-1)?.id ?? 0, AUDIT_SHOWN);
    this.model.busy = false;
    this.take(answer, (v) => (this.model.audit = { entries: [...shown, ...v], more: v.length === AUDIT_SHOWN }));
    this.host.changed();
  }

  /** The whole log (up to MAX_EXPORT_ENTRIES), newest first, one JSON object a line. */
  private async exportAudit(): Promise<void> {
    const api = this.begin();
    if (!api) return;
    const lines: string[] = [];
    let before = 0;
    let refused: Refusal | undefined;
    while (lines.length < MAX_EXPORT_ENTRIES) {
      const page: { ok: true; value: AuditEntry[] } | { ok: false; refusal: Refusal } = await audit(api, before, AUDIT_PAGE);
      if (!page.ok) {
        refused = page.refusal;
        break;
      }
      lines.push(...page.value.map(auditLine));
      if (page.value.length < AUDIT_PAGE) break;
      before = page.value.at(-1)!.id;
    }
    this.model.busy = false;
    if (refused) {
      this.model.refused = this.host.refusalText(refused);
    } else {
      (this.host.save ?? saveFile)("audit-log.jsonl", lines.map((l) => `${l}\n`).join(""));
      this.model.said = t("admin.exported", { count: lines.length });
    }
    this.host.changed();
  }

  /** `answer`'s value kept by `keep`, or its refusal said (nothing for no answer). */
  private take<T>(answer: Answer<T> | undefined, keep: (value: T) => void): void {
    if (!answer) return;
    if (answer.ok) keep(answer.value);
    else this.model.refused = this.host.refusalText(answer.refusal);
  }

  /** An action refused before anything is sent: `words` say why. */
  private refuse(words: string): void {
    this.model.refused = words;
    this.host.changed();
  }

  /** Starts an action: the page busy, the last one's words gone; undefined while another runs. */
  private begin(): AccountApi | undefined {
    const api = this.host.api();
    if (!api || this.model.busy) return undefined;
    this.model.busy = true;
    this.model.said = "";
    this.model.refused = "";
    this.host.changed();
    return api;
  }
}
