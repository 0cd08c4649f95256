import { existsSync } from 'node:fs';

/** How every Chromium here starts: headless, no sandbox, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, the whole browser; nothing is downloaded (no `playwright install`). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};

/**
 * What the browser tests run in: Debian's chromium-headless-shell, the same Chromium (Blink, V8,
 * the same version) without the browser around the page — what Playwright itself runs headless
 * tests in. The suite needs ~40 % less CPU in it (decision 0067). It has no notification or push
 * service, so tests of those use `chromiumLaunchOptions`. Where it is not installed (or
 * CHROMIUM_PATH names another browser), the whole browser runs everything.
 */
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const testBrowserLaunchOptions =
  !process.env.CHROMIUM_PATH && existsSync(headlessShell)
    ? { executablePath: headlessShell, args: CHROMIUM_ARGS }
    : chromiumLaunchOptions;
