// PublicHash: a 64-bit hash of what every viewer of a game sees alike (docs/protocol.md,
// "PublicHash"). It must give exactly the value of the server's `carc::codec::PublicHash`
// (server/codec/src/proto_codec.cc), so that a client can tell that its copy of the view has
// diverged from the server's. It is computed over a canonical byte string, never over protobuf
// serialization (which is not canonical).

import type { BaseView } from "../../gen/carc/v1/base_game_pb";

/** The version of the recipe, the first integer of the byte string. */
export const PUBLIC_HASH_RECIPE_VERSION = 1;

const FNV_OFFSET_BASIS = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;

/** FNV-1a 64 of `bytes`: h = offset basis; for each byte: h ^= b, h *= prime (mod 2^64). */
export function fnv1a64(bytes: Uint8Array): bigint {
  let h = FNV_OFFSET_BASIS;
  for (const b of bytes) {
    h ^= BigInt(b);
    h = BigInt.asUintN(64, h * FNV_PRIME);
  }
  return h;
}

/** Appends the recipe's I(v) and S(s) to a growing byte buffer. */
class CanonicalWriter {
  private buf = new Uint8Array(256);
  private view = new DataView(this.buf.buffer);
  private len = 0;
  private static readonly utf8 = new TextEncoder();

  /**
   * I(v): `v` as a 32-bit two's-complement integer, 4 bytes little-endian. Like the C++
   * `static_cast<std::int32_t>`, a value outside the int32 range keeps its low 32 bits (a uint32
   * above 2^31 - 1 becomes negative, with the same bytes).
   */
  int(value: number | boolean): void {
    const v = typeof value === "boolean" ? (value ? 1 : 0) : value;
    this.reserve(4);
    this.view.setInt32(this.len, v | 0, true);
    this.len += 4;
  }

  /** S(s): I(byte length of the UTF-8 encoding of s) then those bytes. */
  str(s: string): void {
    const bytes = CanonicalWriter.utf8.encode(s);
    this.int(bytes.length);
    this.reserve(bytes.length);
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buf.subarray(0, this.len));
    this.buf = grown;
    this.view = new DataView(grown.buffer);
  }
}

/**
 * The canonical byte string of docs/protocol.md, field by field in the order of the C++
 * `PublicHash`. Options, `unseen`, hand contents, legal moves and `tile_set` are left out: they
 * differ between viewers or never change. An unset position counts as (0, 0), as the C++
 * accessors read it. A view with the Count's state (`count` set) appends it after the winners.
 */
export function publicHashBytes(view: BaseView): Uint8Array {
  const w = new CanonicalWriter();
  w.int(PUBLIC_HASH_RECIPE_VERSION);
  w.int(view.phase);
  w.int(view.toMove);
  w.int(view.extraTurn);
  w.str(view.currentTile);
  w.int(view.stackSize);
  w.int(view.scores.length);
  for (const s of view.scores) w.int(s);
  w.int(view.supply.length);
  for (const s of view.supply) w.int(s);
  w.int(view.resigned.length);
  for (const r of view.resigned) w.int(r);
  w.int(view.hands.length);
  for (const hand of view.hands) w.int(hand.tiles.length); // counts only: contents are private
  w.int(view.tiles.length);
  for (const t of view.tiles) {
    w.str(t.tile);
    w.int(t.position?.x ?? 0);
    w.int(t.position?.y ?? 0);
    w.int(t.rotation);
  }
  w.int(view.followers.length);
  for (const f of view.followers) {
    w.int(f.seat);
    w.int(f.position?.x ?? 0);
    w.int(f.position?.y ?? 0);
    w.int(f.segment);
    w.int(f.kind);
  }
  w.int(view.finalBreakdown.length);
  for (const p of view.finalBreakdown) {
    w.int(p.road);
    w.int(p.city);
    w.int(p.cloister);
    w.int(p.field);
  }
  w.int(view.winners.length);
  for (const seat of view.winners) w.int(seat);
  // The Count's state (C-1), only in games with it, so that base-game hashes stay as they were.
  const count = view.count;
  if (count !== undefined) {
    w.int(count.count);
    w.int(count.quarters.length);
    for (const q of count.quarters) {
      w.int(q.quarter);
      w.int(q.followers.length);
      for (const n of q.followers) w.int(n);
    }
    w.int(count.redeployKind);
    w.int(count.redeployTiles.length);
    for (const p of count.redeployTiles) {
      w.int(p.x);
      w.int(p.y);
    }
  }
  return w.bytes();
}

/** PublicHash of a view: FNV-1a 64 of its canonical byte string. */
export function publicHash(view: BaseView): bigint {
  return fnv1a64(publicHashBytes(view));
}

/** A hash as 16 lowercase hex digits, for logs and bug reports. */
export function formatHash(hash: bigint): string {
  return hash.toString(16).padStart(16, "0");
}
