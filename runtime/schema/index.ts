export { s } from "./builders.js";
export type { ArrayOptions, NumberOptions, ObjectInput, ObjectOutput, RecordOptions, Shape, StringOptions } from "./builders.js";
export { SchemaValidationError, isAgentixSchema, isStandardSchema } from "./create-schema.js";
export { validate, validateSync } from "./validate.js";
export type {
  AnySchema,
  Brand,
  Infer,
  Input,
  Issue,
  IssueCode,
  JsonSchema,
  JsonValue,
  OptionalSchema,
  Output,
  SafeParseResult,
  Schema,
} from "./types.js";
