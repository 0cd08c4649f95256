import { act, render, screen } from '@testing-library/react';
import type { Language } from '@wordhoard/shared';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n';
import { GuestExpiry, formatTimeLeft } from './GuestExpiry';

const MINUTE_MS = 60_000;

/** The time left, `hours` h `minutes` min, as each language words it after "in". */
async function timesLeft(
  language: Language,
  times: readonly (readonly [number, number])[],
): Promise<string[]> {
  const i18n = await createI18n({ language });
  return times.map(([hours, minutes]) => formatTimeLeft(i18n.t, hours * 60 + minutes));
}

const TIMES = [
  [23, 12],
  [1, 1],
  [2, 2],
  [5, 5],
  [21, 22],
  [0, 40],
  [3, 0],
] as const;

describe('a guest account’s time left', () => {
  it.each([
    [
      'en',
      [
        '23 hours 12 minutes',
        '1 hour 1 minute',
        '2 hours 2 minutes',
        '5 hours 5 minutes',
        '21 hours 22 minutes',
        '40 minutes',
        '3 hours',
      ],
    ],
    [
      'uk',
      [
        '23 години 12 хвилин',
        '1 годину 1 хвилину',
        '2 години 2 хвилини',
        '5 годин 5 хвилин',
        '21 годину 22 хвилини',
        '40 хвилин',
        '3 години',
      ],
    ],
    [
      'pl',
      [
        '23 godziny 12 minut',
        '1 godzinę 1 minutę',
        '2 godziny 2 minuty',
        '5 godzin 5 minut',
        '21 godzin 22 minuty',
        '40 minut',
        '3 godziny',
      ],
    ],
    [
      'de',
      [
        '23 Stunden 12 Minuten',
        '1 Stunde 1 Minute',
        '2 Stunden 2 Minuten',
        '5 Stunden 5 Minuten',
        '21 Stunden 22 Minuten',
        '40 Minuten',
        '3 Stunden',
      ],
    ],
    [
      'fr',
      [
        '23 heures 12 minutes',
        '1 heure 1 minute',
        '2 heures 2 minutes',
        '5 heures 5 minutes',
        '21 heures 22 minutes',
        '40 minutes',
        '3 heures',
      ],
    ],
    [
      'es',
      [
        '23 horas y 12 minutos',
        '1 hora y 1 minuto',
        '2 horas y 2 minutos',
        '5 horas y 5 minutos',
        '21 horas y 22 minutos',
        '40 minutos',
        '3 horas',
      ],
    ],
    [
      'it',
      [
        '23 ore e 12 minuti',
        '1 ora e 1 minuto',
        '2 ore e 2 minuti',
        '5 ore e 5 minuti',
        '21 ore e 22 minuti',
        '40 minuti',
        '3 ore',
      ],
    ],
  ] as const)('is worded with %s plurals', async (language, expected) => {
    expect(await timesLeft(language, TIMES)).toEqual(expected);
  });

  describe('the countdown', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('says when the account is deleted and counts down as each minute passes', async () => {
      const i18n = await createI18n({ language: 'en' });
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      vi.setSystemTime(new Date('2026-03-01T10:00:30Z'));
      const expiresAt = new Date(Date.now() + (23 * 60 + 12) * MINUTE_MS - 30_000).toISOString();

      render(
        <I18nextProvider i18n={i18n}>
          <GuestExpiry expiresAt={expiresAt} />
        </I18nextProvider>,
      );
      const shown = () => screen.getByTestId('guest-expiry').textContent;
      expect(shown()).toBe('Guest account — deleted in 23 hours 12 minutes');

      await act(() => vi.advanceTimersByTimeAsync(29_000));
      expect(shown()).toBe('Guest account — deleted in 23 hours 12 minutes');
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(shown()).toBe('Guest account — deleted in 23 hours 11 minutes');
      // Each minute re-renders once; React commits between them, as a browser does.
      for (let minute = 0; minute < 11; minute += 1) await act(() => vi.advanceTimersByTimeAsync(MINUTE_MS));
      expect(shown()).toBe('Guest account — deleted in 23 hours');
      await act(() => vi.advanceTimersByTimeAsync(MINUTE_MS));
      expect(shown()).toBe('Guest account — deleted in 22 hours 59 minutes');
    });
  });
});
