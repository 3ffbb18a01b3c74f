import { describe, expect, it } from 'vitest'
import { checkBaseUrl } from '../../../../src/shared/gateway/baseUrl'
import { defaultFieldMap, ExtraFields, FieldMap } from '../../../../src/shared/gateway/fieldMap'

describe('field map', () => {
  it('defaults to the names docs/GATEWAY.md gives as defaults', () => {
    expect(defaultFieldMap()).toEqual({
      imagesV2: { size: 'size', resolution: 'resolution', referenceImages: 'image_urls' },
      imagesV3: { moderation: 'moderation', compression: 'output_compression' },
      partnerB: { count: 'n', size: 'size', seed: 'seed', watermark: 'watermark', referenceImages: 'image' },
      video: { queryPath: '/v1/videos/generations/{id}', resultUrlPath: 'result.video_url' }
    })
  })

  it('fills the rest when one name is overridden', () => {
    const map = FieldMap.parse({ imagesV2: { size: 'aspect_ratio' } })
    expect(map.imagesV2).toEqual({
      size: 'aspect_ratio',
      resolution: 'resolution',
      referenceImages: 'image_urls'
    })
    expect(map.partnerB.count).toBe('n')
  })

  it('refuses empty names, paths without {id} and odd result paths', () => {
    expect(FieldMap.safeParse({ partnerB: { seed: '' } }).success).toBe(false)
    expect(FieldMap.safeParse({ video: { queryPath: '/v1/videos' } }).success).toBe(false)
    expect(FieldMap.safeParse({ video: { queryPath: 'v1/videos/{id}' } }).success).toBe(false)
    expect(FieldMap.safeParse({ video: { resultUrlPath: 'result..url' } }).success).toBe(false)
    expect(FieldMap.safeParse({ video: { resultUrlPath: 'result.videos[0].url' } }).success).toBe(true)
    expect(
      FieldMap.safeParse({ video: { cancel: { method: 'POST', path: '/v1/videos/{id}/cancel' } } }).success
    ).toBe(true)
  })

  it('extras are per open endpoint; v3 has none', () => {
    expect(
      ExtraFields.safeParse({ partnerA: { watermark: false, tools: [{ type: 'web_search' }] } }).success
    ).toBe(true)
    expect(ExtraFields.safeParse({ imagesV3: { quality: 'high' } }).success).toBe(false)
  })
})

describe('base URL [P29]', () => {
  it('takes https and strips the trailing slash', () => {
    expect(checkBaseUrl('https://gw.example.com/t/acme/', { allowLoopbackHttp: false })).toEqual({
      ok: true,
      baseUrl: 'https://gw.example.com/t/acme'
    })
  })

  it.each([
    'http://gw.example.com',
    'ftp://gw.example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://user:pw@gw.example.com',
    'https://gw.example.com/?x=1',
    'gw.example.com',
    'http://127.0.0.1.example.com'
  ])('refuses %s', (url) => {
    expect(checkBaseUrl(url, { allowLoopbackHttp: true }).ok).toBe(false)
  })

  it('allows http on loopback only with the dev flag', () => {
    expect(checkBaseUrl('http://127.0.0.1:8080', { allowLoopbackHttp: true }).ok).toBe(true)
    expect(checkBaseUrl('http://localhost:8080', { allowLoopbackHttp: true }).ok).toBe(true)
    expect(checkBaseUrl('http://127.0.0.1:8080', { allowLoopbackHttp: false }).ok).toBe(false)
  })
})
