import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client';
import { createUser } from './fixtures';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the typed API test client', () => {
  it('sends each endpoint as the contract says and checks the answer against its schema', async () => {
    const user = await createUser(t.app);
    const api = apiClient(t.app).as(user.cookie);

    const me = await api.call('me');
    expect(me.statusCode).toBe(200);
    expect(me.data().email).toBe(user.email);

    const created = await api.call('createDictionary', {
      body: { name: 'Animals', fromLanguage: 'en', toLanguage: 'de' },
    });
    expect(created.statusCode).toBe(201);
    const dictionary = created.data();
    expect(dictionary).toMatchObject({ name: 'Animals', wordsCount: 0 });

    const page = await api.call('getDictionary', {
      params: { id: dictionary.id },
      query: { page: 1, search: undefined },
    });
    expect(page.data()).toMatchObject({ id: dictionary.id, page: 1, words: [] });
  });

  it('keeps error answers for assertions and refuses to read them as data', async () => {
    const user = await createUser(t.app);
    const missing = await apiClient(t.app, { cookie: user.cookie }).call('getDictionary', {
      params: { id: randomUUID() },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(() => missing.data()).toThrow(/answered 404/);

    const anonymous = await apiClient(t.app).call('me');
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a call without its path parameters', async () => {
    const user = await createUser(t.app);
    // The contract's path has :id; a call that forgets it must fail loudly, not hit another route.
    await expect(apiClient(t.app).as(user.cookie).call('getDictionary', {})).rejects.toThrow(
      /Missing path parameter "id"/,
    );
  });
});
