/** Whether `error` is SQLite refusing a UNIQUE constraint on `table.column`. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === "SQLITE_CONSTRAINT_UNIQUE" &&
    error.message === `UNIQUE constraint failed: ${column}`
  );
}
