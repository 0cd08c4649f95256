import type { FastifyInstance } from 'fastify';
import { exportFileName, toDelimited } from '@wordhoard/shared';
import { currentCaller, currentSession } from '../../http/access';
import { asAttachment } from '../../http/attachment';
import { route } from '../../http/route';
import type { DictionariesService } from './dictionaries.service';

export function registerDictionariesRoutes(
  app: FastifyInstance,
  deps: { dictionaries: DictionariesService },
): void {
  const { dictionaries } = deps;
  const owner = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  route(app, 'listDictionaries', ({ request, query }) => dictionaries.list(currentCaller(request), query));
  route(app, 'createDictionary', ({ request, body }) => dictionaries.create(owner(request), body));
  route(app, 'getDictionary', ({ request, params, query }) =>
    dictionaries.get(currentCaller(request), params.id, query),
  );
  route(app, 'updateDictionary', ({ request, params, body }) =>
    dictionaries.update(owner(request), params.id, body),
  );
  route(app, 'deleteDictionary', async ({ request, params }) => {
    await dictionaries.delete(owner(request), params.id);
    return null;
  });
  route(app, 'importDictionary', ({ request, body }) => dictionaries.importDictionary(owner(request), body));
  route(app, 'importWords', ({ request, params, body }) =>
    dictionaries.importWords(owner(request), params.id, body.words),
  );
  route(app, 'exportDictionary', async ({ request, params, query, reply }) => {
    const exported = await dictionaries.export(owner(request), params.id);
    const { name, words } = exported.dictionary;
    if (query.format === 'csv') {
      asAttachment(reply, exportFileName(name, 'csv'), 'text/csv; charset=utf-8');
      // The byte order mark makes spreadsheet apps read the file as UTF-8.
      return `\uFEFF${toDelimited(words)}`;
    }
    asAttachment(reply, exportFileName(name, 'json'), 'application/json; charset=utf-8');
    return exported;
  });
  route(app, 'getWord', ({ request, params }) =>
    dictionaries.getWord(owner(request), params.id, params.wordId),
  );
}
