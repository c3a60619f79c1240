/** Replaced at build time by scripts/build.ts with the configured API base URL. */
declare const __API_BASE_URL__: string;
