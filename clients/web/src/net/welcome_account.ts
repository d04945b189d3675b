// Welcome.account_name (field 8): the account a connection is signed in as (the WebSocket's
// upgrade carried the session cookie), "" for a guest. Read from the generated field when the
// schema has it, else from the field the decoder kept as unknown, so that the client reads it
// whichever schema it was built with.

import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import type { Welcome } from "../gen/carc/v1/session_pb";

const ACCOUNT_NAME_FIELD = 8;

export function welcomeAccount(welcome: Welcome): string {
  const known = (welcome as { accountName?: unknown }).accountName;
  if (typeof known === "string") return known;
  const field = welcome.$unknown?.filter((f) => f.no === ACCOUNT_NAME_FIELD && f.wireType === WireType.LengthDelimited).at(-1);
  if (!field) return "";
  try {
    return new BinaryReader(field.data).string();
  } catch {
    return "";
  }
}
