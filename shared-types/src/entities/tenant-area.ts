/**
 * MY STORAGE, the tenants' own area (docs/my-storage.md). The move-out notice is not in the spec;
 * its call is decided in docs/api-paths.md.
 */

/** Result of POST move-out-notice/: the notice is given, with the operator's rules for it. */
export interface MoveOutNoticeResult {
  /** MM/DD/YYYY: the day the tenant moves out (the one asked for, or the operator's earliest). */
  move_out_date: string;
  /** Days of notice the operator asks for. */
  notice_days: number;
  /** What is still owed at move-out (0 when nothing). */
  balance: number;
  /** What is refunded (rent paid past the move-out date; 0 when nothing). */
  refund: number;
  /** The operator's own words about the notice, shown as they come. */
  message: string;
}
