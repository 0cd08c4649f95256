import { afterEach, describe, expect, it } from 'vitest';
import { GOOGLE_IDENTITY_SCRIPT, loadGoogleIdentity, type GoogleAccountsId } from './googleIdentity';

const scripts = () => [
  ...document.head.querySelectorAll<HTMLScriptElement>(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`),
];

/** What Google's script defines when it runs. */
const googleApi: GoogleAccountsId = { initialize: () => {}, renderButton: () => {} };

describe('loadGoogleIdentity', () => {
  afterEach(() => {
    for (const script of scripts()) script.dispatchEvent(new Event('error'));
    delete window.google;
  });

  it('adds the script once for every caller, and resolves when it has run', async () => {
    const first = loadGoogleIdentity();
    const second = loadGoogleIdentity();
    expect(scripts()).toHaveLength(1);

    window.google = { accounts: { id: googleApi } };
    scripts()[0]!.dispatchEvent(new Event('load'));

    await expect(first).resolves.toBe(googleApi);
    await expect(second).resolves.toBe(googleApi);
  });

  it('tries again after a failed load', async () => {
    const failed = loadGoogleIdentity();
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('could not be loaded');
    expect(scripts()).toHaveLength(0);

    const retried = loadGoogleIdentity();
    expect(scripts()).toHaveLength(1);
    window.google = { accounts: { id: googleApi } };
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toBe(googleApi);
  });

  it('adds a new script when the one on its way was taken out of the page, and tells its callers', async () => {
    const first = loadGoogleIdentity();
    const [removed] = scripts();
    removed!.remove();

    const second = loadGoogleIdentity();
    // A removed script never fires load or error: the first caller would wait forever.
    await expect(first).rejects.toThrow('could not be loaded');
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]).not.toBe(removed);

    window.google = { accounts: { id: googleApi } };
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(second).resolves.toBe(googleApi);
  });
});
