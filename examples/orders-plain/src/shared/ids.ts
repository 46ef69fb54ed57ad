import { randomUUID } from "node:crypto";

/** Where new ids come from; the services prefix them (`cus_`, `prd_`, `ord_`, `pay_`). */
export interface IdGenerator {
  next(): string;
}

export const randomIds: IdGenerator = { next: () => randomUUID() };

/** `start`, `start + 1`, ... as decimal strings: one sequence shared by every kind of record. */
export function sequentialIds(start = 1): IdGenerator {
  let next = start;
  return { next: () => String(next++) };
}
