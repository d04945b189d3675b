// A push service on loopback for the server's tests: web-push-testing's mock of RFC 8030 (http on
// localhost:PORT). It hands out subscriptions for an applicationServerKey, takes pushes at their
// endpoints, verifies each VAPID token against the subscription's key and decrypts the message
// (aes128gcm) with the subscription's private key, answers 410 for a subscription expired by
// POST /expire-subscription/HASH, and lists the plaintexts at POST /get-notifications.
//
//   node push_service.mjs PORT
// Exits when its standard input closes (the test that started it ended) or after 10 minutes.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { PushApiModel } = require("web-push-testing/src/PushApiModel.js");
const WebPushTestingServer = require("web-push-testing/src/server.js");

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error("usage: node push_service.mjs PORT");
  process.exit(2);
}
new WebPushTestingServer(new PushApiModel(), port).startServer();
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
setTimeout(() => process.exit(0), 10 * 60 * 1000).unref();
