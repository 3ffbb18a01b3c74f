import { statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadHostAddress, saveHostAddress } from '../../../../src/main/web/address'
import { makeTempDir } from '../../../helpers/tempDir'

describe('the web host keeps its address per data folder (issue 15)', () => {
  let temp: ReturnType<typeof makeTempDir>
  beforeEach(() => {
    temp = makeTempDir()
  })
  afterEach(() => temp.cleanup())

  it('makes a random token at first, then gives back the same port and token after a restart', () => {
    const first = loadHostAddress(temp.dir)
    expect(first.port).toBeNull()
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    saveHostAddress(temp.dir, { port: 43210, token: first.token })
    expect(statSync(join(temp.dir, 'web-host.json')).mode & 0o777).toBe(0o600)
    expect(loadHostAddress(temp.dir)).toEqual({ port: 43210, token: first.token })
  })

  it('--new-token replaces the token; a damaged file starts over', () => {
    saveHostAddress(temp.dir, { port: 43210, token: 'a'.repeat(43) })
    expect(loadHostAddress(temp.dir, true).token).not.toBe('a'.repeat(43))
    writeFileSync(join(temp.dir, 'web-host.json'), '{"port": "x", "token": 1}')
    expect(loadHostAddress(temp.dir)).toMatchObject({ port: null })
    writeFileSync(join(temp.dir, 'web-host.json'), 'not json')
    expect(loadHostAddress(temp.dir).token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
