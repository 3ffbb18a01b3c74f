import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, statSync, utimesSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(__dirname, '..', '..', '..')
// Inside the project, as out/web is: the bundle finds its packages in node_modules from where it lies.
const folder = join(root, 'out', `web-test-${process.pid}`)
afterAll(() => rmSync(folder, { recursive: true, force: true }))
const bundle = join(folder, 'cli.cjs')

/** `npm run web -- <args>` as package.json runs it, building into this test's own folder. */
function launch(
  args: string[],
  env: NodeJS.ProcessEnv = {}
): { status: number | null; out: string; err: string } {
  const run = spawnSync(process.execPath, ['scripts/web/launch.mjs', ...args], {
    cwd: root,
    env: { ...process.env, GS_WEB_BUNDLE: bundle, ...env },
    encoding: 'utf8',
    timeout: 60_000
  })
  return { status: run.status, out: run.stdout, err: run.stderr }
}

describe('npm run web', () => {
  it('is the launcher, which runs the web host from one bundled file', () => {
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts
    expect(scripts.web).toBe('node scripts/web/launch.mjs')
  })

  it('builds the bundle on first run, reuses it, and builds again when the sources are newer', () => {
    const first = launch(['--help'])
    expect(first.status).toBe(0)
    expect(first.err).toContain('Building the web host...')
    // The web host's own command line, from the bundle.
    expect(first.out).toContain('Usage: npm run web -- [--port N] [--data-dir DIR]')
    const built = statSync(bundle).mtimeMs
    expect(readFileSync(bundle, 'utf8')).toMatch(/\/\/# sourceMappingURL=cli\.cjs\.map\s*$/)
    expect(statSync(`${bundle}.map`).isFile()).toBe(true)

    const again = launch(['--help'])
    expect(again.status).toBe(0)
    expect(again.err).not.toContain('Building')
    expect(statSync(bundle).mtimeMs).toBe(built)

    // As if every source had been edited after the build.
    utimesSync(bundle, new Date(0), new Date(0))
    const changed = launch(['--help'])
    expect(changed.status).toBe(0)
    expect(changed.err).toContain('Building the web host (its sources changed)...')
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(0)
  })

  it('says what is wrong with an argument, as the web host does, with the usage', () => {
    const wrong = launch(['--port', 'eighty'])
    expect(wrong.status).toBe(2)
    expect(wrong.err).toContain('--port must be a whole number 0-65535, got "eighty"')
    expect(wrong.err).toContain('Usage: npm run web')
  })

  it('leaves the S3 and WebDAV clients out of the start: they load when such a location is opened', () => {
    if (!statSync(bundle, { throwIfNoEntry: false })) launch(['--help'])
    const text = readFileSync(bundle, 'utf8')
    // Every require of theirs sits inside a module initialised on first use (indented), none at the top.
    const topLevel = text
      .split('\n')
      .filter((line) => /^var \w+ = (?:__toESM\()?require\("(@aws-sdk\/[\w-]+|webdav)"\)/.test(line))
    expect(topLevel).toEqual([])
    expect(text).toMatch(/^\s+import_client_s3\w* = require\("@aws-sdk\/client-s3"\)/m)
  })
})
