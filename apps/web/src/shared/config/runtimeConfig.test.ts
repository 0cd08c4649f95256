import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtimeConfig';

function documentWith(html: string): Document {
  return new DOMParser().parseFromString(`<html><head>${html}</head><body></body></html>`, 'text/html');
}

describe('readRuntimeConfig', () => {
  it('reads the settings the server put into the page', () => {
    const doc = documentWith(
      '<meta name="wordhoard:support-email" content="help@example.com">' +
        '<meta name="wordhoard:google-client-id" content="abc.apps.googleusercontent.com">',
    );
    expect(readRuntimeConfig(doc)).toEqual({
      supportEmail: 'help@example.com',
      googleClientId: 'abc.apps.googleusercontent.com',
      analyticsId: null,
    });
  });

  it('treats missing and blank tags as unset', () => {
    expect(readRuntimeConfig(documentWith('<meta name="wordhoard:analytics-id" content="  ">'))).toEqual({
      supportEmail: null,
      googleClientId: null,
      analyticsId: null,
    });
  });
});
