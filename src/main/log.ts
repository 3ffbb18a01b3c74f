/**
 * Where the backend's messages go: a shell may pass one to `createBackend` (the web host's CLI writes to
 * the terminal), and command handlers reach it as `ServiceContext.logger`. It lives here rather than in
 * `backend.ts` so that no module has to import the composition root that builds it.
 */
export interface Logger {
  info(message: string): void
  error(message: string, error?: unknown): void
}
