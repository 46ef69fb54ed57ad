// Every case of hostile-cache-files.test.ts, which samples one a cache file (see there).
import { DAMAGED_CACHES, describeDamagedCaches } from "../support/damaged-caches.js";

describeDamagedCaches(DAMAGED_CACHES);
