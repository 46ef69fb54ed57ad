// Stage: events, with the operations that emit them.
import { locationOf } from "../extract/location.js";
import type { EventEntry } from "../index-file/types.js";
import type { BuildContext } from "./context.js";
import { orderBy, sortedUnique } from "./order.js";

export function eventEntries({ analysis, featureOfSite }: BuildContext): EventEntry[] {
  return analysis.descriptors.events
    .map((event) => ({
      id: event.id,
      version: event.version,
      feature: featureOfSite(event.site),
      name: event.binding,
      location: locationOf(event.site),
      payload: event.payload,
      emittedBy: sortedUnique(event.emittedBy),
    }))
    .sort(
      orderBy(
        (e) => e.id,
        (e) => e.version,
        (e) => e.location.file,
        (e) => e.location.line,
      ),
    );
}
