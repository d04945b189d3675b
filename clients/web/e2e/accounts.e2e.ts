// Accounts end to end in Chromium against a real carcassonne-server: Ada, a guest on a 390x844
// phone, opens "Sign in" from the header, switches to "Create an account", is told beside the
// field that her first password is too short, then signs up and is back home with her name in
// the header. Her account page lists one session, this device's, and offers notifications on this
// device (off). She signs out (a reload finds her a guest: the cookie is gone), is refused a
// wrong password, and signs in again. She signs in on a desktop too; the phone's list then
// shows both, and she ends the desktop's session from the phone, which leaves the desktop signed
// out. Every account screen is checked with axe, and on the phone every control measures at
// least 44 px.
//
// Then passkeys, through Chromium's virtual authenticator (the DevTools WebAuthn domain): Grace
// signs up, adds a passkey on her account page, signs out and signs in with the passkey alone (no
// name or password typed), changes her password with it in place of the old one, removes it, and
// signs in with the new password (the old one refused). The page is served at http://localhost:PORT for this
// one: WebAuthn refuses an IP address (127.0.0.1) as the relying party's id, and localhost is a
// secure context as https is.
//
// Screenshots in CARC_E2E_OUT: account-sign-up.png, account-page.png (the phone), account-sessions.png
// (the phone with both sessions), account-passkeys.png (the phone with a passkey).

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, accountLink, auditScreens, outDir, phoneLayout, sendAccountForm, useHarness, waitConnected } from "./harness";

const PASSWORD = "correct horse battery staple";

/** What the header's link says: "Sign in", or "Your account: NAME". */
async function headerSays(page: Page): Promise<string> {
  return ((await accountLink(page).textContent()) ?? "").trim();
}

/** Every control of the screen at least 44 px, and `mustSee` in the first view. */
async function expectPhoneLayout(page: Page, mustSee: readonly string[]): Promise<void> {
  const layout = await phoneLayout(page, mustSee);
  expect(layout.small).toEqual([]);
  expect(layout.measured).toBeGreaterThan(3);
  for (const selector of mustSee) expect(layout.inView[selector], selector).toBe(true);
}

