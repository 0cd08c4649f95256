import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TranslateService } from './translate.service';

export function registerTranslateRoutes(app: FastifyInstance, deps: { translate: TranslateService }): void {
  route(app, 'translate', async ({ params, query }) => ({
    translations: await deps.translate.translate(params.word, query.fromLanguage, query.toLanguage),
  }));
  route(app, 'translationLanguages', async () => ({ pairs: await deps.translate.pairs() }));
}
