// Compile-time contract of the runtime. `tsc` (npm run typecheck) fails if any
// `@ts-expect-error` below stops being an error, or if a positive assertion breaks.
import { expectTypeOf } from "vitest";
import {
  Clock,
  Ids,
  createApplication,
  defineCommand,
  defineContract,
  defineFeature,
  definePort,
  defineQuery,
  implementPort,
  portOperation,
  s,
  type Brand,
  type Failure,
  type HandlerContext,
  type Infer,
  type Input,
} from "./index.js";
import { CustomerId, CustomerStore, customers, getCustomer, registerCustomer } from "./test-support/customers.js";

// --- Queries may declare only read, time and random effects, and no events.
defineQuery({
  id: "ok.query",
  input: s.object({}),
  output: s.literal(null),
  effects: { get: CustomerStore.get, now: Clock.now, nextId: Ids.next },
  execute: () => null,
});

defineQuery({
  id: "bad.write",
  input: s.object({}),
  output: s.literal(null),
  // @ts-expect-error a query may not declare a write effect
  effects: { save: CustomerStore.save },
  execute: () => null,
});

const Mailer = definePort({
  id: "mailer",
  operations: { send: portOperation({ id: "mailer.send", kind: "external", input: s.string(), output: s.literal(null) }) },
});
defineQuery({
  id: "bad.external",
  input: s.object({}),
  output: s.literal(null),
  // @ts-expect-error a query may not declare an external effect
  effects: { send: Mailer.send },
  execute: () => null,
});

defineQuery({
  id: "bad.emits",
  input: s.object({}),
  output: s.literal(null),
  // @ts-expect-error a query may not emit events
  emits: {},
  execute: () => null,
});

defineQuery({
  id: "bad.misspelt",
  input: s.object({}),
  output: s.literal(null),
  // @ts-expect-error a misspelt property is an unknown property, not an ignored one
  effect: { get: CustomerStore.get },
  execute: () => null,
});

// --- Port kinds are literal types; operations are properties of their port.
expectTypeOf(CustomerStore.save.kind).toEqualTypeOf<"write">();
expectTypeOf(CustomerStore.get.id).toEqualTypeOf<"customers.store.get">();

definePort({
  id: "bad.port",
  // @ts-expect-error an operation may not be called `id`
  operations: { id: portOperation({ id: "x", kind: "read", output: s.string() }) },
});

// @ts-expect-error implementPort needs every handler
implementPort(CustomerStore, { get: () => null });

// --- Handlers receive a context with the dispatch's AbortSignal; one-argument handlers still fit.
const clockAdapter = implementPort(Clock, {
  now: (_input, { signal }) => {
    expectTypeOf(signal).toEqualTypeOf<AbortSignal>();
    return "2026-01-01T00:00:00.000Z";
  },
});
const storeAdapter = implementPort(CustomerStore, {
  get: (id, context) => {
    expectTypeOf(context).toEqualTypeOf<HandlerContext>();
    return id === "" ? null : null;
  },
  save: () => null,
  findByName: () => null,
});
// Outside dispatch (a storage test), the context is optional.
void clockAdapter.handlers.now();
void storeAdapter.handlers.get(CustomerId.parse("cus_1"));
// @ts-expect-error the handler context has no other fields
implementPort(Clock, { now: (_input, { deadline }) => String(deadline) });

// --- Execute sees exactly its declared capabilities, typed.
defineCommand({
  id: "types.execute",
  input: s.object({ name: s.string() }),
  output: s.literal(null),
  errors: { NOPE: s.object({ why: s.string() }) },
  effects: { save: CustomerStore.save, now: Clock.now },
  emits: {},
  async execute({ input, effects, fail }) {
    expectTypeOf(input).toEqualTypeOf<{ name: string }>();
    expectTypeOf(await effects.now()).toEqualTypeOf<string>();
    // @ts-expect-error not declared
    await effects.get("cus_1");
    // @ts-expect-error wrong input for the port operation
    await effects.save({ id: "cus_1" });
    // @ts-expect-error undeclared error code
    if (input.name === "a") return fail("OTHER", { why: "x" });
    // @ts-expect-error details must match the error's schema
    if (input.name === "b") return fail("NOPE", { because: "x" });
    return null;
  },
});

