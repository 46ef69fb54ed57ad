// Whether a dependency's version range admits a workspace package's version, for the forms a
// package.json's range usually takes (`10.3.6`, `^1.2.3`, `~1.2.3`, `*`): npm, Yarn, Bun (and
// pnpm told to link by version) link a workspace package for a range its version satisfies, and
// install the registry's otherwise. Any other form is not read (undefined): no semver parser is
// a dependency of the package for this.

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)$/u;
const RANGE = /^(\^|~|=)?\s*v?(\d+)\.(\d+)\.(\d+)$/u;

type Triple = readonly [number, number, number];

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether `range` admits `version`: true or false for an exact version, a caret or a tilde
 * range of a whole `major.minor.patch`, and `*`/`x`/empty; undefined for any other range, or a
 * version that is not a plain `major.minor.patch` (a prerelease is admitted by rules of its own).
 */
export function rangeAdmits(range: string, version: string | undefined): boolean | undefined {
  const wanted = range.trim();
  if (wanted === "" || wanted === "*" || wanted === "x" || wanted === "X") return true;
  const have = version === undefined ? null : VERSION.exec(version.trim());
  const match = RANGE.exec(wanted);
  if (have === null || match === null) return undefined;
  const got: Triple = [Number(have[1]), Number(have[2]), Number(have[3])];
  const low: Triple = [Number(match[2]), Number(match[3]), Number(match[4])];
  const operator = match[1];
  if (operator === undefined || operator === "=") return compare(got, low) === 0;
  if (compare(got, low) < 0) return false;
  // The first version past the range: the next major (^1.2.3), minor (^0.2.3, ~1.2.3) or patch (^0.0.3).
  const [major, minor, patch] = low;
  const above: Triple =
    operator === "~"
      ? [major, minor + 1, 0]
      : major > 0
        ? [major + 1, 0, 0]
        : minor > 0
          ? [0, minor + 1, 0]
          : [0, 0, patch + 1];
  return compare(got, above) < 0;
}
