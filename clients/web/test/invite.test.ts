import { describe, expect, it } from "vitest";
import {
  INVITE_ALPHABET,
  buildJoinRoom,
  homePath,
  inviteUrl,
  isValidInviteCode,
  normaliseInviteCode,
  parseInviteCode,
  parseInvitePath,
} from "../src/ui/invite";

describe("invite codes", () => {
  it("normalises case, spaces and dashes", () => {
    expect(normaliseInviteCode(" abc-234 ")).toBe("ABC234");
    expect(parseInviteCode("abc 234")).toBe("ABC234");
  });

  it("accepts 6 characters of the invite alphabet only", () => {
    expect(INVITE_ALPHABET).toBe("ABCDEFGHJKMNPQRSTUVWXYZ23456789");
    expect(isValidInviteCode("ABC234")).toBe(true);
    expect(isValidInviteCode("ABC23")).toBe(false);
    expect(isValidInviteCode("ABC2345")).toBe(false);
    expect(isValidInviteCode("ABCD2345")).toBe(true); // new rooms' codes: 8 characters
    expect(isValidInviteCode("ABCD23456")).toBe(false);
    for (const c of ["I", "L", "O", "0", "1"]) expect(parseInviteCode(`ABC23${c}`)).toBeUndefined();
    expect(parseInviteCode("abcdef")).toBe("ABCDEF");
  });
});

describe("invite paths", () => {
  it("reads /r/CODE from the path or the hash", () => {
    expect(parseInvitePath("/r/ABC234")).toBe("ABC234");
    expect(parseInvitePath("/r/abc234/")).toBe("ABC234");
    expect(parseInvitePath("/carc/r/ABC234")).toBe("ABC234");
    expect(parseInvitePath("/", "#/r/xyz789")).toBe("XYZ789");
    expect(parseInvitePath("/index.html", "#r/XYZ789")).toBe("XYZ789");
    expect(parseInvitePath("/")).toBeUndefined();
    expect(parseInvitePath("/r/")).toBeUndefined();
    expect(parseInvitePath("/r/ABC10I")).toBeUndefined();
    expect(parseInvitePath("/r/ABC234/extra")).toBeUndefined();
  });

  it("builds the link and the way back home", () => {
    expect(inviteUrl("https://example.org", "/r/ABC234", "ABC234")).toBe("https://example.org/r/ABC234");
    expect(inviteUrl("http://h:8080", "", "ABC234")).toBe("http://h:8080/r/ABC234");
    expect(homePath("/r/ABC234")).toBe("/");
    expect(homePath("/carc/r/ABC234")).toBe("/carc/");
    expect(homePath("/")).toBe("/");
  });

  it("builds JoinRoom", () => {
    const r = buildJoinRoom("abc234", "Bo", true);
    expect(r.ok && r.value).toMatchObject({ code: "ABC234", playerName: "Bo", spectate: true });
    expect(buildJoinRoom("abc", "Bo", false)).toMatchObject({ ok: false, error: "form.errorCode" });
    expect(buildJoinRoom("ABC234", "", false)).toMatchObject({ ok: false, error: "form.errorName" });
  });
});
