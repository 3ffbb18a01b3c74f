import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { Protocol } from 'electron'
import {
  appProtocolHandler,
  mediaProtocolHandler,
  registerSchemes
} from '../../../../src/main/electron/protocol'
import { ELECTRON_CSP } from '../../../../src/main/security/csp'
import { makeTempDir } from '../../../helpers/tempDir'

const temp = makeTempDir()
const rendererDir = join(temp.dir, 'renderer')
mkdirSync(join(rendererDir, 'assets'), { recursive: true })
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>ok</title>')
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
writeFileSync(join(temp.dir, 'secret.txt'), 'TOP SECRET')

describe('custom protocols (P7)', () => {
  afterAll(() => temp.cleanup())

  it('registers app and studio-media as secure standard schemes', () => {
    const register = vi.fn()
    registerSchemes({ registerSchemesAsPrivileged: register } as unknown as Protocol)
    const schemes = (
      register.mock.calls[0]?.[0] as { scheme: string; privileges: { secure: boolean } }[]
    ).map((entry) => [entry.scheme, entry.privileges.secure])
    expect(schemes).toEqual([
      ['app', true],
      ['studio-media', true]
    ])
  })

  it('serves the UI with the CSP header', async () => {
    const handler = appProtocolHandler(rendererDir)
    const response = await handler(new Request('app://app/index.html'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe(ELECTRON_CSP)
    expect(await response.text()).toContain('<title>ok</title>')
    expect((await handler(new Request('app://app/assets/app.js'))).headers.get('content-type')).toMatch(
      /javascript/
    )
  })

  it('never serves a byte outside the renderer folder', async () => {
    const handler = appProtocolHandler(rendererDir)
    const vectors = [
      'app://app/../secret.txt',
      'app://app/%2e%2e/secret.txt',
      'app://app/%2e%2e%2fsecret.txt',
      'app://app/assets/..%2f..%2fsecret.txt',
      'app://app/..%5csecret.txt',
      'app://app/%00',
      'app://other/index.html'
    ]
    for (const url of vectors) {
      const response = await handler(new Request(url))
      const body = await response.text()
      expect(body, url).not.toContain('TOP SECRET')
      expect([400, 404], url).toContain(response.status)
    }
  })

  it('serves media only by a well-formed id the backend knows', async () => {
    const resolveMedia = vi.fn((id: string) =>
      Promise.resolve(id === 'abc123' ? { file: join(rendererDir, 'index.html'), mime: 'image/png' } : null)
    )
    const fetchFile = vi.fn(() => Promise.resolve(new Response('bytes', { status: 200 })))
    const handler = mediaProtocolHandler(resolveMedia, fetchFile)
    const ok = await handler(new Request('studio-media://abc123'))
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('image/png')
    expect((await handler(new Request('studio-media://unknown'))).status).toBe(404)
    expect((await handler(new Request('studio-media://a.b'))).status).toBe(400)
    expect(fetchFile).toHaveBeenCalledTimes(1)
  })
})
