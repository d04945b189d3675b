// A browser with passkeys for the account screens' tests: navigator.credentials a fake whose
// create() and get() answer as an authenticator would (or throw what `answer` throws), recording
// what they were asked; taken away again after each test.

import { afterEach, vi } from "vitest";

export const bytes = (...b: number[]) => new Uint8Array(b).buffer;

/** A browser with passkeys: `create` and `get` answer as an authenticator would, or throw. */
export function fakeBrowser(answer: { create?: () => unknown; get?: () => unknown } = {}) {
  const asked: { create: CredentialCreationOptions[]; get: CredentialRequestOptions[] } = { create: [], get: [] };
  const credentials = {
    create: async (options: CredentialCreationOptions) => {
      asked.create.push(options);
      return (answer.create ?? (() => ({ rawId: bytes(9), response: { clientDataJSON: bytes(1, 2, 3), attestationObject: bytes(0xfb, 0xff) } })))();
    },
    get: async (options: CredentialRequestOptions) => {
      asked.get.push(options);
      return (answer.get ?? (() => ({ rawId: bytes(0xfa, 0xfb), response: { clientDataJSON: bytes(4), authenticatorData: bytes(5, 6), signature: bytes(7, 8, 9) } })))();
    },
  };
  vi.stubGlobal("PublicKeyCredential", class {});
  Object.defineProperty(navigator, "credentials", { value: credentials, configurable: true });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, "credentials", { value: undefined, configurable: true });
});
