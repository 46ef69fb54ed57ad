/** A fake was called for something it has no handler or data for: the test is incomplete. */
export class MissingFakeData extends Error {
  override readonly name = "MissingFakeData";
}
