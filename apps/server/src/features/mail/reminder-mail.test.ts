import { LANGUAGES } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { reminderMail } from './reminder-mail';

const links = {
  start: 'https://words.example.com/menu',
  settings: 'https://words.example.com/user/edit',
  unsubscribePage: 'https://words.example.com/reminders/unsubscribe?token=abc',
  oneClick: 'https://words.example.com/api/reminders/unsubscribe?token=abc',
};

describe('the reminder mail', () => {
  it('has every language’s words for each count, the links and the one-click headers', () => {
    for (const language of LANGUAGES) {
      const subjects = new Set<string>();
      for (const count of [1, 2, 5, 22, 101]) {
        const mail = reminderMail(language, 'learner@example.com', count, links);
        expect(mail.subject, `${language} ${count}`).toContain(String(count));
        expect(mail.subject).not.toContain('{');
        expect(mail.text).not.toContain('{');
        for (const link of [links.start, links.settings, links.unsubscribePage]) {
          expect(mail.text).toContain(link);
          expect(mail.html).toContain(`href="${link}"`);
        }
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.headers).toEqual({
          'List-Unsubscribe': `<${links.oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        });
        subjects.add(mail.subject.replace(String(count), '#'));
      }
      // English has one form for 1 and another for the rest; Ukrainian and Polish have three.
      expect(subjects.size, language).toBeGreaterThanOrEqual(2);
    }
    expect(reminderMail('pl', 'a@example.com', 5, links).subject).toBe('Czeka na Ciebie 5 słów');
    expect(reminderMail('uk', 'a@example.com', 22, links).subject).toBe('На вас чекають 22 слова');
    expect(reminderMail('uk', 'a@example.com', 21, links).subject).toBe('На вас чекає 21 слово');
  });

  it('escapes what goes into the HTML', () => {
    const mail = reminderMail('en', 'a@example.com', 3, { ...links, start: 'https://x.example/?a=1&b="2"' });
    expect(mail.html).toContain('href="https://x.example/?a=1&amp;b=&quot;2&quot;"');
  });
});
