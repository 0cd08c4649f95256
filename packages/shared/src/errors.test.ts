import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from './errors';

describe('the error code → HTTP status table', () => {
  it('gives every code one error status', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
    }
  });

  it('keeps the statuses clients rely on (DESIGN §3)', () => {
    expect(ERROR_STATUS.UNAUTHORIZED).toBe(401);
    expect(ERROR_STATUS.MAX_DICTIONARIES).toBe(403);
    expect(ERROR_STATUS.DUPLICATE_TERM).toBe(409);
    expect(ERROR_STATUS.VALIDATION_ERROR).toBe(400);
    expect(ERROR_STATUS.TOO_MANY_REQUESTS).toBe(429);
  });
});
