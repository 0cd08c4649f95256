import type { FastifyInstance } from 'fastify';
import { accountExportSchema } from '@wordhoard/shared';
import { asAttachment } from '../../http/attachment';
import { route } from '../../http/route';
import { jsonBody } from '../../http/streamed-body';
import type { AccountExportService } from './account-export';

export function registerPortabilityRoutes(
  app: FastifyInstance,
  deps: { accountExport: AccountExportService },
): void {
  route(app, 'exportMe', async ({ caller, reply }) => {
    const exported = await deps.accountExport.export(caller);
    asAttachment(
      reply,
      `wordhoard-${exported.exportedAt.slice(0, 10)}.json`,
      'application/json; charset=utf-8',
    );
    return jsonBody(accountExportSchema, exported);
  });
}
