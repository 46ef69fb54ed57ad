// Every define function refuses, when it is called, a definition the types would refuse: a missing
// or non-schema schema slot, a key it does not have, a slot of the wrong type. Plain JavaScript
// and casts reach these; accepted, each failed later, at dispatch, with an internal error.
import { describe, expect, it } from "vitest";
import { refusal, untyped } from "../test-support/refusal.js";
import { z } from "zod";
import {
  createApplication,
  defineCommand,
  defineContract,
  defineEvent,
  defineFeature,
  defineInvariant,
  definePort,
  defineQuery,
  implementPort,
  portOperation,
  s,
} from "../index.js";

const schemaSlot = "must be a schema (s.object(...) or a Standard Schema)";
const command = { id: "x.y", input: s.object({}), output: s.literal(null), execute: () => null };
const Store = definePort({ id: "x.store", operations: { get: portOperation({ id: "x.store.get", kind: "read", input: s.string(), output: s.string() }) } });

describe("defineCommand and defineQuery refuse broken definitions when called", () => {
  it("names a missing or non-schema input, output or error schema", () => {
    const define = untyped(defineCommand);
    const { input: _input, ...withoutInput } = command;
    expect(refusal(() => define(withoutInput))).toBe(`defineCommand "x.y": input ${schemaSlot}, got undefined`);
    expect(refusal(() => define({ ...command, input: { type: "object" } }))).toBe(
      `defineCommand "x.y": input ${schemaSlot}, got an object (plain JSON Schema is not accepted: build it with s.*)`,
    );
    expect(refusal(() => define({ ...command, input: null }))).toBe(`defineCommand "x.y": input ${schemaSlot}, got null`);
    expect(refusal(() => define({ ...command, output: "string" }))).toBe(`defineCommand "x.y": output ${schemaSlot}, got a string`);
    expect(refusal(() => define({ ...command, errors: { NOT_FOUND: s.object({}), GONE: {} } }))).toBe(
      `defineCommand "x.y": error "GONE" ${schemaSlot}, got an object`,
    );
    const { output: _output, ...withoutOutput } = command;
    expect(refusal(() => untyped(defineQuery)(withoutOutput))).toBe(`defineQuery "x.y": output ${schemaSlot}, got undefined`);
  });

  it("names an unknown key, suggesting the key it is closest to", () => {
    const define = untyped(defineCommand);
    expect(refusal(() => define({ ...command, effect: { get: Store.get } }))).toBe('defineCommand "x.y": unknown key "effect" (did you mean "effects"?)');
    expect(refusal(() => define({ ...command, Input: s.object({}) }))).toBe('defineCommand "x.y": unknown key "Input" (did you mean "input"?)');
    expect(refusal(() => define({ ...command, retries: 3 }))).toBe(
      'defineCommand "x.y": unknown key "retries" (the keys are id, description, input, output, errors, permissions, effects, emits, invariants, execute)',
    );
    expect(refusal(() => untyped(defineQuery)({ ...command, emit: {} }))).toBe('defineQuery "x.y": unknown key "emit" (did you mean "emits"?)');
  });

  it("names the definition, its id, execute, permissions and description when they are of the wrong type", () => {
    const define = untyped(defineCommand);
    expect(refusal(() => define(undefined))).toBe("defineCommand: the definition must be an object, got undefined");
    expect(refusal(() => define([command]))).toBe("defineCommand: the definition must be an object, got an array");
    expect(refusal(() => define({ ...command, id: 7 }))).toBe("defineCommand: id must be a non-empty string, got 7");
    expect(refusal(() => define({ ...command, execute: "run" }))).toBe('defineCommand "x.y": execute must be a function, got a string');
    expect(refusal(() => define({ ...command, permissions: ["x:write", ""] }))).toBe('defineCommand "x.y": permissions[1] must be a non-empty string, got the string ""');
    expect(refusal(() => define({ ...command, description: 3 }))).toBe('defineCommand "x.y": description must be a string, got 3');
  });

  it("stays short for hostile keys: five listed, the rest counted, long names cut", () => {
    const many = Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`extra${index}`, index]));
    expect(refusal(() => untyped(defineCommand)({ ...command, ...many }))).toBe(
      `defineCommand "x.y": ${[0, 1, 2, 3, 4].map((index) => `unknown key "extra${index}" (the keys are id, description, input, output, errors, permissions, effects, emits, invariants, execute)`).join("; ")}; and 3 more unknown keys`,
    );
    const long = "e".repeat(1024 * 1024);
    expect(refusal(() => untyped(defineCommand)({ ...command, [long]: 1 }))).toBe(
      `defineCommand "x.y": unknown key "${"e".repeat(60)}…" (1048576 characters) (the keys are id, description, input, output, errors, permissions, effects, emits, invariants, execute)`,
    );
  });

  it("refuses a declared error whose code is a framework code, naming the code and the operation", () => {
    const codes = "UNKNOWN_OPERATION, FORBIDDEN, INVALID_INPUT, UNDECLARED_EFFECT, INVALID_OUTPUT, DEFECT, TIMEOUT, ABORTED";
    const seat = s.object({ seat: s.string() });
    expect(refusal(() => defineCommand({ ...command, id: "flights.book", errors: { SOLD_OUT: seat, TIMEOUT: seat } }))).toBe(
      `defineCommand "flights.book": error "TIMEOUT" is a framework code, which outcomes could not tell from the runtime's own (${codes}); give the error a code of its own`,
    );
    expect(refusal(() => defineQuery({ ...command, errors: { DEFECT: seat, FORBIDDEN: z.object({}) } }))).toBe(
      `defineQuery "x.y": errors "DEFECT", "FORBIDDEN" are framework codes, which outcomes could not tell from the runtime's own (${codes}); give each error a code of its own`,
    );
    for (const code of ["UNKNOWN_OPERATION", "INVALID_INPUT", "UNDECLARED_EFFECT", "INVALID_OUTPUT", "ABORTED"]) {
      expect(refusal(() => defineCommand({ ...command, errors: { [code]: seat } }))).toMatch(new RegExp(`^defineCommand "x.y": error "${code}" is a framework code`));
    }
    // Codes only agentix/http answers with (NOT_FOUND for a path no route has) never reach an outcome.
    expect(defineCommand({ ...command, errors: { NOT_FOUND: seat, timeout: seat } }).errors).toEqual({ NOT_FOUND: seat, timeout: seat });
  });

  it("reads every slot once: a getter answering differently the second time cannot change what was checked", () => {
    const Rw = definePort({
      id: "rw",
      operations: {
        read: portOperation({ id: "rw.read", kind: "read", output: s.string() }),
        write: portOperation({ id: "rw.write", kind: "write", output: s.string() }),
      },
    });
    const Happened = defineEvent({ id: "rw.happened", version: 1, payload: s.object({}) });
    const schema = s.object({});
    /** `{ x }` whose getter answers `first`, then `then` on every later read. */
    const flipping = (first: unknown, then: unknown) => {
      let reads = 0;
      return {
        get x() {
          return reads++ === 0 ? first : then;
        },
      };
    };
    expect(defineQuery({ ...command, effects: flipping(Rw.read, Rw.write) as never }).effects["x"]).toBe(Rw.read);
    expect(refusal(() => defineQuery({ ...command, effects: flipping(Rw.write, Rw.read) as never }))).toBe(
      'defineQuery "x.y": a query may not declare the write effect "x" (rw.write); make it a command',
    );
    expect(defineCommand({ ...command, emits: flipping(Happened, "not an event") as never }).emits["x"]).toBe(Happened);
    expect(defineCommand({ ...command, errors: flipping(schema, "not a schema") as never }).errors["x"]).toBe(schema);
    const permission = flipping("rw:write", "");
    const permissions = Object.defineProperty([], 0, { get: () => permission.x, enumerable: true }) as string[];
    expect(defineCommand({ ...command, permissions }).permissions).toEqual(["rw:write"]);
    const id = flipping("x.once", 7);
    const withId = Object.defineProperty({ ...command }, "id", { get: () => id.x, enumerable: true }) as typeof command;
    expect(defineCommand(withId).id).toBe("x.once");
  });

  it("accepts a foreign Standard Schema in every schema slot", () => {
    const operation = defineCommand({ id: "x.z", input: z.object({}), output: z.null(), errors: { GONE: z.string() }, execute: () => null });
    expect(operation.input).toBeDefined();
  });
});

