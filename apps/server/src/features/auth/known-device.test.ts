import { describe, expect, it } from 'vitest';
import {
  MAX_ACCOUNTS_PER_DEVICE,
  deviceTag,
  isKnownTo,
  parseDevice,
  rememberAccount,
  serializeDevice,
  type DeviceAccount,
} from './known-device';

const account = (n: number, passwordHash = `$argon2id$v=19$m=19456,t=2,p=1$salt${n}$digest${n}`) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  email: `user${n}@example.com`,
  passwordHash,
});

describe('the device cookie', () => {
  it('knows an account only with the tag the account’s own password made', () => {
    const ada = account(1);
    const device = rememberAccount(parseDevice(undefined), ada);
    expect(isKnownTo(device, ada)).toBe(true);
    expect(isKnownTo(device, account(2))).toBe(false);
    expect(isKnownTo(device, undefined)).toBe(false);
    // A new password (same account, same address) retires the tag.
    expect(isKnownTo(device, { ...ada, passwordHash: `${ada.passwordHash}x` })).toBe(false);
    // So does another address for the account.
    expect(isKnownTo(device, { ...ada, email: 'other@example.com' })).toBe(false);
  });

  it('gives no tag to an account without a password or an address', () => {
    const google: DeviceAccount = { id: 'g', email: 'g@example.com', passwordHash: null };
    const guest: DeviceAccount = { id: 'h', email: null, passwordHash: 'hash' };
    expect(deviceTag(google)).toBeUndefined();
    expect(deviceTag(guest)).toBeUndefined();
    const device = rememberAccount(rememberAccount(parseDevice(undefined), google), guest);
    expect(device.tags).toEqual([]);
    expect(isKnownTo(device, google)).toBe(false);
  });

  it('remembers the newest accounts, each once, and round-trips through the cookie', () => {
    let device = parseDevice(undefined);
    for (let n = 1; n <= MAX_ACCOUNTS_PER_DEVICE + 2; n += 1) device = rememberAccount(device, account(n));
    device = rememberAccount(device, account(4));
    expect(device.tags).toHaveLength(MAX_ACCOUNTS_PER_DEVICE);
    expect(device.tags[0]).toBe(deviceTag(account(4)));
    expect(isKnownTo(device, account(1))).toBe(false);
    expect(isKnownTo(device, account(7))).toBe(true);
    const read = parseDevice(serializeDevice(device));
    expect(read).toEqual(device);
    expect(isKnownTo(read, account(3))).toBe(true);
  });

  it('ignores a cookie of the wrong shape', () => {
    const tag = deviceTag(account(1)) ?? '';
    expect(tag).toMatch(/^[\w-]{22}$/);
    for (const cookie of ['', 'x', `${tag}.`, `${tag}.${tag}x`, `${tag}!`, Array(7).fill(tag).join('.')]) {
      expect(parseDevice(cookie).tags, cookie).toEqual([]);
    }
    expect(parseDevice(`${tag}.${tag}`).tags).toEqual([tag, tag]);
  });
});
