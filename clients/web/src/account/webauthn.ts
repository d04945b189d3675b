// The browser's side of passkeys: the server's options (JSON, binary fields in base64url) made
// into what navigator.credentials.create() and .get() take, and the authenticator's answer made
// into the JSON body the server reads back (docs/protocol.md, "Passkeys"). The server checks
// everything; this only translates, and says in one word why the browser gave nothing.

import { fromBase64url, toBase64url } from "./base64url";

/** The parts of navigator.credentials this needs (a test gives its own). */
export interface Credentials {
  create(options: CredentialCreationOptions): Promise<Credential | null>;
  get(options: CredentialRequestOptions): Promise<Credential | null>;
}

export interface NewPasskey {
  clientDataJSON: string;
  attestationObject: string;
  label?: string;
}

export interface PasskeyAssertion {
  id: string;
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
}

/**
 * Why no credential came: "cancelled" (the player closed the browser's prompt, or it timed out:
 * browsers do not tell these apart), "known" (this authenticator holds one of the account's
 * passkeys already), "unsupported" (no passkeys in this browser or here) or "failed".
 */
export type PasskeyFailure = "cancelled" | "known" | "unsupported" | "failed";

export type Ceremony<T> = { ok: true; value: T } | { ok: false; failure: PasskeyFailure };

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The credential ids of a list (excludeCredentials, allowCredentials) as the browser takes them. */
function descriptors(list: unknown): PublicKeyCredentialDescriptor[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((c: unknown) =>
    isJson(c) && typeof c.id === "string"
      ? [{ ...(c as object), type: "public-key" as const, id: fromBase64url(c.id) } as PublicKeyCredentialDescriptor]
      : [],
  );
}

/** The options of POST /api/me/passkeys/options for create(): every field kept, the binary ones decoded. */
export function creationOptions(json: unknown): PublicKeyCredentialCreationOptions | undefined {
  if (!isJson(json) || typeof json.challenge !== "string" || !isJson(json.user) || typeof json.user.id !== "string") return undefined;
  return {
    ...(json as object),
    challenge: fromBase64url(json.challenge),
    user: { ...(json.user as object), id: fromBase64url(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials),
  } as PublicKeyCredentialCreationOptions;
}

/** The options of POST /api/passkeys/sign-in/options for get(). */
export function requestOptions(json: unknown): PublicKeyCredentialRequestOptions | undefined {
  if (!isJson(json) || typeof json.challenge !== "string") return undefined;
  return {
    ...(json as object),
    challenge: fromBase64url(json.challenge),
    allowCredentials: descriptors(json.allowCredentials),
  } as PublicKeyCredentialRequestOptions;
}

function failure(e: unknown): PasskeyFailure {
  const name = e instanceof Error || (typeof e === "object" && e !== null && "name" in e) ? String((e as { name: unknown }).name) : "";
  if (name === "NotAllowedError" || name === "AbortError") return "cancelled";
  if (name === "InvalidStateError") return "known";
  if (name === "NotSupportedError" || name === "SecurityError") return "unsupported";
  return "failed";
}

/** Asks the authenticator for a new passkey; the body of POST /api/me/passkeys. */
export async function createPasskey(credentials: Credentials, publicKey: PublicKeyCredentialCreationOptions, label: string): Promise<Ceremony<NewPasskey>> {
  try {
    const credential = (await credentials.create({ publicKey })) as PublicKeyCredential | null;
    const response = credential?.response as AuthenticatorAttestationResponse | undefined;
    if (!response?.attestationObject) return { ok: false, failure: "failed" };
    const body: NewPasskey = {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
    };
    if (label !== "") body.label = label;
    return { ok: true, value: body };
  } catch (e) {
    return { ok: false, failure: failure(e) };
  }
}

/** Asks the authenticator to sign the challenge with one of the site's passkeys; the body of POST /api/passkeys/sign-in. */
export async function usePasskey(credentials: Credentials, publicKey: PublicKeyCredentialRequestOptions): Promise<Ceremony<PasskeyAssertion>> {
  try {
    const credential = (await credentials.get({ publicKey })) as PublicKeyCredential | null;
    const response = credential?.response as AuthenticatorAssertionResponse | undefined;
    if (!credential || !response?.signature) return { ok: false, failure: "failed" };
    return {
      ok: true,
      value: {
        id: toBase64url(credential.rawId),
        clientDataJSON: toBase64url(response.clientDataJSON),
        authenticatorData: toBase64url(response.authenticatorData),
        signature: toBase64url(response.signature),
      },
    };
  } catch (e) {
    return { ok: false, failure: failure(e) };
  }
}

/** navigator.credentials when this page may use passkeys (a secure context with WebAuthn), else undefined. */
export function browserCredentials(): Credentials | undefined {
  if (typeof window === "undefined" || !("PublicKeyCredential" in window) || !navigator.credentials) return undefined;
  return navigator.credentials;
}
