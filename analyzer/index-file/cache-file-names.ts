/**
 * The caches `agentix index` writes beside index.json in `.agentix/`, named in a leaf module so
 * that `affected` (which must never count them as changes) need not import the freshness code.
 */
export const FRESH_FILE_NAME = "fresh.json";
export const AFFECTED_FILE_NAME = "affected.json";