// --- fail(...): the code picks its details' type; only declared codes exist.
defineCommand({
  id: "types.fail",
  input: s.object({ n: s.integer() }),
  output: s.object({ done: s.boolean() }),
  errors: { TOO_SMALL: s.object({ min: s.integer() }), TAKEN: s.object({ by: CustomerId }) },
  execute({ input, fail }) {
    if (input.n === 0) return fail("TOO_SMALL", { min: 1 }, "n must be positive");
    // Details are what callers pass: brands plain.
    if (input.n === 1) return fail("TAKEN", { by: "cus_1" });
    // @ts-expect-error TAKEN's details are { by }, not TOO_SMALL's { min }
    if (input.n === 2) return fail("TAKEN", { min: 1 });
    // @ts-expect-error details are required
    if (input.n === 3) return fail("TOO_SMALL");
    expectTypeOf(fail("TOO_SMALL", { min: 1 })).toEqualTypeOf<Failure<"TOO_SMALL">>();
    return { done: true };
  },
});
defineCommand({
  id: "types.fail.none",
  input: s.object({}),
  output: s.literal(null),
  execute({ fail }) {
    // @ts-expect-error an operation without declared errors cannot fail with one
    if (Math.PI > 4) return fail("ANY", {});
    return null;
  },
});
defineCommand({
  id: "types.wrong.output",
  input: s.object({}),
  output: s.object({ done: s.boolean() }),
  // @ts-expect-error execute must return the output's input type (or a declared failure)
  execute: () => ({ done: "yes" }),
});

// --- Brands: parsed values are nominal, inputs stay plain.
type ParsedId = Infer<typeof CustomerId>;
expectTypeOf<ParsedId>().toEqualTypeOf<string & Brand<"CustomerId">>();
expectTypeOf<Input<typeof CustomerId>>().toEqualTypeOf<string>();
// @ts-expect-error a plain string is not a CustomerId
const notAnId: ParsedId = "cus_1";
void notAnId;

// --- Optional properties.
const WithOptional = s.object({ a: s.string(), b: s.optional(s.integer()) });
expectTypeOf<Infer<typeof WithOptional>>().toEqualTypeOf<{ a: string; b?: number }>();
expectTypeOf<Input<typeof WithOptional>>().toEqualTypeOf<{ readonly a: string; readonly b?: number }>();
// @ts-expect-error an optional property is absent or a number, never undefined (exactOptionalPropertyTypes)
export const explicitUndefined: Input<typeof WithOptional> = { a: "x", b: undefined };
// Without optional properties (s.object's cheaper path) the types are the same shapes: parsed
// values mutable and branded, inputs readonly and plain; every property required.
const Required = s.object({ id: CustomerId, tags: s.array(s.string()), nested: s.object({ n: s.integer() }) });
expectTypeOf<Infer<typeof Required>>().toEqualTypeOf<{ id: string & Brand<"CustomerId">; tags: string[]; nested: { n: number } }>();
expectTypeOf<Input<typeof Required>>().toEqualTypeOf<{ readonly id: string; readonly tags: readonly string[]; readonly nested: { readonly n: number } }>();
// @ts-expect-error every property of a shape without s.optional is required
export const missingTags: Input<typeof Required> = { id: "cus_1", nested: { n: 1 } };
const Empty = s.object({});
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
expectTypeOf<Infer<typeof Empty>>().toEqualTypeOf<{}>();
void WithOptional;
void Required;
void Empty;

// --- dispatch is typed by id and by descriptor from the application's features.
const app = createApplication({ features: [customers], adapters: [] });
async function dispatchTypes() {
  const registered = await app.dispatch("customers.register", { name: "Ada" });
  if (registered.ok) expectTypeOf(registered.value.id).toEqualTypeOf<string & Brand<"CustomerId">>();
  else if (registered.error.code === "NAME_TAKEN") expectTypeOf(registered.error.details).toEqualTypeOf<{ name: string }>();
  const byDescriptor = await app.dispatch(getCustomer, { id: "cus_1" });
  const byId = await app.dispatch("customers.get", { id: "cus_1" });
  expectTypeOf(byDescriptor).toEqualTypeOf(byId);
  // @ts-expect-error unknown operation id
  await app.dispatch("customers.delete", {});
  // @ts-expect-error wrong input
  await app.dispatch("customers.register", { nom: "Ada" });
  void registerCustomer;
}
void dispatchTypes;

// --- Contracts and features take descriptors only.
// @ts-expect-error a feature needs a contract
defineFeature({ id: "x", operations: [] });
defineContract({ id: "y", ports: [CustomerStore] });
