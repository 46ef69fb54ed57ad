// Strings for every `format` the runtime enforces (ajv-formats, full mode). Each one is proven
// against Ajv's own check in arbitrary.test.ts.
import type { Arbitrary } from "fast-check";
import { fc } from "./fast-check.js";

/** Printable ASCII mostly, now and then any code point: one unit is one code point, as Ajv counts. */
export const stringUnit: Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
);

const instant = fc.date({ min: new Date("0001-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true });
const dateTime = instant.map((date) => date.toISOString());
const time = dateTime.map((iso) => iso.slice(11));
const count = fc.nat({ max: 999 });
const piece = (value: number | null, unit: string) => (value === null ? "" : `${value}${unit}`);

const duration = fc.oneof(
  count.map((weeks) => `P${weeks}W`),
  fc.tuple(...Array.from({ length: 6 }, () => fc.option(count))).map(([years, months, days, hours, minutes, seconds]) => {
    const date = `${piece(years ?? null, "Y")}${piece(months ?? null, "M")}${piece(days ?? null, "D")}`;
    const clock = `${piece(hours ?? null, "H")}${piece(minutes ?? null, "M")}${piece(seconds ?? null, "S")}`;
    return `P${date === "" && clock === "" ? "0D" : date}${clock === "" ? "" : `T${clock}`}`;
  }),
);

const escapePointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");
const jsonPointer = fc.array(fc.string({ unit: stringUnit, maxLength: 8 }), { maxLength: 4 }).map((segments) => segments.map((segment) => `/${escapePointer(segment)}`).join(""));
const fragmentPointer = fc
  .array(fc.stringMatching(/^[a-z0-9_.-]{0,8}$/), { maxLength: 4 })
  .map((segments) => `#${segments.map((segment) => `/${segment}`).join("")}`);

// A conservative absolute URL: valid as `uri`, `uri-reference` and `url` alike.
const url = fc.stringMatching(/^https:\/\/[a-z][a-z0-9]{0,9}(\.[a-z][a-z0-9]{0,9}){0,2}\.[a-z]{2,6}(\/[a-zA-Z0-9._~-]{1,10}){0,3}$/);
const uriTemplate = fc.stringMatching(/^https:\/\/[a-z]{1,10}\.example(\/([a-z0-9]{1,8}|\{[a-z_]{1,8}\})){0,3}$/);
const regexSource = fc.string({ unit: stringUnit, maxLength: 10 }).map((text) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"));

const formats: Readonly<Record<string, () => Arbitrary<string>>> = {
  date: () => dateTime.map((iso) => iso.slice(0, 10)),
  time: () => time,
  "date-time": () => dateTime,
  "iso-time": () => time,
  "iso-date-time": () => dateTime,
  duration: () => duration,
  uri: () => url,
  "uri-reference": () => url,
  "uri-template": () => uriTemplate,
  url: () => url,
  email: () => fc.emailAddress(),
  hostname: () => fc.domain(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  regex: () => regexSource,
  uuid: () => fc.uuid(),
  "json-pointer": () => jsonPointer,
  "json-pointer-uri-fragment": () => fragmentPointer,
  "relative-json-pointer": () => fc.tuple(fc.nat({ max: 20 }), fc.oneof(fc.constant("#"), jsonPointer)).map(([up, rest]) => `${up}${rest}`),
  byte: () => fc.base64String({ maxLength: 40 }),
  password: () => fc.string({ unit: stringUnit }),
  binary: () => fc.string({ unit: stringUnit }),
};

/** Formats Ajv checks only on numbers; on strings they constrain nothing. */
export const numberFormats: ReadonlySet<string> = new Set(["int32", "int64", "float", "double"]);

const built = new Map<string, Arbitrary<string>>();

/** An arbitrary of strings in the format, or `undefined` when agentix has none for it. */
export function formatArbitrary(format: string): Arbitrary<string> | undefined {
  if (!Object.hasOwn(formats, format)) return undefined;
  let arbitrary = built.get(format);
  if (arbitrary === undefined) {
    arbitrary = (formats[format] as () => Arbitrary<string>)();
    built.set(format, arbitrary);
  }
  return arbitrary;
}
