/** JSON for stdout: indented, or one line with --compact. */
export function jsonOutput(value: unknown, compact: boolean): string {
  return `${compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)}\n`;
}
