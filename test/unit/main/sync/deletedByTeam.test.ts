import { describe, expect, it } from 'vitest'
import { copiesToDelete, goneFromTeam, type GalleryCopy } from '../../../../src/main/sync/deletedByTeam'

const sha = (c: string): string => c.repeat(64)

describe('what a sync deletes here when the team deleted an image', () => {
  it('finds the linked team images the merged state no longer holds, and only those', () => {
    expect(goneFromTeam([sha('a'), sha('b'), sha('c')], new Set([sha('b')]))).toEqual([sha('a'), sha('c')])
    expect(goneFromTeam([sha('a')], new Set([sha('a'), sha('d')]))).toEqual([])
    // An image the team holds that was never linked here is a sync's to bring in, not to delete.
    expect(goneFromTeam([], new Set([sha('a')]))).toEqual([])
  })

  it('deletes a copy brought in from a team, never an image made or imported here', () => {
    const copies: GalleryCopy[] = [
      { resultId: 'from-team', sha256: sha('a'), broughtFrom: 'studio' },
      { resultId: 'made-here', sha256: sha('b'), broughtFrom: null },
      { resultId: 'from-other-team', sha256: sha('c'), broughtFrom: 'agency' }
    ]
    expect(copiesToDelete(copies, new Set())).toEqual(['from-team', 'from-other-team'])
  })

  it('keeps a copy another location this gallery syncs with still holds', () => {
    const copies: GalleryCopy[] = [
      { resultId: 'both', sha256: sha('a'), broughtFrom: 'studio' },
      { resultId: 'only-here', sha256: sha('b'), broughtFrom: 'studio' }
    ]
    expect(copiesToDelete(copies, new Set([sha('a')]))).toEqual(['only-here'])
  })

  it('deletes every copy of the same bytes that came from a team, and keeps the own one beside them', () => {
    const copies: GalleryCopy[] = [
      { resultId: 'copy-1', sha256: sha('a'), broughtFrom: 'studio' },
      { resultId: 'own', sha256: sha('a'), broughtFrom: null }
    ]
    expect(copiesToDelete(copies, new Set())).toEqual(['copy-1'])
  })
})
