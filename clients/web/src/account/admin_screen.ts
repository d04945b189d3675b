// The moderation page's state and requests (admin_page.ts draws it): loaded when it opens
// (what the account may do, then the reports and the settings it may see), and each action
// sent once at a time, its answer said in the page's status line or its refusal in an alert.

import type { AccountApi, Refusal } from "./account_api";
import { adminMe, closeReport, loadSettings, mute, openReports, saveSettings, type AdminSettings, type Report } from "./admin_api";
import { emptyAdmin, renderAdmin, type AdminModel } from "./admin_page";
import { t } from "./i18n";

export interface AdminHost {
  api(): AccountApi | undefined;
  changed(): void;
  refusalText(refusal: Refusal): string;
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
      const [reports, settings] = await Promise.all([
        me.value.powers.includes("handle-reports") ? openReports(api) : undefined,
        me.value.powers.includes("settings") ? loadSettings(api) : undefined,
      ]);
      if (load !== this.loads) return;
      if (reports) {
        if (reports.ok) this.model.reports = reports.value;
        else this.model.refused = this.host.refusalText(reports.refusal);
      }
      if (settings) {
        if (settings.ok) this.model.settings = settings.value;
        else this.model.refused = this.host.refusalText(settings.refusal);
      }
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
      dismiss: (report) => void this.act(async (api) => {
        const closed = await closeReport(api, report.id, "dismissed", "");
        return closed.ok ? { ok: true as const, value: t("admin.dismissed") } : closed;
      }, report),
      save: (settings) => void this.save(settings),
    });
  }

  /** Runs `step` (one action, maybe two requests); the report it closed leaves the queue. */
  private async act(step: (api: AccountApi) => Promise<{ ok: true; value: string } | { ok: false; refusal: Refusal }>, report: Report): Promise<void> {
    const api = this.begin();
    if (!api) return;
    const answer = await step(api);
    this.model.busy = false;
    if (answer.ok) {
      this.model.said = answer.value;
      this.model.reports = this.model.reports?.filter((r) => r.id !== report.id);
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
    if (answer.ok) {
      this.model.settings = answer.value;
      this.model.said = t("admin.saved");
    } else {
      this.model.refused = this.host.refusalText(answer.refusal);
    }
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
