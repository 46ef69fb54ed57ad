// Stage: createApplication calls, with the features and adapters each is assembled from.
import { locationOf } from "../extract/location.js";
import type { ApplicationEntry } from "../index-file/types.js";
import type { BuildContext } from "./context.js";
import { orderBy, sortedUnique } from "./order.js";

export function applicationEntries({ analysis, featureOfSite }: BuildContext): ApplicationEntry[] {
  return analysis.descriptors.applications
    .map((application) => ({
      location: locationOf(application.site),
      features: sortedUnique(
        application.features.map(
          (feature) => featureOfSite(feature.site) ?? feature.declaredId ?? "?",
        ),
      ),
      adapters: application.adapters
        .map((adapter) => ({ port: adapter.port.id, name: adapter.name }))
        .sort(
          orderBy(
            (a) => a.port,
            (a) => a.name,
          ),
        ),
    }))
    .sort(
      orderBy(
        (a) => a.location.file,
        (a) => a.location.line,
      ),
    );
}