describe("accounts", () => {
  const harness = useHarness();
  const audit = auditScreens();

  it("signs up with a password on a phone, signs out, signs in again and ends another device's session", async () => {
    const base = harness.base;
    const phone = await harness.newPage(PHONE);
    await phone.goto(`${base}/`);
    await waitConnected(phone);
    await expect.poll(() => headerSays(phone)).toBe("Sign in");

    // Sign up, from the header's link; the form's other mode.
    await accountLink(phone).click();
    await phone.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(new URL(phone.url()).pathname).toBe("/sign-in");
    await audit.check(phone, "sign-in");
    await phone.getByRole("button", { name: "Create an account" }).click();
    await phone.getByRole("heading", { name: "Create an account" }).waitFor();
    expect(new URL(phone.url()).pathname).toBe("/sign-up");
    expect(await phone.locator("#account-name").getAttribute("autocomplete")).toBe("username");
    expect(await phone.locator("#account-password").getAttribute("autocomplete")).toBe("new-password");
    await expectPhoneLayout(phone, ["#account-name", "#account-password", "#account-submit"]);
    await phone.screenshot({ path: join(outDir, "account-sign-up.png") });
    await audit.check(phone, "sign-up");

    // A password too short: said beside its field, before anything is sent.
    await sendAccountForm(phone, "Ada", "short");
    await expect.poll(() => phone.locator("#account-password-error").textContent()).toBe("A password has 8 to 256 characters.");
    expect(await phone.locator("#account-password").getAttribute("aria-invalid")).toBe("true");
    await audit.check(phone, "sign-up-refused");

    await sendAccountForm(phone, "Ada", PASSWORD);
    await expect.poll(() => headerSays(phone), { timeout: 10_000 }).toBe("Your account: Ada");
    expect(new URL(phone.url()).pathname).toBe("/");
    await phone.locator("#create-heading").waitFor();

    // The account page: one session, this one.
    await accountLink(phone).click();
    await phone.getByRole("heading", { name: "Your account", exact: true }).waitFor();
    expect(new URL(phone.url()).pathname).toBe("/account");
    await phone.locator("li.session").first().waitFor({ timeout: 10_000 });
    expect(await phone.locator("li.session").count()).toBe(1);
    expect(await phone.locator("li.session[data-current]").textContent()).toContain("This device");
    expect(await phone.locator("li.session[data-current] button").count()).toBe(0);
    // Chromium on 127.0.0.1 (a secure context) can have push notices: off, with the button on.
    await expect.poll(() => phone.locator("#push-status").textContent()).toBe("Notifications are off for this device.");
    await phone.getByRole("button", { name: "Turn on notifications" }).waitFor();
    // Which notices, and quiet hours: kept by the server, so the page shows them after a reload.
    await phone.locator("#notices-heading").waitFor({ timeout: 10_000 });
    await phone.locator("#notices-game-over").uncheck();
    await expect.poll(() => phone.locator("#notices-status").textContent(), { timeout: 10_000 }).toBe("Saved.");
    await phone.locator("#notices-quiet").check();
    await phone.locator("#notices-from").fill("21:30");
    await phone.locator("#notices-to").fill("06:45");
    await phone.locator("#notices-save").click();
    await expect
      .poll(() => phone.locator("#notices-status").textContent(), { timeout: 10_000 })
      .toBe("Quiet hours saved: no notifications from 9:30 PM to 6:45 AM.");
    // Every control of the card, the times too, is measured by the page's layout check below.
    await phone.locator("#notices-save").scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(outDir, "account-notices.png") });
    await audit.check(phone, "account-notices");
    await phone.reload();
    await waitConnected(phone);
    await phone.locator("#notices-heading").waitFor({ timeout: 10_000 });
    expect(await phone.locator("#notices-game-over").isChecked()).toBe(false);
    expect(await phone.locator("#notices-turn").isChecked()).toBe(true);
    expect(await phone.locator("#notices-from").inputValue()).toBe("21:30");
    expect(await phone.locator("#notices-to").inputValue()).toBe("06:45");
    expect(await phone.locator("#notices-zone").textContent()).toBe("Times are in UTC.");
    await expectPhoneLayout(phone, ["#sign-out"]);
    await phone.screenshot({ path: join(outDir, "account-page.png"), fullPage: true });
    await audit.check(phone, "account");

    // Signed out: the server forgot the cookie, so a reload is a guest's page.
    await phone.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect.poll(() => headerSays(phone), { timeout: 10_000 }).toBe("Sign in");
    await phone.reload();
    await waitConnected(phone);
    await expect.poll(() => headerSays(phone)).toBe("Sign in");

    // Signed in again, after a wrong password.
    await accountLink(phone).click();
    await phone.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await phone.locator("#account-password").getAttribute("autocomplete")).toBe("current-password");
    await sendAccountForm(phone, "Ada", "not the password");
    await expect.poll(() => phone.locator("#account-form-error").textContent(), { timeout: 10_000 }).toBe("Wrong name or password.");
    await audit.check(phone, "sign-in-refused");
    await sendAccountForm(phone, "Ada", PASSWORD);
    await expect.poll(() => headerSays(phone), { timeout: 10_000 }).toBe("Your account: Ada");

    // A second device, opened at /sign-in directly.
    const desktop = await harness.newPage(DESKTOP);
    await desktop.goto(`${base}/sign-in`);
    await waitConnected(desktop);
    await desktop.getByRole("heading", { name: "Sign in" }).waitFor();
    await sendAccountForm(desktop, "Ada", PASSWORD);
    await expect.poll(() => headerSays(desktop), { timeout: 10_000 }).toBe("Your account: Ada");

    // The phone's list has both; it ends the desktop's.
    await accountLink(phone).click();
    await phone.getByRole("heading", { name: "Your account", exact: true }).waitFor();
    await expect.poll(() => phone.locator("li.session").count(), { timeout: 10_000 }).toBe(2);
    await phone.screenshot({ path: join(outDir, "account-sessions.png"), fullPage: true });
    await audit.check(phone, "account-sessions");
    const other = phone.locator("li.session:not([data-current])");
    await other.getByRole("button", { name: /^End session/ }).click();
    await expect.poll(() => phone.locator("li.session").count(), { timeout: 10_000 }).toBe(1);
    expect(await phone.locator("#sessions-status").textContent()).toMatch(/^The session on .+ has ended\.$/);
    expect(await headerSays(phone)).toBe("Your account: Ada");

    // The desktop's session is gone: after a reload it is a guest's page.
    await desktop.reload();
    await waitConnected(desktop);
    await expect.poll(() => headerSays(desktop)).toBe("Sign in");
    await audit.check(desktop, "home-desktop-signed-out");
    expect(harness.pageErrors).toEqual([]);
  });

  it("adds a passkey, signs in with it without a password, changes the password with it, and removes it", async () => {
    const base = harness.base.replace("//127.0.0.1:", "//localhost:");
    const phone = await harness.newPage(PHONE);
    const cdp = await phone.context().newCDPSession(phone);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const posts: string[] = [];
    phone.on("request", (r) => {
      if (r.method() !== "GET") posts.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await phone.goto(`${base}/sign-up`);
    await waitConnected(phone);
    await phone.getByRole("heading", { name: "Create an account" }).waitFor();
    await sendAccountForm(phone, "Grace", PASSWORD);
    await expect.poll(() => headerSays(phone), { timeout: 10_000 }).toBe("Your account: Grace");

    await accountLink(phone).click();
    await phone.getByRole("heading", { name: "Passkeys" }).waitFor();
    await expect.poll(() => phone.locator("#passkeys-status").textContent(), { timeout: 10_000 }).not.toBe("Loading your passkeys…");
    expect(await phone.locator("li.passkey").count()).toBe(0);
    await phone.getByLabel("Name for the new passkey (optional)").fill("Grace's phone");
    const added = Date.now();
    await phone.getByRole("button", { name: "Add a passkey" }).click();
    await expect.poll(() => phone.locator("#passkeys-status").textContent(), { timeout: 10_000 }).toBe("The passkey Grace's phone was added.");
    console.log(`passkey added in ${Date.now() - added} ms`);
    expect(await phone.locator("#passkeys-error").textContent()).toBe("");
    expect(await phone.locator("li.passkey").count()).toBe(1);
    expect(await phone.locator("li.passkey").textContent()).toContain("Grace's phone");
    expect(await phone.locator("li.passkey").textContent()).toContain("never used");
    const credentials = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await expectPhoneLayout(phone, ["#sign-out"]);
    await phone.screenshot({ path: join(outDir, "account-passkeys.png"), fullPage: true });
    await audit.check(phone, "account-passkeys");

    // Signed out, then in with the passkey: nothing typed into the form.
    await phone.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect.poll(() => headerSays(phone), { timeout: 10_000 }).toBe("Sign in");
    await accountLink(phone).click();
    await phone.getByRole("heading", { name: "Sign in" }).waitFor();
    await audit.check(phone, "sign-in-passkey");
    posts.length = 0;
    await phone.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect.poll(() => headerSays(phone), { timeout: 10_000 }).toBe("Your account: Grace");
    expect(posts).toEqual(["POST /api/passkeys/sign-in/options", "POST /api/passkeys/sign-in"]);
    // A reload is signed in too: the server set the session's cookie.
    await phone.reload();
    await waitConnected(phone);
    await expect.poll(() => headerSays(phone), { timeout: 10_000 }).toBe("Your account: Grace");

    // The list says it was used; it is removed.
    await accountLink(phone).click();
    await phone.locator("li.passkey").waitFor({ timeout: 10_000 });
    expect(await phone.locator("li.passkey").textContent()).toMatch(/last used (now|\d+ seconds? ago)/);
    await audit.check(phone, "account-passkey-used");

    // The password changed with the passkey in place of the old one: the browser's prompt signs a
    // sign-in challenge (user verification required), and the new password goes with it.
    await phone.locator("#password-next").fill("a new secret 2");
    posts.length = 0;
    await phone.getByRole("button", { name: "Use a passkey instead" }).click();
    await expect.poll(() => phone.locator("#password-status").textContent(), { timeout: 10_000 })
      .toBe("Your password has changed. Every other device is signed out.");
    expect(posts).toEqual(["POST /api/passkeys/sign-in/options", "POST /api/passkeys/password"]);
    expect(await phone.locator("#password-next").inputValue()).toBe("");
    await audit.check(phone, "account-password-changed");

    await phone.locator("li.passkey").getByRole("button", { name: /^Remove/ }).click();
    await expect.poll(() => phone.locator("li.passkey").count(), { timeout: 10_000 }).toBe(0);
    expect(await phone.locator("#passkeys-status").textContent()).toBe("The passkey Grace's phone was removed.");
    // Without a passkey, no such button; the new password signs in, the old one no longer.
    expect(await phone.locator("#password-passkey").count()).toBe(0);
    await phone.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect.poll(() => headerSays(phone), { timeout: 10_000 }).toBe("Sign in");
    await accountLink(phone).click();
    await phone.getByRole("heading", { name: "Sign in" }).waitFor();
    await sendAccountForm(phone, "Grace", PASSWORD);
    await expect.poll(() => phone.locator("#account-form-error").textContent(), { timeout: 10_000 }).toBe("Wrong name or password.");
    await sendAccountForm(phone, "Grace", "a new secret 2");
    await expect.poll(() => headerSays(phone), { timeout: 10_000 }).toBe("Your account: Grace");
    expect(harness.pageErrors).toEqual([]);
  });
});
