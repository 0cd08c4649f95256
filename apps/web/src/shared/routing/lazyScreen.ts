import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded screen that can also be fetched ahead of its first render. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };

/**
 * `lazy(load)` plus `preload`: start-up fetches the first screen's chunk while the session is
 * being restored, instead of after (docs/performance.md, "Front end").
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  return Object.assign(lazy(load), { preload: load });
}
