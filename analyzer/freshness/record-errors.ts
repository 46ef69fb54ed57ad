// Why an answer from .agentix/affected.json gave up: the verb then analyses instead. Nothing else
// thrown while answering from the record is caught: a bug there is a bug, not a fallback.

/** A fact the record does not hold (changes outside the root, module resolution). */
export class NotRecorded extends Error {}

/** A record that fresh.json vouches for but that is not laid out as this analyzer writes it. */
export class DamagedRecord extends NotRecorded {}