describe("port operations, ports, events, contracts, features and invariants refuse broken definitions", () => {
  it("portOperation: a missing output, an input that is not a schema, a misspelt key", () => {
    const define = untyped(portOperation);
    expect(refusal(() => define({ id: "x.get", kind: "read" }))).toBe(`portOperation "x.get": output ${schemaSlot}, got undefined`);
    expect(refusal(() => define({ id: "x.get", kind: "read", input: null, output: s.string() }))).toBe(`portOperation "x.get": input ${schemaSlot}, got null`);
    expect(refusal(() => define({ id: "x.get", kind: "read", inputs: s.string(), output: s.string() }))).toBe(
      'portOperation "x.get": unknown key "inputs" (did you mean "input"?)',
    );
    expect(refusal(() => define({ id: "x.get", kind: "read", output: s.string(), errors: { GONE: null } }))).toBe(
      `portOperation "x.get": error "GONE" ${schemaSlot}, got null`,
    );
    expect(refusal(() => define({ id: "x.get", kind: undefined, output: s.string() }))).toBe(
      'portOperation "x.get": kind must be one of read, write, time, random, external, got undefined',
    );
    expect(refusal(() => define(null))).toBe("portOperation: the definition must be an object, got null");
  });

  it('definePort: an operation named "__proto__", as parsed JSON or a computed key makes it, is refused, not dropped', () => {
    const operations = { get: portOperation({ id: "p.get", kind: "read", output: s.string() }) };
    Object.defineProperty(operations, "__proto__", { value: portOperation({ id: "p.proto", kind: "read", output: s.string() }), enumerable: true });
    expect(refusal(() => definePort({ id: "p", operations }))).toBe(
      'definePort "p": an operation may not be named "__proto__" (it would replace the prototype of the port\'s operations)',
    );
  });

  it("definePort: an unknown key and a description that is not text", () => {
    const define = untyped(definePort);
    expect(refusal(() => define({ id: "x.store", operation: {} }))).toBe('definePort "x.store": unknown key "operation" (did you mean "operations"?)');
    expect(refusal(() => define({ id: "x.store", operations: {}, description: ["a"] }))).toBe('definePort "x.store": description must be a string, got an array');
    expect(refusal(() => define({ id: "", operations: {} }))).toBe('definePort: id must be a non-empty string, got the string ""');
  });

  it("defineEvent: a missing payload, a version that is a string, a misspelt key", () => {
    const define = untyped(defineEvent);
    expect(refusal(() => define({ id: "x.happened", version: 1 }))).toBe(`defineEvent "x.happened": payload ${schemaSlot}, got undefined`);
    expect(refusal(() => define({ id: "x.happened", version: "1", payload: s.object({}) }))).toBe(
      'defineEvent "x.happened": version must be a positive integer, got the string "1"',
    );
    expect(refusal(() => define({ id: "x.happened", version: 1, payloads: s.object({}) }))).toBe(
      'defineEvent "x.happened": unknown key "payloads" (did you mean "payload"?)',
    );
  });

  it("defineContract: a schema that is plain JSON Schema, a misspelt key", () => {
    const define = untyped(defineContract);
    expect(refusal(() => define({ id: "x", schemas: { Item: { type: "object", properties: {} } } }))).toBe(
      `defineContract "x": schema "Item" ${schemaSlot}, got an object (plain JSON Schema is not accepted: build it with s.*)`,
    );
    expect(refusal(() => define({ id: "x", port: [Store] }))).toBe('defineContract "x": unknown key "port" (did you mean "ports"?)');
  });

  it("defineFeature and defineInvariant: a misspelt key, a missing evidence schema", () => {
    const contract = defineContract({ id: "x" });
    expect(refusal(() => untyped(defineFeature)({ id: "x", contract, operations: [], dependency: [] }))).toBe(
      'defineFeature "x": unknown key "dependency" (did you mean "dependencies"?)',
    );
    expect(refusal(() => untyped(defineInvariant)({ id: "x.i", dependsOn: [], check: () => true }))).toBe(`defineInvariant "x.i": evidence ${schemaSlot}, got undefined`);
    expect(refusal(() => untyped(defineInvariant)({ id: "x.i", dependsOn: [], evidence: s.object({}), check: () => true, dependOn: [] }))).toBe(
      'defineInvariant "x.i": unknown key "dependOn" (did you mean "dependsOn"?)',
    );
  });
});

