// The page's replays: the latest finished games of the server (the home page's list) and the
// replay open, of an archived game or of a record file, which takes the page's main area while
// it is open. App owns one and asks it at each rendering.

import { h } from "./dom";
import { parseGameList, renderReplayList, type ArchivedGameSummary } from "./replay_list";
import { ReplayViewer, type ReplaySource } from "./replay_view";

export interface ReplaysHost {
  doc: Document;
  /** Re-renders the page. */
  changed(): void;
  /** Replaces the address bar's path (an open archived game has its own). */
  setPath(path: string): void;
  /** The path the page returns to when the replay closes. */
  pathBack(): string;
  /** Whether the home page shows (the list is redrawn when it comes). */
  home(): boolean;
  /** The environment's fetch, if it has one. */
  http(): typeof fetch | undefined;
}

export class Replays {
  private viewer: ReplayViewer | undefined;
  private archived: ArchivedGameSummary[] = [];

  constructor(private readonly host: ReplaysHost) {}

  /** A replay is open. */
  get open(): boolean {
    return this.viewer !== undefined;
  }

  show(source: ReplaySource): void {
    this.viewer?.dispose();
    this.viewer = new ReplayViewer(this.host.doc, source, {
      changed: () => this.host.changed(),
      close: () => this.close(),
    });
    if (source.kind === "archive") this.host.setPath(`/replay/${source.id}`);
    this.host.changed();
  }

  close(): void {
    this.viewer?.dispose();
    this.viewer = undefined;
    this.host.setPath(this.host.pathBack());
    this.host.changed();
  }

  /** Asks the server for its latest finished games, for the list. */
  refresh(): void {
    const http = this.host.http();
    if (!http) return;
    http("/api/games?limit=10")
      .then((r) => (r.ok ? r.json() : { games: [] }))
      .then((json: unknown) => {
        this.archived = parseGameList(json);
        if (this.host.home() && !this.open) this.host.changed();
      })
      .catch(() => {
        // The list is a convenience; files can still be opened.
      });
  }

  /** The open replay's screen. */
  renderViewer(): HTMLElement {
    return this.viewer?.render() ?? h("div", {});
  }

  /** The home page's list of finished games, and a record file to open. */
  renderList(): HTMLElement {
    return renderReplayList(this.archived, {
      open: (id) => this.show({ kind: "archive", id: String(id) }),
      openFile: (name, text) => this.show({ kind: "file", name, text }),
    });
  }
}
