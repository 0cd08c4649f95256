import type { TesterOptions } from '@wordhoard/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { makeDictionary, rememberTest, serveTestingApi, type FakeTestingApi } from '../test/fakeTestingApi';

// Each screen is a lazily loaded route chunk; on a busy machine the first load takes a while.
configure({ asyncUtilTimeout: 4000 });

describe('test report screen', { timeout: 20_000 }, () => {
  let server: TestServer;
  let api: FakeTestingApi;
  const user = makeUser();
  const dictionary = makeDictionary({ fromLanguage: 'en', toLanguage: 'de' });
  const words = [
    { term: 'house', definitions: ['Haus', 'Gebäude'] },
    { term: 'cat', definitions: ['Katze'] },
    { term: 'dog', definitions: ['Hund'] },
  ];
  const options: TesterOptions = {
    dictionaryId: dictionary.id,
    swap: false,
    range: { type: 'date', period: 'last3Days' },
  };

  beforeEach(async () => {
    server = await startTestServer();
    api = serveTestingApi(server, {
      user,
      dictionaries: [dictionary],
      words: { [dictionary.id]: words },
      testsLeft: 2,
    });
    api.finishTest([
      { ...words[0]!, result: 'correct', answers: ['Haus', 'Gebäude'] },
      { ...words[1]!, result: 'wrong', answers: ['Hund', 'Katze'] },
      { ...words[2]!, result: 'skipped', answers: [] },
    ]);
  });

  afterEach(async () => {
    window.sessionStorage.clear();
    await server.close();
  });

  const open = () => renderApp({ path: '/testing/finish', apiUrl: server.apiUrl });

  it('shows the totals and every word with its definitions, what was typed and the result', async () => {
    rememberTest(user, options);
    await open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Test report' })).toBeInTheDocument();
    expect(await screen.findByText('You got 1 of 3 words right.')).toBeInTheDocument();
    expect(screen.getByTestId('report-total')).toHaveTextContent('3');
    expect(screen.getByTestId('report-correct')).toHaveTextContent('1');
    expect(screen.getByTestId('report-wrong')).toHaveTextContent('1');
    expect(screen.getByTestId('report-skipped')).toHaveTextContent('1');
    expect(screen.getByTestId('report-correct')).toHaveClass('tabular');

    const items = screen.getAllByTestId('report-item');
    expect(items).toHaveLength(3);
    const [house, cat, dog] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(house).getByRole('heading', { level: 3, name: 'house' })).toHaveAttribute('lang', 'en');
    expect(
      within(house)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Haus', 'Gebäude']);
    expect(house).toHaveTextContent('You typedHaus, Gebäude');
    expect(house).toHaveTextContent('Correct');
    expect(cat).toHaveTextContent('You typedHund, Katze');
    expect(cat).toHaveTextContent('Wrong');
    expect(dog).toHaveTextContent('Nothing typed');
    expect(dog).toHaveTextContent('Skipped');
    await waitFor(() =>
      expect(screen.getByTestId('finish-announcer')).toHaveTextContent(
        'Test finished. Correct: 1, wrong: 1, skipped: 1.',
      ),
    );
  });

  it('tries again with the same options: a new test, then the runner', async () => {
    rememberTest(user, options);
    const { user: person, router } = await open();

    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveFocus();
    expect(tryAgain).toHaveAccessibleDescription(
      'Starts a new test with the same options. Tests left today: 2',
    );
    await person.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
    expect(api.created).toEqual([options]);
    expect(await screen.findByText('Word 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('house')).toBeInTheDocument();
    expect(screen.getByText('Tests left today: 1')).toBeInTheDocument();
  });

  it('offers only a new test when this tab does not know the options', async () => {
    await open();

    const newTest = await screen.findByRole('link', { name: 'New test' });
    expect(newTest).toHaveAttribute('href', '/createTester');
    expect(newTest).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('disables try again at 0 attempts with the message', async () => {
    rememberTest(user, options);
    api.testsLeft = 0;
    await open();

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.getByText('The maximum testing attempts for today is reached')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New test' })).toHaveFocus();
  });

  it('explains a refused try again (attempts used elsewhere) and moves the focus on', async () => {
    rememberTest(user, options);
    const { user: person, router } = await open();
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    api.testsLeft = 0;

    await person.click(tryAgain);

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('The maximum testing attempts for today is reached'));
    expect(tryAgain).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('link', { name: 'New test' })).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/testing/finish');
  });

  it('goes back to the runner while the test is still going', async () => {
    api.startTest(words);
    const { router } = await open();

    await waitFor(() => expect(router.state.location.pathname).toBe('/testing'));
  });
});
