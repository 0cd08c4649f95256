export { ServiceProvider, useServices } from './ServiceProvider';
export type { Services } from './ServiceProvider';
