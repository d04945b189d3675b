// The server's Web Push crypto (server/push, through the push_check program named by
// $CARC_PUSH_CHECK) against the web-push package and the libraries it sends with: http_ece
// decrypts our aes128gcm bodies and jws verifies our VAPID tokens; and the other way round,
// web-push's own request (body and Authorization header) decrypts and verifies on our side.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import ece from "http_ece";
import jws from "jws";
import webpush from "web-push";

const CHECK = process.env.CARC_PUSH_CHECK;
const NOW = Math.floor(Date.now() / 1000);

function ours(command, input) {
  assert.ok(CHECK, "CARC_PUSH_CHECK names the push_check program");
  const run = spawnSync(CHECK, [command], { input: JSON.stringify(input), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

// A 65-byte uncompressed P-256 point (base64url) as a PEM public key.
function publicKeyPem(point) {
  const raw = Buffer.from(point, "base64url");
  assert.equal(raw.length, 65);
  const jwk = { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") };
  return crypto.createPublicKey({ key: jwk, format: "jwk" }).export({ type: "spki", format: "pem" });
}

function subscriber() {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey("base64url"), auth: crypto.randomBytes(16).toString("base64url") };
}

const CLAIMS = { aud: "https://fcm.googleapis.com", sub: "mailto:admin@example.org", exp: NOW + 12 * 3600, now: NOW };

test("our VAPID token verifies with jws and with Node's ieee-p1363 ECDSA", () => {
  const made = ours("vapid", CLAIMS);
  assert.equal(made.refused, undefined, made.refused);
  const pem = publicKeyPem(made.publicKey);
  assert.ok(jws.verify(made.jwt, "ES256", pem));
  const decoded = jws.decode(made.jwt);
  assert.deepEqual(decoded.header, { typ: "JWT", alg: "ES256" });
  // jws hands a "typ": "JWT" payload back parsed.
  assert.deepEqual(decoded.payload, { aud: CLAIMS.aud, exp: CLAIMS.exp, sub: CLAIMS.sub });
  const [h, p, s] = made.jwt.split(".");
  const signature = Buffer.from(s, "base64url");
  assert.equal(signature.length, 64, "JOSE r||s, not DER");
  assert.ok(crypto.verify("sha256", Buffer.from(`${h}.${p}`), { key: pem, dsaEncoding: "ieee-p1363" }, signature));
  // The header's own token (signed again: ECDSA signatures are randomised) verifies too.
  const header = made.authorization.match(/^vapid t=([^,]+), k=(.+)$/);
  assert.ok(header, made.authorization);
  assert.equal(header[2], made.publicKey);
  assert.ok(jws.verify(header[1], "ES256", pem));

  // A later expiry put in after signing does not verify.
  const later = Buffer.from(JSON.stringify({ aud: CLAIMS.aud, exp: CLAIMS.exp + 3600, sub: CLAIMS.sub })).toString("base64url");
  assert.equal(jws.verify(`${h}.${later}.${s}`, "ES256", pem), false);
  // Nor does our token under another key.
  assert.equal(jws.verify(made.jwt, "ES256", publicKeyPem(ours("vapid", CLAIMS).publicKey)), false);
});

test("a web-push key loads on our side: the same public key, the same signed text", () => {
  const keys = webpush.generateVAPIDKeys();
  const made = ours("vapid", { ...CLAIMS, privateKey: keys.privateKey });
  assert.equal(made.publicKey, keys.publicKey);
  assert.ok(jws.verify(made.jwt, "ES256", publicKeyPem(keys.publicKey)));

  const theirs = webpush.getVapidHeaders(CLAIMS.aud, CLAIMS.sub, keys.publicKey, keys.privateKey, "aes128gcm", CLAIMS.exp);
  const token = theirs.Authorization.match(/^vapid t=([^,]+), k=(.+)$/);
  assert.ok(token, theirs.Authorization);
  assert.equal(token[2], made.publicKey);
  // ECDSA signatures are randomised; the header and claims are byte for byte web-push's.
  assert.equal(made.jwt.split(".").slice(0, 2).join("."), token[1].split(".").slice(0, 2).join("."));
  const checked = ours("verify", { publicKey: keys.publicKey, jwt: token[1] });
  assert.equal(checked.valid, true);
  assert.deepEqual(checked.claims, { aud: CLAIMS.aud, exp: CLAIMS.exp, sub: CLAIMS.sub });
});

test("our VAPID refusals: an http or path audience, an expiry past 24 hours", () => {
  assert.match(ours("vapid", { ...CLAIMS, aud: "http://fcm.googleapis.com" }).refused, /https origin/);
  assert.match(ours("vapid", { ...CLAIMS, aud: "https://fcm.googleapis.com/fcm/send/x" }).refused, /origin alone/);
  assert.match(ours("vapid", { ...CLAIMS, exp: NOW + 24 * 3600 + 1 }).refused, /24 hours/);
  assert.equal(ours("vapid", { ...CLAIMS, exp: NOW + 24 * 3600 }).refused, undefined);
  assert.equal(ours("vapid", { ...CLAIMS, aud: "http://127.0.0.1:8080", loopbackHttp: true }).refused, undefined);
});

test("http_ece decrypts our aes128gcm bodies", () => {
  const ua = subscriber();
  const plaintexts = ["", "It is your turn in room R7K2", JSON.stringify({ title: "Carcassonne", body: "Ton tour — à toi de jouer ✓" }), "x".repeat(3993)];
  for (const plaintext of plaintexts) {
    const made = ours("encrypt", { p256dh: ua.p256dh, auth: ua.auth, plaintext });
    assert.equal(made.refused, undefined, made.refused);
    const body = Buffer.from(made.body, "base64url");
    assert.ok(body.length <= 4096);
    assert.equal(body.readUInt32BE(16), 4096, "rs");
    assert.equal(body[20], 65, "idlen");
    const clear = ece.decrypt(body, { version: "aes128gcm", privateKey: ua.ecdh, authSecret: ua.auth });
    assert.equal(clear.toString("utf8"), plaintext);
    // Another subscriber's key does not decrypt it.
    assert.throws(() => ece.decrypt(body, { version: "aes128gcm", privateKey: subscriber().ecdh, authSecret: ua.auth }));
  }
  assert.match(ours("encrypt", { p256dh: ua.p256dh, auth: ua.auth, plaintext: "x".repeat(3994) }).refused, /over 3993/);
  assert.match(ours("encrypt", { p256dh: ua.p256dh.slice(0, 40), auth: ua.auth, plaintext: "hi" }).refused, /65 bytes/);
});

test("web-push's own request decrypts and verifies on our side", () => {
  const ua = subscriber();
  const keys = webpush.generateVAPIDKeys();
  const subscription = { endpoint: "https://updates.push.services.mozilla.com/wpush/v2/abc", keys: { p256dh: ua.p256dh, auth: ua.auth } };
  const payload = JSON.stringify({ room: "R7K2", turn: true });
  const request = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: CLAIMS.sub, publicKey: keys.publicKey, privateKey: keys.privateKey },
    contentEncoding: "aes128gcm",
  });
  assert.equal(request.headers["Content-Encoding"], "aes128gcm");
  const clear = ours("decrypt", { privateKey: ua.ecdh.getPrivateKey("base64url"), auth: ua.auth, body: request.body.toString("base64url") });
  assert.equal(clear.plaintext, payload);
  const token = request.headers.Authorization.match(/^vapid t=([^,]+), k=(.+)$/);
  assert.ok(token, request.headers.Authorization);
  const checked = ours("verify", { publicKey: token[2], jwt: token[1] });
  assert.equal(checked.valid, true);
  assert.equal(checked.claims.aud, "https://updates.push.services.mozilla.com");
  assert.deepEqual(checked.header, { typ: "JWT", alg: "ES256" });
});
