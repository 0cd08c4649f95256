// Translation suggestions while a word is written. Served by features/translate.
import {
  translateParamsSchema,
  translateQuerySchema,
  translationLanguagesSchema,
  translationSchema,
} from '../schemas/translate';
import { endpoint, type Endpoint } from './endpoint';

export const translateEndpoints = {
  translate: endpoint({
    method: 'GET',
    path: '/translate/:word',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Suggest translations of a word',
    params: translateParamsSchema,
    query: translateQuerySchema,
    status: 200,
    response: translationSchema,
  }),
  translationLanguages: endpoint({
    method: 'GET',
    path: '/translation-languages',
    access: 'member',
    tag: 'dictionaries',
    summary: 'The language pairs translation suggestions are offered for',
    status: 200,
    response: translationLanguagesSchema,
  }),
} as const satisfies Record<string, Endpoint>;
