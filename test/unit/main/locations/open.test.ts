import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '..', '..', '..', '..')

/** What a file imports at load time: `import … from`, `export … from` and bare `import '…'`, not types. */
function loadTimeImports(source: string): string[] {
  const found: string[] = []
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm
  for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1])
  return found
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (candidate.endsWith('.ts') || candidate.endsWith('.tsx')) if (existsSync(candidate)) return candidate
  return null
}

/** Every file and package a start loads before anything runs: the static import graph from `entry`. */
function loadedAtStart(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const pending = [join(root, entry)]
  while (pending.length > 0) {
    const file = pending.pop() as string
    if (files.has(file)) continue
    files.add(file)
    for (const spec of loadTimeImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) {
        const local = resolveLocal(file, spec)
        if (local) pending.push(local)
      } else if (!spec.startsWith('node:')) packages.add(spec)
    }
  }
  return { files: new Set([...files].map((file) => relative(root, file))), packages }
}

describe('opening a location', () => {
  it.each(['src/main/web/cli.ts', 'src/main/index.ts'])(
    'loads the S3 and WebDAV clients only when such a location is opened, not at the start of %s',
    (entry) => {
      const { files, packages } = loadedAtStart(entry)
      // The walk reaches the backend and the file that opens locations: it is not an empty graph.
      expect(files).toContain('src/main/backend.ts')
      expect(files).toContain('src/main/locations/open.ts')
      expect(packages).toContain('better-sqlite3')
      expect(
        [...files].filter((file) => /locations\/(s3Store|webdavStore|s3Multipart)\.ts$/.test(file))
      ).toEqual([])
      expect([...packages].filter((name) => name.startsWith('@aws-sdk/') || name === 'webdav')).toEqual([])
    }
  )
})
