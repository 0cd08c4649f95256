// The one version of the app is the root package.json's (docs/decisions/0082-releases.md). A named
// import of a JSON file: the bundlers (tsup for the server, Vite for the web) inline this one
// string, not the whole file, so the server's health answer, the OpenAPI document, the start-up
// banner and the web footer all name the version the build was made from.
import { version } from '../../../package.json';

/** The app's version (semver), from the root package.json. */
export const APP_VERSION: string = version;

/**
 * The project's public repository (package.json "repository"): where the source of an unmodified
 * copy is. SOURCE_URL overrides it; a fork's operator must (AGPL-3.0 §13).
 */
export const DEFAULT_SOURCE_URL = 'https://github.com/wordhoard/wordhoard';
