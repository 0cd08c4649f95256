import type { FastifyInstance } from 'fastify';
import { currentSession } from '../../http/access';
import { route } from '../../http/route';
import type { DictionariesService } from './dictionaries.service';

export function registerDictionariesRoutes(
  app: FastifyInstance,
  deps: { dictionaries: DictionariesService },
): void {
  const { dictionaries } = deps;
  const owner = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  route(app, 'listDictionaries', ({ request, query }) => dictionaries.list(owner(request), query));
  route(app, 'createDictionary', ({ request, body }) => dictionaries.create(owner(request), body));
  route(app, 'getDictionary', ({ request, params, query }) =>
    dictionaries.get(owner(request), params.id, query),
  );
  route(app, 'updateDictionary', ({ request, params, body }) =>
    dictionaries.update(owner(request), params.id, body),
  );
  route(app, 'deleteDictionary', async ({ request, params }) => {
    await dictionaries.delete(owner(request), params.id);
    return null;
  });
  route(app, 'getWord', ({ request, params }) =>
    dictionaries.getWord(owner(request), params.id, params.wordId),
  );
}
