import type { FastifyInstance } from 'fastify';
import { dictionaryExportSchema, exportFileName, toDelimited } from '@wordhoard/shared';
import { asAttachment } from '../../http/attachment';
import { route } from '../../http/route';
import { bytesBody, jsonBody, textBody } from '../../http/streamed-body';
import type { AnkiService } from './anki.service';
import type { DictionariesService } from './dictionaries.service';

export function registerDictionariesRoutes(
  app: FastifyInstance,
  deps: { dictionaries: DictionariesService; anki: AnkiService },
): void {
  const { dictionaries, anki } = deps;

  route(app, 'listDictionaries', ({ caller, query }) => dictionaries.list(caller, query));
  route(app, 'createDictionary', ({ caller, body }) => dictionaries.create(caller, body));
  route(app, 'getDictionary', ({ caller, params, query }) => dictionaries.get(caller, params.id, query));
  route(app, 'updateDictionary', ({ caller, params, body }) => dictionaries.update(caller, params.id, body));
  route(app, 'deleteDictionary', async ({ caller, params }) => {
    await dictionaries.delete(caller, params.id);
    return null;
  });
  route(app, 'importDictionary', ({ caller, body }) => dictionaries.importDictionary(caller, body));
  route(app, 'importWords', ({ caller, params, body }) => dictionaries.importWords(caller, params.id, body));
  route(app, 'previewAnkiImport', ({ caller, params, upload }) => anki.preview(caller, params.id, upload));
  route(app, 'importAnki', ({ caller, params, upload }) => anki.import(caller, params.id, upload));
  route(app, 'exportDictionary', async ({ caller, params, query, reply }) => {
    // Every format is written while it is sent, a page of words at a time (decision 0076).
    if (query.format === 'apkg') {
      const { name, apkg } = await anki.export(caller, params.id);
      asAttachment(reply, exportFileName(name, 'apkg'), 'application/apkg');
      return bytesBody(apkg);
    }
    const exported = await dictionaries.export(caller, params.id);
    const { name, words } = exported.dictionary;
    if (query.format === 'csv') {
      asAttachment(reply, exportFileName(name, 'csv'), 'text/csv; charset=utf-8');
      return textBody(async function* () {
        // The byte order mark makes spreadsheet apps read the file as UTF-8.
        yield '\uFEFF';
        for await (const page of words.pages()) yield toDelimited(page);
      });
    }
    asAttachment(reply, exportFileName(name, 'json'), 'application/json; charset=utf-8');
    return jsonBody(dictionaryExportSchema, exported);
  });
  route(app, 'getWord', ({ caller, params }) => dictionaries.getWord(caller, params.id, params.wordId));
  route(app, 'suspendWord', ({ caller, params, body }) =>
    dictionaries.suspendWord(caller, params.id, params.wordId, body.suspended),
  );
}
