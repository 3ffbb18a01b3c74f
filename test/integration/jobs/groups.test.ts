import { describe, expect, it } from 'vitest'
import type { JobGroupView } from '../../../src/shared/schemas/jobGroups'
import { useStudioAgainstEmulator } from '../../helpers/suite'

describe('job groups: several jobs asked for together', () => {
  const env = useStudioAgainstEmulator({ name: 'groups' })

  it('makes the group with the jobs that pass their pre-flight, answers the others, and sends only the first', async () => {
    const groupsSeen: JobGroupView[] = []
    env.studio.backend.subscribe((name, payload) => {
      if (name === 'groups.updated') groupsSeen.push(payload as JobGroupView)
    })
    const submitted = await env.studio.api.invoke('jobs.submitGroup', {
      name: 'a red fox',
      screen: 'compare',
      settings: { shape: 'square' },
      requests: [
        { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'a red fox' } },
        // n is 1–10 on v3: refused before anything is written or sent.
        { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'a red fox', n: 11 } },
        { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'a red fox', size: '1K' } }
      ]
    })
    expect(submitted.items.map((item) => item.ok)).toEqual([true, false, true])
    const refused = submitted.items[1]
    expect(refused?.ok === false ? refused.error.code : null).toBe('invalid_input')
    const jobIds = submitted.items.flatMap((item) => (item.ok ? [item.job.id] : []))
    expect(submitted.group).toMatchObject({
      name: 'a red fox',
      screen: 'compare',
      settings: { shape: 'square' }
    })
    expect(submitted.group.jobIds).toEqual(jobIds)
    expect(groupsSeen.map((group) => group.id)).toEqual([submitted.group.id])

    for (const id of jobIds) {
      const done = await env.finished(id)
      expect(done.groupId).toBe(submitted.group.id)
      expect(done.status).toBe('succeeded')
    }
    const creates = env.emulator.requestLog.filter((entry) => entry.method === 'POST')
    expect(creates).toHaveLength(2)
    const group = await env.studio.api.invoke('groups.get', { id: submitted.group.id })
    expect(group.counts).toEqual({ succeeded: 2 })
    expect((await env.studio.api.invoke('groups.list', { screen: 'compare' })).map((g) => g.id)).toEqual([
      submitted.group.id
    ])
    await expect(env.studio.api.invoke('groups.get', { id: 'nope' })).rejects.toThrow(
      'That group of jobs no longer exists.'
    )
  })
})
