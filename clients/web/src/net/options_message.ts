// A game's options message (BaseOptions, and each game's own) from option values and back, field by
// field through protobuf-es reflection: option NAME is the message's field NAME (a bool for a
// bool, a uint32 for an int, a string for a choice or a size), as the server's codec reads it
// (server/codec/option_fields.h). No field is named here, so a new option needs no code.

import { ScalarType, create, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { reflect } from "@bufbuild/protobuf/reflect";
import { RoomOptionsSchema, type RoomOptions } from "../gen/carc/v1/lobby_pb";
import type { OptionSpec, OptionType } from "./game_types";
import type { OptionValues } from "./option_value";

/** A member of RoomOptions.game_options: which options message a game has. */
export type OptionsCase = NonNullable<RoomOptions["gameOptions"]["case"]>;

const SCALAR: Record<OptionType, ScalarType> = {
  bool: ScalarType.BOOL,
  int: ScalarType.UINT32,
  choice: ScalarType.STRING,
  size: ScalarType.STRING,
};

function caseField(optionsCase: OptionsCase): DescField & { fieldKind: "message" } {
  const field = RoomOptionsSchema.field[optionsCase];
  if (field?.fieldKind !== "message") throw new Error(`RoomOptions has no options message ${optionsCase}`);
  return field;
}

/** The game's options message type. */
export function optionsSchema(optionsCase: OptionsCase): DescMessage {
  return caseField(optionsCase).message;
}

/** The field that carries `option`: the same proto name and the scalar of its type. */
export function optionField(schema: DescMessage, option: OptionSpec): DescField | undefined {
  const field = schema.fields.find((f) => f.name === option.name);
  return field?.fieldKind === "scalar" && field.scalar === SCALAR[option.type] ? field : undefined;
}

/**
 * The options this page can send: those with their field in the message. An option of a newer
 * server without one here is left out, and the server gives it its default.
 */
export function carriedOptions(optionsCase: OptionsCase, options: readonly OptionSpec[]): OptionSpec[] {
  const schema = optionsSchema(optionsCase);
  return options.filter((o) => optionField(schema, o) !== undefined);
}

function fieldValue(option: OptionSpec, value: string): boolean | number | string {
  switch (option.type) {
    case "bool":
      return value === "true";
    case "int":
      return Number(value);
    case "choice":
    case "size":
      return value;
  }
}

/**
 * RoomOptions.game_options with every option of `options` set from `values`, each already valid
 * (validOptionValue). A size goes as board_limit's own string only: a server that serves the
 * table reads it, so protocol 1's board_width and board_height are not filled.
 */
export function buildGameOptions(
  optionsCase: OptionsCase,
  options: readonly OptionSpec[],
  values: OptionValues,
): RoomOptions["gameOptions"] {
  const member = caseField(optionsCase);
  const message = reflect(member.message);
  for (const option of options) {
    const field = optionField(member.message, option);
    const value = values[option.name];
    if (field && value !== undefined) message.set(field, fieldValue(option, value));
  }
  const room = create(RoomOptionsSchema);
  reflect(RoomOptionsSchema, room).set(member, message);
  return room.gameOptions;
}

/**
 * The option values a room's options stand for, undefined when they are not this game's. A field
 * that is not set is the option's default, as the server reads it (docs/protocol.md): an absent
 * `farmers`, an empty string, `followers` 0.
 */
export function gameOptionValues(
  optionsCase: OptionsCase,
  options: readonly OptionSpec[],
  room: RoomOptions,
): OptionValues | undefined {
  const member = caseField(optionsCase);
  const roomMessage = reflect(RoomOptionsSchema, room);
  if (!roomMessage.isSet(member)) return undefined;
  const message = roomMessage.get(member);
  const values: OptionValues = {};
  for (const option of options) {
    const field = optionField(member.message, option);
    values[option.name] = field && message.isSet(field) ? String(message.get(field)) : option.default;
  }
  return values;
}
