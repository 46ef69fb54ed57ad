/**
 * A look-up that comes within this long (ms) of the previous one belongs to the same round: the
 * files of a lint run follow each other far faster, an editor's lint after an edit elsewhere
 * comes later than this.
 */
export const DISK_ROUND_QUIET_MS = 500;

/**
 * A round never lasts longer than this (ms), however busy, once a file has been linted twice in
 * a row in it (an editor linting the file being typed in) or when nobody says what is linted: a
 * long session sees changes.
 */
export const DISK_ROUND_MAX_MS = 5000;

/**
 * A round in which no file was linted twice in a row (a command-line run, a lint of a whole
 * workspace) lasts this long at most (ms): the run lints each file as it is on the disk,
 * and renewing every cached fact each DISK_ROUND_MAX_MS of it only repeated the look-ups of its
 * start (a 9-second run of the bench corpus paid one renewal of every folder's answers, about a
 * tenth of the rule's time).
 */
export const DISK_ROUND_BATCH_MAX_MS = 60_000;

let round = 0;
let roundStartedAt = Number.NEGATIVE_INFINITY;
let lastLookAt = Number.NEGATIVE_INFINITY;
/**
 * The file lintRound noted last in this round, and whether one came twice in a row. The last
 * file, not every file of the round: asked between two files' parses, a look-up in a set of
 * the round's thousands of names cost 4-6 µs a file (its memory no longer in the CPU caches),
 * and an editor lints the file being typed in again and again, nothing between.
 */
let lastLinted: string | undefined;
let lintedAgain = false;

/**
 * The current round of disk look-ups. Facts cached from the disk (a folder's listing or mtime, a
 * file's stamp, which agentix.config.json applies) are looked at again once per round, not once
 * per timed window: a lint run asks the same few hundred facts for thousands of files, and a
 * window of a second made a run pay one `stat` per folder for every second it lasted (more
 * under load). A round ends when look-ups pause for DISK_ROUND_QUIET_MS (the run or the
 * editor's lint is over), after DISK_ROUND_MAX_MS once a file was linted twice in a row in it,
 * and after DISK_ROUND_BATCH_MAX_MS when none was; so a file created, edited or deleted
 * is seen by the first lint after a pause, within DISK_ROUND_MAX_MS while an editor lints back
 * to back, and by a command-line run as it was when the run started (for a minute at most).
 */
export function diskRound(): number {
  const now = Date.now();
  const batch = lastLinted !== undefined && !lintedAgain;
  // A clock set back (or a fake one in tests) starts a round too.
  if (
    now - lastLookAt > DISK_ROUND_QUIET_MS ||
    now - roundStartedAt > (batch ? DISK_ROUND_BATCH_MAX_MS : DISK_ROUND_MAX_MS) ||
    now < lastLookAt
  ) {
    round += 1;
    roundStartedAt = now;
    lastLinted = undefined;
    lintedAgain = false;
  }
  lastLookAt = now;
  return round;
}

/**
 * diskRound for the lint of `file` (ESLint creating its rules): the file linted again right
 * after itself (an editor's lint after an edit) ends a round older than DISK_ROUND_MAX_MS
 * before the file's first look-up, so the whole file is judged in the new one.
 */
export function lintRound(file: string): number {
  if (file === lastLinted) lintedAgain = true;
  const current = diskRound();
  lastLinted = file;
  return current;
}

/** Ends the current round: the next look-up starts one, so every cached disk fact is looked at again. */
export function endDiskRound(): void {
  lastLookAt = Number.NEGATIVE_INFINITY;
}
