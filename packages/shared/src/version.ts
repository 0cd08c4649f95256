// The one version of the app is the root package.json's (docs/decisions/0082-releases.md). A named
// import of a JSON file: the bundlers (tsup for the server, Vite for the web) inline this one
// string, not the whole file, so the server's health answer, the OpenAPI document, the start-up
// banner and the web footer all name the version the build was made from.
import { version } from '../../../package.json';

/** The app's version (semver), from the root package.json. */
export const APP_VERSION: string = version;
