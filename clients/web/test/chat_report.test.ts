// @vitest-environment happy-dom

// Reporting a chat line from the room's chat card (src/ui/chat.ts, room_chat.ts): offered on the
// lines of other seats only, to a page that may report; the form names the player and quotes the
// line; the reason is sent with the seat and the line, and the form closes; cancel sends nothing.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ChatMessageSchema } from "../src/gen/carc/v1/lobby_pb";
import { renderChat, type ChatReport } from "../src/ui/chat";
import { RoomChat } from "../src/ui/room_chat";

function drawn(chat: RoomChat, sent: [ChatReport, string][], accept = true): HTMLElement {
  const root = document.createElement("div");
  const draw = () => root.replaceChildren(renderChat(chat, chat.actions(() => true, draw, (line, reason) => {
    sent.push([line, reason]);
    return accept;
  })));
  draw();
  document.body.replaceChildren(root);
  return root;
}

describe("reporting a chat line", () => {
  it("is offered on other seats' lines, and sends the seat, the line and the reason", () => {
    const chat = new RoomChat();
    chat.received(create(ChatMessageSchema, { seat: 0, name: "Ada", text: "good luck" }), 0);
    chat.received(create(ChatMessageSchema, { seat: 1, name: "Bob", text: "you are all fools" }), 0);
    chat.received(create(ChatMessageSchema, { seat: -1, name: "Cy", text: "hello" }), 0);
    chat.reportable = (seat) => seat >= 0 && seat !== 0;
    const sent: [ChatReport, string][] = [];
    const root = drawn(chat, sent);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>(".report-line")];
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(["Report Bob's line to the moderators"]);
    buttons[0]!.click();
    expect(root.querySelector("#report-heading")?.textContent).toBe("Report Bob to the moderators");
    expect(root.querySelector(".report-form blockquote")?.textContent).toBe("you are all fools");
    const form = root.querySelector<HTMLFormElement>(".report-form")!;
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(sent).toEqual([]);  // no reason, nothing sent
    root.querySelector<HTMLTextAreaElement>("#report-reason")!.value = "  insults\nagain ";
    root.querySelector<HTMLFormElement>(".report-form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(sent).toEqual([[{ seat: 1, name: "Bob", quote: "you are all fools" }, "insults again"]]);
    expect(root.querySelector(".report-form")).toBeNull();
  });

  it("is not offered to a page that may not report, and cancel sends nothing", () => {
    const chat = new RoomChat();
    chat.received(create(ChatMessageSchema, { seat: 1, name: "Bob", text: "hi" }), 0);
    const sent: [ChatReport, string][] = [];
    expect(drawn(chat, sent).querySelector(".report-line")).toBeNull();
    chat.reportable = () => true;
    const root = drawn(chat, sent);
    root.querySelector<HTMLButtonElement>(".report-line")!.click();
    root.querySelector<HTMLButtonElement>("#report-cancel")!.click();
    expect(root.querySelector(".report-form")).toBeNull();
    expect(sent).toEqual([]);
  });
});
