import { describe, expect, it } from 'vitest';
import { proratedRefund } from './proration';

const DAY = 86_400;
const start = 1_700_000_000;
const end = start + 30 * DAY;

describe('proratedRefund', () => {
  it('refunds the unused share of the period, rounded down to the cent', () => {
    expect(proratedRefund(399, start, end, start)).toBe(399);
    expect(proratedRefund(399, start, end, start + 15 * DAY)).toBe(199);
    expect(proratedRefund(399, start, end, start + 10 * DAY)).toBe(266);
    expect(proratedRefund(399, start, end, start + 29 * DAY)).toBe(13);
  });

  it('refunds nothing after the period or for a free or broken period', () => {
    expect(proratedRefund(399, start, end, end)).toBe(0);
    expect(proratedRefund(399, start, end, end + DAY)).toBe(0);
    expect(proratedRefund(0, start, end, start)).toBe(0);
    expect(proratedRefund(399, end, start, start)).toBe(0);
  });

  it('never refunds more than was paid, even with a clock before the period', () => {
    expect(proratedRefund(399, start, end, start - DAY)).toBe(399);
  });
});
