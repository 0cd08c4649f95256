import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteRule } from './access';

/** One screen of the route table: a path, who may open it and its lazily loaded component. */
export interface AppRoute extends RouteRule {
  path: string;
  Screen: LazyExoticComponent<ComponentType>;
}
