import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

export interface S3Process {
  endpoint: string
  /** s3rver's only account: it checks the access key ID, never the secret. */
  credentials: { accessKeyId: string; secretAccessKey: string }
  stop(): Promise<void>
}

const root = resolve(__dirname, '..', '..', '..')

/** A real S3 server (`startS3Server` of test/helpers/s3Server.ts) with these buckets, in its own process. */
export async function startS3Process(buckets: string[]): Promise<S3Process> {
  // Node itself with tsx as a loader: a signal reaches the server, not a wrapper that leaves it behind.
  // s3rver makes a listing's continuation token with DES, which OpenSSL 3 keeps in its legacy provider:
  // without it every listing of more than 1,000 keys (one with a next page) failed with InternalError.
  const args = ['--openssl-legacy-provider', '--import', 'tsx', 'test/e2e/support/s3Main.ts', ...buckets]
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe']
  })
  let output = ''
  const info = await new Promise<Omit<S3Process, 'stop'>>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 30_000)
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'))
      if (line && output.includes('\n', output.indexOf(line))) {
        clearTimeout(timer)
        resolvePromise(JSON.parse(line) as Omit<S3Process, 'stop'>)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`s3rver exited with ${code}:\n${output}`))
    })
  })
  return {
    ...info,
    stop: () =>
      new Promise((resolvePromise) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolvePromise()
        child.once('exit', () => resolvePromise())
        child.kill('SIGTERM')
      })
  }
}
