import { afterEach, describe, expect, it } from 'vitest'
import { addInputs, keepVersion, MAX_INPUTS, moveInput } from '@renderer/features/edit/chain'
import { loadSession, saveSession } from '@renderer/features/edit/session'

const id = (n: number): string => n.toString(16).padStart(32, '0')
const version = (n: number): { mediaId: string; width: number; height: number } => ({
  mediaId: id(n),
  width: 40,
  height: 30
})

describe('edit chain and inputs', () => {
  it('adds inputs once each, up to one less than the endpoint’s 16 images', () => {
    expect(MAX_INPUTS).toBe(15)
    const some = addInputs([], [{ mediaId: id(1) }, { mediaId: id(2) }, { mediaId: id(1) }])
    expect(some.map((input) => input.mediaId)).toEqual([id(1), id(2)])
    const many = addInputs(
      some,
      Array.from({ length: 20 }, (_, i) => ({ mediaId: id(i + 3) }))
    )
    expect(many).toHaveLength(15)
    expect(many[14]?.mediaId).toBe(id(15))
  })

  it('moves an input one place either way and leaves the ends alone', () => {
    const inputs = [{ mediaId: id(1) }, { mediaId: id(2) }, { mediaId: id(3) }]
    expect(moveInput(inputs, 0, 1).map((input) => input.mediaId)).toEqual([id(2), id(1), id(3)])
    expect(moveInput(inputs, 2, -1).map((input) => input.mediaId)).toEqual([id(1), id(3), id(2)])
    expect(moveInput(inputs, 0, -1)).toBe(inputs)
    expect(moveInput(inputs, 2, 1)).toBe(inputs)
  })

  it('keeps a result after the base, dropping versions left behind by stepping back', () => {
    const chain = [version(1), version(2), version(3)]
    expect(keepVersion(chain, 2, version(4))).toEqual({ chain: [...chain, version(4)], base: 3 })
    expect(keepVersion(chain, 0, version(5))).toEqual({ chain: [version(1), version(5)], base: 1 })
  })
})

describe('edit session across a reload', () => {
  afterEach(() => localStorage.clear())

  it('reads back what it saved, and forgets an empty chain', () => {
    const session = {
      chain: [version(1), version(2)],
      base: 1,
      inputs: [{ mediaId: id(9) }],
      mode: 'whole' as const,
      awaiting: null
    }
    saveSession(session)
    expect(loadSession()).toEqual(session)
    saveSession({ ...session, chain: [], base: 0 })
    expect(loadSession()).toBeNull()
  })

  it('refuses what does not read back as a session: broken JSON, a base past the chain, a bad size', () => {
    const key = 'gateway-studio.edit.session'
    localStorage.setItem(key, '{not json')
    expect(loadSession()).toBeNull()
    const good = { chain: [version(1)], base: 0, inputs: [], mode: 'painted', awaiting: 'job-1' }
    localStorage.setItem(key, JSON.stringify(good))
    expect(loadSession()).toEqual(good)
    localStorage.setItem(key, JSON.stringify({ ...good, base: 1 }))
    expect(loadSession()).toBeNull()
    localStorage.setItem(key, JSON.stringify({ ...good, chain: [{ ...version(1), width: 0 }] }))
    expect(loadSession()).toBeNull()
  })
})
