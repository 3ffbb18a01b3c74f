import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addonAbi, addonAbiOfFile } from '../../../../scripts/electron/abi'

const bytes = (text: string): Uint8Array => Buffer.from(`\u0000\u007fELF${text}\u0000tail`, 'latin1')

describe('addon ABI read from the compiled file', () => {
  it('reads the ABI from the registration symbol, with or without the macOS underscore', () => {
    expect(addonAbi(bytes('\u0000node_register_module_v150\u0000'))).toBe(150)
    expect(addonAbi(bytes('\u0000_node_register_module_v115\u0000'))).toBe(115)
    // The symbol appears twice in a real build (symbol table and dynamic symbols): same ABI, one answer.
    expect(addonAbi(bytes('node_register_module_v150\u0000node_register_module_v150'))).toBe(150)
  })

  it('answers null for no symbol (N-API or not an addon) and for contradicting symbols', () => {
    expect(addonAbi(bytes('napi_register_module_v1'))).toBeNull()
    expect(addonAbi(bytes('node_register_module_v115\u0000node_register_module_v150'))).toBeNull()
    expect(addonAbiOfFile(join(tmpdir(), 'gs-no-such-addon.node'))).toBeNull()
  })

  it("reads the Node ABI out of the project's own better-sqlite3 build (the one tests load)", () => {
    const require = createRequire(import.meta.url)
    const built = join(
      require.resolve('better-sqlite3/package.json'),
      '..',
      'build',
      'Release',
      'better_sqlite3.node'
    )
    expect(addonAbiOfFile(built)).toBe(Number(process.versions.modules))
  })

  it('reads a file on disk', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gs-abi-')), 'x.node')
    writeFileSync(file, bytes('node_register_module_v150'))
    expect(addonAbiOfFile(file)).toBe(150)
  })
})
