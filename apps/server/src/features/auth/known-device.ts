import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A browser as its device cookie describes it (docs/decisions/0075-known-devices.md): one tag
 * for each account that has signed in on it. A tag proves that the account signed in here with
 * its current password, and nobody but the server can make one, so code mails asked for on a
 * known device come out of the account's own budget, which strangers never touch.
 */
export interface Device {
  /** Newest first; at most MAX_ACCOUNTS_PER_DEVICE. */
  tags: string[];
}

/** The accounts a device remembers: a family's shared tablet fits, the oldest drop off. */
export const MAX_ACCOUNTS_PER_DEVICE = 5;

/** 128 bits, base64url: 22 characters. */
const TAG = '[A-Za-z0-9_-]{22}';
const COOKIE_SHAPE = new RegExp(`^${TAG}(\\.${TAG}){0,${MAX_ACCOUNTS_PER_DEVICE - 1}}$`);

/** What a tag is made of: the account, its address and its password. */
export interface DeviceAccount {
  id: string;
  email: string | null;
  passwordHash: string | null;
}

/** Keeps a tag check as long whether or not an address has an account. */
const NO_ACCOUNT: DeviceAccount = { id: '', email: 'no-account', passwordHash: 'no-account' };

/**
 * HMAC-SHA256 keyed with the account's argon2 hash (its random salt and digest), which never
 * leaves the server: nobody else can make a tag, and a new password (set after a restore, say)
 * retires every tag made with the old one, so a device that only knew the old password is a
 * stranger again. Accounts without a password (Google only) get none: they never need a code
 * to get in.
 */
export function deviceTag(account: DeviceAccount): string | undefined {
  if (!account.email || !account.passwordHash) return undefined;
  return createHmac('sha256', account.passwordHash)
    .update(`wordhoard known device\n${account.id}\n${account.email}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The device of a cookie; one that knows no account when it is missing or malformed. */
export function parseDevice(cookie: string | undefined): Device {
  return { tags: cookie && COOKIE_SHAPE.test(cookie) ? cookie.split('.') : [] };
}

export function serializeDevice(device: Device): string {
  return device.tags.join('.');
}

/** Whether `account` has signed in on `device` with its current password. */
export function isKnownTo(device: Device, account: DeviceAccount | undefined): boolean {
  if (device.tags.length === 0) return false;
  const expected = Buffer.from(deviceTag(account ?? NO_ACCOUNT) ?? '', 'base64url');
  let known = false;
  for (const tag of device.tags) {
    const presented = Buffer.from(tag, 'base64url');
    if (presented.length === expected.length && timingSafeEqual(presented, expected)) known = true;
  }
  return account !== undefined && known;
}

/** The device after `account` signed in on it: its tag first, the oldest beyond the limit gone. */
export function rememberAccount(device: Device, account: DeviceAccount): Device {
  const tag = deviceTag(account);
  if (!tag) return device;
  return { tags: [tag, ...device.tags.filter((other) => other !== tag)].slice(0, MAX_ACCOUNTS_PER_DEVICE) };
}
