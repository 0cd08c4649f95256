/**
 * The refund for ending a paid period early: the unused share of what was paid, in cents,
 * rounded down so we never refund more than the unused time is worth.
 */
export function proratedRefund(
  amountPaid: number,
  periodStart: number,
  periodEnd: number,
  now: number,
): number {
  if (amountPaid <= 0 || periodEnd <= periodStart) return 0;
  const unused = Math.min(Math.max(periodEnd - now, 0), periodEnd - periodStart);
  return Math.floor((amountPaid * unused) / (periodEnd - periodStart));
}
