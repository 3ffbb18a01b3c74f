import { describe, expect, it } from 'vitest'
import { Faults } from '../../../src/emulator/faults'

describe('Faults', () => {
  it('matches exact paths, one-segment wildcards and method prefixes', () => {
    const f = new Faults()
    f.always('GET /v2/images/generations/*', { status: 503 })
    expect(f.take('GET', '/v2/images/generations/imgtask_1')?.status).toBe(503)
    expect(f.take('POST', '/v2/images/generations/imgtask_1')).toBeUndefined()
    expect(f.take('GET', '/v2/images/generations')).toBeUndefined()
    expect(f.take('GET', '/v2/images/generations/a/b')).toBeUndefined()
    f.script('/v1/models', { status: 500 })
    expect(f.take('GET', '/v1/modelsX')).toBeUndefined()
    expect(f.take('POST', '/v1/models')?.status).toBe(500)
  })

  it('consumes steps in order, repeats `times`, keeps `always`', () => {
    const f = new Faults()
    f.script('/x', [{ status: 500, times: 2 }, { status: 429 }])
    expect(f.pending('/x')).toBe(3)
    expect([1, 2, 3, 4].map(() => f.take('GET', '/x')?.status)).toEqual([500, 500, 429, undefined])
    f.script('/x', [{ status: 503, always: true }, { status: 400 }])
    expect([1, 2, 3].map(() => f.take('GET', '/x')?.status)).toEqual([503, 503, 503])
    expect(f.pending()).toBe(2)
    f.clear('/x')
    expect(f.pending()).toBe(0)
  })

  it('rejects steps it does not know', () => {
    expect(() => new Faults().script('/x', { stauts: 500 } as never)).toThrow(/stauts/)
    expect(() => new Faults().script('/x', { split: 0 })).toThrow()
  })
})