describe("implementPort and createApplication say what is wrong, not just that something is", () => {
  it("takes only the handlers given: an operation named like an Object.prototype member without one is missing", () => {
    const Named = definePort({
      id: "named",
      operations: {
        toString: portOperation({ id: "named.toString", kind: "read", output: s.string() }),
        constructor: portOperation({ id: "named.constructor", kind: "read", output: s.string() }),
      },
    });
    expect(refusal(() => implementPort(Named, {} as never))).toBe('implementPort "named": missing handlers for toString, constructor');
    expect(implementPort(Named, { toString: () => "t", constructor: () => "c" }).handlers.toString()).toBe("t");
    // Methods of the handlers' own class still count.
    class TextStore {
      toString() {
        return "from the class";
      }
    }
    const Text = definePort({ id: "text", operations: { toString: portOperation({ id: "text.toString", kind: "read", output: s.string() }) } });
    expect(implementPort(Text, new TextStore() as never).handlers.toString()).toBe("from the class");
  });

  it("a handler that is present but not a function is not called missing", () => {
    expect(refusal(() => implementPort(Store, { get: "a" } as never))).toBe('implementPort "x.store": handler for get must be a function, got a string');
    expect(refusal(() => implementPort(Store, { get: null } as never))).toBe('implementPort "x.store": handler for get must be a function, got null');
    expect(refusal(() => implementPort(Store, {} as never))).toBe('implementPort "x.store": missing handler for get');
  });

  it("refuses options of the wrong shape, an unknown option and a name that is not text", () => {
    const handlers = { get: (id: string) => id };
    expect(refusal(() => implementPort(Store, handlers, null as never))).toBe('implementPort "x.store": options must be an object { name? }, got null');
    expect(refusal(() => implementPort(Store, handlers, { nmae: "memory" } as never))).toBe('implementPort "x.store": unknown option "nmae" (did you mean "name"?)');
    expect(refusal(() => implementPort(Store, handlers, { name: 3 } as never))).toBe('implementPort "x.store": name must be a string, got 3');
  });

  it("shows a timeoutMs given as a string as a string", () => {
    expect(() => createApplication({ features: [], adapters: [], timeoutMs: "100" as never })).toThrow(
      'createApplication: 1 problem:\n  - timeoutMs must be a positive number of milliseconds, got the string "100"',
    );
  });
});
