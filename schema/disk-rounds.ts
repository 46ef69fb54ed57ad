/**
 * A look-up that comes within this long (ms) of the previous one belongs to the same round: the
 * files of a lint run follow each other far faster, an editor's lint after an edit elsewhere
 * comes later than this.
 */
export const DISK_ROUND_QUIET_MS = 500;

/** A round never lasts longer than this (ms), however busy: a long run or session sees changes. */
export const DISK_ROUND_MAX_MS = 5000;

let round = 0;
let roundStartedAt = Number.NEGATIVE_INFINITY;
let lastLookAt = Number.NEGATIVE_INFINITY;

/**
 * The current round of disk look-ups. Facts cached from the disk (a folder's listing or mtime, a
 * file's stamp, which agentix.config.json applies) are looked at again once per round, not once
 * per timed window: a lint run asks the same few hundred facts for thousands of files, and a
 * window of a second made a run pay one `stat` per folder for every second it lasted (more
 * under load). A round ends when look-ups pause for DISK_ROUND_QUIET_MS (the run or the
 * editor's lint is over) or after DISK_ROUND_MAX_MS; so a file created, edited or deleted is seen
 * by the first lint after a pause, and within DISK_ROUND_MAX_MS during uninterrupted linting.
 */
export function diskRound(): number {
  const now = Date.now();
  // A clock set back (or a fake one in tests) starts a round too.
  if (
    now - lastLookAt > DISK_ROUND_QUIET_MS ||
    now - roundStartedAt > DISK_ROUND_MAX_MS ||
    now < lastLookAt
  ) {
    round += 1;
    roundStartedAt = now;
  }
  lastLookAt = now;
  return round;
}

/** Ends the current round: the next look-up starts one, so every cached disk fact is looked at again. */
export function endDiskRound(): void {
  lastLookAt = Number.NEGATIVE_INFINITY;
}
