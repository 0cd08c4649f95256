import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Dictionary } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { withApiServer, type ApiServer, type TestBrowser } from '../../../test/apiServer';
import { createDictionary } from '../../../test/arrange';
import { renderApp } from '../../../test/render';
import { formatExamDate, localDay } from '../lib/examDate';
import { anotherTab, sent } from '../test/arrange';

/** The learner's day `days` from today, in their time zone (YYYY-MM-DD). */
function fromToday(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return localDay(day);
}

/** A date input takes a whole YYYY-MM-DD day at once (what picking one in the calendar does). */
const pick = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('Exam date', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  const open = async (path: string, title: string) => {
    const rendered = await renderApp({ path, apiUrl: server.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: title });
    return rendered;
  };
  const setExam = (dictionary: Dictionary, examDate: string | null) =>
    server.api
      .as(browser.cookie())
      .call('updateDictionary', { params: { id: dictionary.id }, body: { examDate } })
      .then((response) => response.data());
  const stored = async (id: string) =>
    (await anotherTab(server, browser).dictionaries()).find((dictionary) => dictionary.id === id);

  it('is an optional date field with its hint, and creates the dictionary with it', async () => {
    await browser.signIn();
    const { user, router } = await open('/dictionaries/create', 'Create dictionary');
    const field = screen.getByLabelText('Exam date');
    expect(field).toHaveAttribute('type', 'date');
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(
      'Optional. Reviews are then planned so that every word comes up before the exam.',
    );
    expect(screen.getByRole('button', { name: 'Clear the exam date' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Finals');
    pick(field, '2091-06-15');
    expect(screen.getByRole('button', { name: 'Clear the exam date' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(sent(browser, 'POST', '/api/dictionaries')).toHaveLength(1));
    expect(JSON.parse(sent(browser, 'POST', '/api/dictionaries')[0]!.body)).toMatchObject({
      name: 'Finals',
      examDate: '2091-06-15',
    });
    const [created] = await anotherTab(server, browser).dictionaries();
    expect(created?.examDate).toBe('2091-06-15');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${created?.id ?? '?'}`));
    expect(await screen.findByTestId('dictionary-exam')).toHaveTextContent(
      /^Exam on June 15, 2091 — \d+ days left$/,
    );
  });

  it('creates a dictionary without an exam when the field is left empty', async () => {
    await browser.signIn();
    const { user } = await open('/dictionaries/create', 'Create dictionary');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'No exam');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { level: 1, name: 'No exam' });
    expect(JSON.parse(sent(browser, 'POST', '/api/dictionaries')[0]!.body)).toMatchObject({ examDate: null });
    expect((await anotherTab(server, browser).dictionaries())[0]?.examDate).toBeNull();
    expect(screen.queryByTestId('dictionary-exam')).not.toBeInTheDocument();
  });

  it('shows the stored date in the edit form, changes it and clears it', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, { name: 'Finals' });
    await setExam(dictionary, '2091-06-15');
    const editPath = `/dictionaries/${dictionary.id}/info/edit`;
    const { user, router } = await open(editPath, 'Edit dictionary info');

    const field = await screen.findByLabelText('Exam date');
    expect(field).toHaveValue('2091-06-15');
    pick(field, '2091-07-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    expect(JSON.parse(sent(browser, 'PATCH', `/api/dictionaries/${dictionary.id}`)[0]!.body)).toMatchObject({
      examDate: '2091-07-01',
    });
    expect((await stored(dictionary.id))?.examDate).toBe('2091-07-01');
    expect(await screen.findByTestId('dictionary-exam')).toHaveTextContent(/^Exam on July 1, 2091 — /);

    await router.navigate(editPath);
    const again = await screen.findByLabelText('Exam date');
    await waitFor(() => expect(again).toHaveValue('2091-07-01'));
    await user.click(screen.getByRole('button', { name: 'Clear the exam date' }));
    expect(again).toHaveValue('');
    expect(again).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Clear the exam date' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(browser, 'PATCH', `/api/dictionaries/${dictionary.id}`)).toHaveLength(2));
    expect(JSON.parse(sent(browser, 'PATCH', `/api/dictionaries/${dictionary.id}`)[1]!.body)).toMatchObject({
      examDate: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    expect((await stored(dictionary.id))?.examDate).toBeNull();
    await screen.findByRole('heading', { level: 1, name: 'Finals' });
    expect(screen.queryByTestId('dictionary-exam')).not.toBeInTheDocument();
  });

  it('emptying the date field by hand also clears the exam', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, { name: 'Finals' });
    await setExam(dictionary, '2091-06-15');
    const { user, router } = await open(`/dictionaries/${dictionary.id}/info/edit`, 'Edit dictionary info');
    const field = await screen.findByLabelText('Exam date');
    await waitFor(() => expect(field).toHaveValue('2091-06-15'));
    pick(field, '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dictionaries/${dictionary.id}`));
    expect((await stored(dictionary.id))?.examDate).toBeNull();
  });

  it('does not take a half-typed date for an empty one', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, { name: 'Finals' });
    await setExam(dictionary, '2091-06-15');
    const { user } = await open(`/dictionaries/${dictionary.id}/info/edit`, 'Edit dictionary info');
    const field = await screen.findByLabelText('Exam date');
    await waitFor(() => expect(field).toHaveValue('2091-06-15'));
    // What a browser's date input holds with a day typed and no month yet (jsdom has no such state).
    pick(field, '');
    Object.defineProperty(field, 'validity', { value: { badInput: true } });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a valid date')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent(browser, 'PATCH', `/api/dictionaries/${dictionary.id}`)).toHaveLength(0);
    expect((await stored(dictionary.id))?.examDate).toBe('2091-06-15');
  });

  it('counts the days left to the exam on the dictionary page', async () => {
    await browser.signIn();
    const dictionary = await createDictionary(server, browser, { name: 'Finals' });
    const cases: Array<[string, string]> = [
      [fromToday(9), `Exam on ${formatExamDate(fromToday(9), 'en', new Date())} — 9 days left`],
      [fromToday(1), `Exam on ${formatExamDate(fromToday(1), 'en', new Date())} — 1 day left`],
      [fromToday(0), `Exam on ${formatExamDate(fromToday(0), 'en', new Date())} — today`],
      ['2020-03-12', 'Exam was on March 12, 2020'],
    ];
    for (const [examDate, text] of cases) {
      await setExam(dictionary, examDate);
      await open(`/dictionaries/${dictionary.id}`, 'Finals');
      expect(await screen.findByTestId('dictionary-exam')).toHaveTextContent(text);
      cleanup();
    }
  });

  it('writes the date and the days left in the interface language', async () => {
    await browser.signIn();
    await server.api.as(browser.cookie()).call('updateMe', { body: { interfaceLanguage: 'uk' } });
    const dictionary = await createDictionary(server, browser, { name: 'Іспит' });
    await setExam(dictionary, '2020-03-12');
    await open(`/dictionaries/${dictionary.id}`, 'Іспит');
    expect(await screen.findByTestId('dictionary-exam')).toHaveTextContent('Іспит був 12 березня 2020 р.');

    await setExam(dictionary, fromToday(3));
    cleanup();
    await open(`/dictionaries/${dictionary.id}`, 'Іспит');
    expect(await screen.findByTestId('dictionary-exam')).toHaveTextContent(/— залишилося 3 дні$/);
  });
});
