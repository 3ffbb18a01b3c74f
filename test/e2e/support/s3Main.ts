import { startS3Server } from '../../helpers/s3Server'

/**
 * `startS3Server` in a process of its own, for the e2e specs: Playwright's loader cannot take the helper's
 * `import.meta` (the suite is CommonJS), tsx can. Prints one JSON line once it listens; stops on SIGTERM,
 * or when the spec that started it goes (its stdin closes).
 */
void startS3Server({ buckets: process.argv.slice(2) }).then((server) => {
  const stop = (): void => void server.stop().then(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.stdin.once('end', stop)
  process.stdin.resume()
  console.log(JSON.stringify({ endpoint: server.endpoint, credentials: server.credentials }))
})
