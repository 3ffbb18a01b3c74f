/**
 * Where the backend's messages go: a shell may pass one to `createBackend` (the web host's CLI writes to
 * the terminal); the composition root hands modules an `onError` built on it. It lives here rather than in
 * `backend.ts` so that no module has to import the composition root.
 */
export interface Logger {
  info(message: string): void
  error(message: string, error?: unknown): void
}
