import type { RouteRule } from './access';
import type { LazyScreen } from './lazyScreen';

/** One screen of the route table: a path, who may open it and its lazily loaded component. */
export interface AppRoute extends RouteRule {
  path: string;
  Screen: LazyScreen;
}
