import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtimeConfig';

function documentWith(html: string): Document {
  return new DOMParser().parseFromString(`<html><head>${html}</head><body></body></html>`, 'text/html');
}

describe('readRuntimeConfig', () => {
  it('reads the settings the server put into the page', () => {
    const doc = documentWith(
      '<meta name="wordhoard:support-email" content="help@example.com">' +
        '<meta name="wordhoard:google-client-id" content="abc.apps.googleusercontent.com">' +
        '<meta name="wordhoard:translation" content="on">' +
        '<meta name="wordhoard:source-url" content="https://git.example.org/fork">',
    );
    expect(readRuntimeConfig(doc)).toEqual({
      supportEmail: 'help@example.com',
      googleClientId: 'abc.apps.googleusercontent.com',
      analyticsId: null,
      translation: true,
      tutorialVideo: null,
      sourceUrl: 'https://git.example.org/fork',
      signupMode: 'open',
      guestAccess: true,
    });
  });

  it('reads the tutorial video ids, one standing in for a missing other', () => {
    const both = documentWith(
      '<meta name="wordhoard:tutorial-video-desktop" content="desk-1">' +
        '<meta name="wordhoard:tutorial-video-mobile" content="phone-1">',
    );
    expect(readRuntimeConfig(both).tutorialVideo).toEqual({ desktop: 'desk-1', mobile: 'phone-1' });
    const one = documentWith('<meta name="wordhoard:tutorial-video-mobile" content="phone-1">');
    expect(readRuntimeConfig(one).tutorialVideo).toEqual({ desktop: 'phone-1', mobile: 'phone-1' });
  });

  it('treats missing and blank tags as unset', () => {
    expect(readRuntimeConfig(documentWith('<meta name="wordhoard:analytics-id" content="  ">'))).toEqual({
      supportEmail: null,
      googleClientId: null,
      analyticsId: null,
      translation: false,
      tutorialVideo: null,
      sourceUrl: null,
      signupMode: 'open',
      guestAccess: true,
    });
  });

  it('reads who may come in, and lets everyone in for a value it does not know', () => {
    const closed = documentWith(
      '<meta name="wordhoard:signup-mode" content="closed"><meta name="wordhoard:guest-access" content="off">',
    );
    expect(readRuntimeConfig(closed)).toMatchObject({ signupMode: 'closed', guestAccess: false });
    const invite = documentWith('<meta name="wordhoard:signup-mode" content="invite">');
    expect(readRuntimeConfig(invite)).toMatchObject({ signupMode: 'invite', guestAccess: true });
    const unknown = documentWith('<meta name="wordhoard:signup-mode" content="maybe">');
    expect(readRuntimeConfig(unknown).signupMode).toBe('open');
  });
});
