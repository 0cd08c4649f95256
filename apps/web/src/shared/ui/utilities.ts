/** Global utility classes defined in styles/global.css. */
export const TABULAR_NUMS = 'tabular';
export const VISUALLY_HIDDEN = 'visually-hidden';
