/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The support address shown on /support; defaults to support@wordhoard.app. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
