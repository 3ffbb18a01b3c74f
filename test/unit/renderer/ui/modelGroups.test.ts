import { describe, expect, it } from 'vitest'
import type { ModelView } from '@shared/schemas/profiles'
import {
  byProvider,
  filterGroups,
  flatOptions,
  groupModels,
  initialActive,
  moveActive
} from '@renderer/ui/modelGroups'

const model = (id: string, ownedBy: string | null, billingUnit: string | null = 'token'): ModelView => ({
  id,
  ownedBy,
  supportedEndpoints: ['/v1/chat/completions'],
  billingUnit
})

const listing = [
  model('zeta-10', 'studio'),
  model('wan-image', 'alibaba', 'image'),
  model('zeta-2', 'studio'),
  model('orphan', null, null),
  model('studio-offline', 'studio'),
  model('zeta-2', 'studio')
]

describe('the model picker groups, sorts and filters the listing (issue 14)', () => {
  it('groups by provider in name order, unnamed last, ids in natural order, refused ones after', () => {
    const groups = groupModels(listing, byProvider('Other'), new Map([['studio-offline', 'refused']]))
    expect(groups.map((g) => g.label)).toEqual(['alibaba', 'studio', 'Other'])
    expect(groups[1]?.options.map((o) => [o.model.id, o.disabledReason])).toEqual([
      ['zeta-2', null],
      ['zeta-10', null],
      ['studio-offline', 'refused']
    ])
    // A model listed twice appears once, so an option's id stays unique in the list.
    expect(flatOptions(groups).map((o) => o.model.id)).toHaveLength(5)
  })

  it('leaves out what the screen places nowhere, and orders groups by their order first', () => {
    const groups = groupModels(listing, (m) =>
      m.billingUnit === 'image'
        ? { key: 'img', label: 'Z images', order: 0 }
        : m.ownedBy === 'studio'
          ? { key: 'chat', label: 'A chat', order: 1 }
          : null
    )
    expect(groups.map((g) => g.key)).toEqual(['img', 'chat'])
    expect(flatOptions(groups).some((o) => o.model.id === 'orphan')).toBe(false)
  })

  it('finds every typed word in id, provider, heading or billing unit, in any case', () => {
    const groups = groupModels(listing, byProvider('Other'))
    const ids = (query: string): string[] => flatOptions(filterGroups(groups, query)).map((o) => o.model.id)
    expect(ids('ZETA 1')).toEqual(['zeta-10'])
    expect(ids('alibaba')).toEqual(['wan-image'])
    expect(ids('image')).toEqual(['wan-image'])
    expect(ids('other')).toEqual(['orphan'])
    expect(ids('studio offline')).toEqual(['studio-offline'])
    expect(ids('nothing-like-it')).toEqual([])
    expect(filterGroups(groups, 'zeta').map((g) => g.label)).toEqual(['studio'])
    expect(ids('   ')).toHaveLength(5)
  })

  it('moves with the arrows without passing either end, and opens on the chosen or first pickable', () => {
    expect(moveActive(3, -1, 1)).toBe(0)
    expect(moveActive(3, -1, -1)).toBe(2)
    expect(moveActive(3, 2, 1)).toBe(2)
    expect(moveActive(3, 0, -1)).toBe(0)
    expect(moveActive(0, 0, 1)).toBe(-1)
    const options = flatOptions(groupModels(listing, byProvider('Other'), new Map([['wan-image', 'x']])))
    expect(options[initialActive(options, 'zeta-10')]?.model.id).toBe('zeta-10')
    expect(options[initialActive(options, null)]?.model.id).toBe('studio-offline')
  })
})
