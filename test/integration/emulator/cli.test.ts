import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { describe, expect, it } from 'vitest'

const CLI = join(process.cwd(), 'src', 'emulator', 'cli.ts')

interface Summary {
  origin: string
  tenants: Record<string, string>
  keys: { key: string; tenant: string; role: string }[]
  models: { id: string; supported_endpoints: string[]; billing_unit: string }[]
}

describe('npm run emulator', () => {
  it('prints one JSON line with tenants, keys and models, serves, and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--timing', 'fast'], {
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const lines = createInterface({ input: child.stdout })
    const [first] = (await once(lines, 'line')) as [string]
    const summary = JSON.parse(first) as Summary
    expect(summary.tenants.acme).toBe(`${summary.origin}/t/acme`)
    expect(summary.keys.map((k) => k.role)).toEqual(['ordinary', 'noPermission', 'noBalance', 'otherTenant'])
    expect(summary.models.map((m) => m.id)).toContain('seedream-stream')
    const ordinary = summary.keys[0]?.key ?? ''
    const res = await fetch(`${summary.tenants.acme}/v1/models`, {
      headers: { authorization: `Bearer ${ordinary}` }
    })
    expect(res.status).toBe(200)
    child.kill('SIGTERM')
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(0)
  })

  it('refuses a bad config file with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-cli-'))
    const file = join(dir, 'bad.json')
    writeFileSync(
      file,
      JSON.stringify({ tenants: [{ id: 'acme' }], models: [], keys: [{ key: 'short', tenant: 'nope' }] })
    )
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--config', file], {
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(2)
    expect(stderr).toContain('is invalid')
    expect(stderr).toMatch(/keys\[0\]\.tenant|models/)
  })
})
