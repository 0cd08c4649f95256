import { describe, expect, it } from 'vitest';
import { msUntilNightlyFit } from './nightly-fits';

describe('the nightly fit', () => {
  it('runs at the next 03:00 UTC', () => {
    const hour = 60 * 60 * 1000;
    expect(msUntilNightlyFit(new Date('2026-05-04T01:00:00Z'))).toBe(2 * hour);
    expect(msUntilNightlyFit(new Date('2026-05-04T03:00:00Z'))).toBe(24 * hour);
    expect(msUntilNightlyFit(new Date('2026-05-04T03:00:00.001Z'))).toBe(24 * hour - 1);
    expect(msUntilNightlyFit(new Date('2026-05-04T23:30:00Z'))).toBe(3.5 * hour);
  });
});
