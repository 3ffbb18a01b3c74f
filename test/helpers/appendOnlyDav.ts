import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { makeTempDir } from './tempDir'

export const APACHE = '/usr/sbin/apache2'
const MODULES = '/usr/lib/apache2/modules'

export interface AppendOnlyDav {
  /** The served folder's address (ends in `/`). */
  url: string
  credentials: { username: string; password: string }
  /** The served folder on this machine. */
  dir: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))
      )
    })
  })
}

/**
 * A real WebDAV server whose user may only add: Debian's Apache with mod_dav, configured so that this
 * user's DELETE, a PUT onto a file that exists and a MOVE that may overwrite are refused (403). It is what
 * a team admin gives a designer who should never be able to destroy the team's files, and what "a
 * normal sync needs no permission to overwrite or delete" (RELIABILITY P42) is tested against. Runs as
 * `www-data` in the foreground, in a temp folder named `gs-dav-append-*`.
 */
export async function startAppendOnlyDav(): Promise<AppendOnlyDav> {
  const temp = makeTempDir('gs-dav-append-')
  const www = join(temp.dir, 'www')
  mkdirSync(www)
  const credentials = { username: 'designer', password: 'append-only-7c2e' }
  const made = spawnSync('htpasswd', [
    '-cbB',
    join(temp.dir, 'htpasswd'),
    credentials.username,
    credentials.password
  ])
  if (made.status !== 0) throw new Error(`htpasswd failed: ${made.stderr.toString()}`)
  const port = await freePort()
  const config = `
ServerRoot ${temp.dir}
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile ${temp.dir}/httpd.pid
ErrorLog ${temp.dir}/error.log
LogLevel warn
Mutex file:${temp.dir}
User www-data
Group www-data
LoadModule mpm_event_module ${MODULES}/mod_mpm_event.so
LoadModule authz_core_module ${MODULES}/mod_authz_core.so
LoadModule authn_core_module ${MODULES}/mod_authn_core.so
LoadModule authn_file_module ${MODULES}/mod_authn_file.so
LoadModule auth_basic_module ${MODULES}/mod_auth_basic.so
LoadModule authz_user_module ${MODULES}/mod_authz_user.so
LoadModule dav_module ${MODULES}/mod_dav.so
LoadModule dav_fs_module ${MODULES}/mod_dav_fs.so
DAVLockDB ${temp.dir}/DAVLock
DocumentRoot ${www}
<Directory ${www}>
  Dav On
  AuthType Basic
  AuthName "team library"
  AuthUserFile ${temp.dir}/htpasswd
  <RequireAll>
    Require valid-user
    Require expr "%{REQUEST_METHOD} != 'DELETE'"
    Require expr "!(%{REQUEST_METHOD} == 'PUT' && -f %{REQUEST_FILENAME})"
    Require expr "!(%{REQUEST_METHOD} == 'MOVE' && %{HTTP:Overwrite} != 'F')"
  </RequireAll>
</Directory>
`
  writeFileSync(join(temp.dir, 'httpd.conf'), config)
  // Apache drops to www-data: the folders it writes must be its own.
  for (const path of [temp.dir, www]) chownSync(path, 33, 33)
  const child: ChildProcess = spawn(APACHE, ['-f', join(temp.dir, 'httpd.conf'), '-DFOREGROUND'], {
    stdio: ['ignore', 'ignore', 'pipe']
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}/`
  for (let tries = 0; ; tries++) {
    try {
      const answer = await fetch(url, { method: 'OPTIONS' })
      await answer.arrayBuffer()
      break
    } catch {
      if (child.exitCode !== null || tries > 100) {
        let log = ''
        try {
          log = readFileSync(join(temp.dir, 'error.log'), 'utf8')
        } catch {
          // no log yet
        }
        temp.cleanup()
        throw new Error(`apache did not start: ${stderr} ${log}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    credentials,
    dir: www,
    stop: async () => {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000)
      await exited
      clearTimeout(timer)
      temp.cleanup()
    }
  }
}
