import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import { parseDevice, serializeDevice, type Device } from './known-device';

const DEVICE_COOKIE_NAME = 'wordhoard_device';

/** Chromium's cap on a cookie's lifetime; every sign-in and session refresh starts it again. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** On https the `__Host-` prefix pins the cookie to this host, path / and Secure. */
export function deviceCookieName(config: Config): string {
  return config.secureCookies ? `__Host-${DEVICE_COOKIE_NAME}` : DEVICE_COOKIE_NAME;
}

/** The device of this request (one that knows no account when it brought no valid cookie). */
export function readDevice(request: FastifyRequest, config: Config): Device {
  return parseDevice(request.cookies[deviceCookieName(config)]);
}

/** Outlives the session on purpose: a device that signed out is still its owner's device. */
export function setDeviceCookie(reply: FastifyReply, config: Config, device: Device): void {
  if (device.tags.length === 0) return;
  reply.setCookie(deviceCookieName(config), serializeDevice(device), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
