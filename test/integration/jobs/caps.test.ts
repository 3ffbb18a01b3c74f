import { cpSync } from 'node:fs'
import { basename } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type { CrashPoint } from '../../../src/main/crashPoints'
import { isTempName } from '../../../src/main/library'
import type { CapsView } from '../../../src/shared/schemas/money'
import type { JobRequest } from '../../../src/shared/schemas/jobs'
import { connectToEmulator, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

/*
 * Spending caps against the emulator (RELIABILITY P50). studio-image-v3 bills per image (10 credits each at
 * the emulator); the profile's price table says 0.04 USD, so a cap of 0.20 lets exactly 5 images go.
 */

const PRICE_MICROS = 40_000
const V2_PRICE_MICROS = 50_000
/** What the emulator bills each image of these models. */
const CREDITS_PER_IMAGE = 10

const v3 = (prompt: string): JobRequest => ({
  endpoint: 'imagesV3',
  body: { model: 'studio-image-v3', prompt }
})
const v2 = (prompt: string): JobRequest => ({
  endpoint: 'imagesV2',
  body: { model: 'studio-image-async', prompt },
  count: 1
})
const prompts = (count: number, stem: string): string[] =>
  Array.from({ length: count }, (_, i) => `${stem} ${i + 1}`)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('spending caps: a job that would cross a cap waits for budget and is never sent [P50]', () => {
  let emulator: RunningEmulator
  const temp = makeTempDir()
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.stop()
    temp.cleanup()
  })

  const creates = (path: string) =>
    emulator.requestLog.filter((entry) => entry.method === 'POST' && entry.path === path)
  const v3Posts = () => creates('/v3/images/generations')
  const billed = (before: number) =>
    (before - emulator.getBalance(emulator.keys.ordinary)) / CREDITS_PER_IMAGE

  /** A backend on the emulator whose profile prices the two image models. */
  async function pricedStudio(name: string, extra: Parameters<typeof startTestBackend>[3] = {}) {
    const studio = startTestBackend(temp.dir, name, undefined, extra)
    const profileId = await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    await studio.api.invoke('prices.set', {
      profileId,
      table: {
        version: 1,
        currency: 'USD',
        models: {
          'studio-image-v3': { unit: 'image', price: '0.04' },
          'studio-image-async': { unit: 'image', price: '0.05' }
        }
      }
    })
    return { studio, profileId }
  }

  const statuses = (studio: TestBackend, ids: readonly string[]) =>
    Promise.all(ids.map(async (id) => studio.api.invoke('jobs.get', { id })))

  it('sends exactly as many of a batch as its cap holds, shows the rest waiting, keeps it all across a restart, and sends the rest once the cap is raised', async () => {
    emulator.clearLog()
    const balance = emulator.getBalance(emulator.keys.ordinary)
    let { studio } = await pricedStudio('batch')
    const batch = await studio.api.invoke('jobs.submitGroup', {
      name: 'ten boats',
      screen: 'images',
      capMicros: 5 * PRICE_MICROS,
      requests: prompts(10, 'boat').map(v3)
    })
    const groupId = batch.group.id
    await studio.backend.engine.waitForIdle()
    expect(v3Posts()).toHaveLength(5)
    const jobs = await statuses(studio, batch.group.jobIds)
    expect(jobs.map((job) => job.status)).toEqual([
      ...Array<string>(5).fill('succeeded'),
      ...Array<string>(5).fill('pending')
    ])
    for (const job of jobs.slice(5)) {
      expect(job.tasks[0]?.error).toMatchObject({
        code: 'budget',
        message:
          "This job ($0.04) would take this batch past its cap of $0.20. Raise the batch's cap to send the rest.",
        words: {
          code: 'budgetBatch',
          values: { capMicros: 200_000, estimateMicros: 40_000, currency: 'USD' }
        }
      })
      expect(job.error?.code).toBe('budget')
    }
    // The batch's band counts them as held for budget, not as merely waiting.
    expect((await studio.api.invoke('groups.get', { id: groupId })).waitingForBudget).toBe(5)
    // Nothing more goes out once the cap is reached; the gateway billed exactly 5 images.
    await sleep(300)
    expect(v3Posts()).toHaveLength(5)
    expect(billed(balance)).toBe(5)
    expect(await studio.api.invoke('groups.cap', { id: groupId })).toEqual({
      groupId,
      currency: 'USD',
      capMicros: 200_000,
      spentMicros: 200_000,
      reservedMicros: 0
    })
    // Per image, the estimate is what it cost.
    const sends = await studio.api.invoke('spend.list', { groupId })
    expect(sends).toHaveLength(5)
    for (const send of sends)
      expect(send).toMatchObject({
        state: 'settled',
        estimateMicros: 40_000,
        actualMicros: 40_000,
        exact: true
      })
    expect(await studio.api.invoke('spend.summary', { by: 'group', groupId })).toEqual([
      {
        key: groupId,
        currency: 'USD',
        sends: 5,
        estimateMicros: 200_000,
        actualMicros: 200_000,
        actualSends: 5,
        estimateOfActualMicros: 200_000,
        reservedMicros: 0,
        countedMicros: 200_000,
        keptImages: 0
      }
    ])

    // A restart finds the ledger and the cap as they were, and sends nothing.
    await studio.backend.close()
    studio = startTestBackend(temp.dir, 'batch')
    await studio.backend.engine.waitForIdle()
    await sleep(200)
    expect(v3Posts()).toHaveLength(5)
    expect((await studio.api.invoke('groups.cap', { id: groupId })).spentMicros).toBe(200_000)
    const again = await statuses(studio, batch.group.jobIds.slice(5))
    expect(again.every((job) => job.status === 'pending' && job.error?.code === 'budget')).toBe(true)
    expect((await studio.api.invoke('groups.get', { id: groupId })).waitingForBudget).toBe(5)

    // Raised: the rest go at once, each once, and say nothing of waiting any more.
    const raised = await studio.api.invoke('groups.setCap', { id: groupId, capMicros: 10 * PRICE_MICROS })
    expect(raised.capMicros).toBe(400_000)
    await studio.backend.engine.waitForIdle()
    expect(v3Posts()).toHaveLength(10)
    expect(new Set(v3Posts().map((entry) => entry.idempotencyKey)).size).toBe(10)
    const done = await statuses(studio, batch.group.jobIds)
    expect(done.every((job) => job.status === 'succeeded' && job.error === null)).toBe(true)
    expect(billed(balance)).toBe(10)
    expect((await studio.api.invoke('groups.get', { id: groupId })).waitingForBudget).toBe(0)
    expect((await studio.api.invoke('groups.cap', { id: groupId })).spentMicros).toBe(400_000)
    await studio.backend.close()
  })

  it('holds a day cap the same way, says so in caps.get and spend.changed, keeps it across a restart, and sends the rest once it is removed', async () => {
    emulator.clearLog()
    const balance = emulator.getBalance(emulator.keys.ordinary)
    const priced = await pricedStudio('day')
    const profileId = priced.profileId
    let studio = priced.studio
    const announced: CapsView[] = []
    studio.backend.subscribe((name, payload) => {
      if (name === 'spend.changed') announced.push(payload as CapsView)
    })
    const set = await studio.api.invoke('caps.set', { profileId, scope: 'day', capMicros: 5 * PRICE_MICROS })
    expect(set).toMatchObject({ day: 200_000, month: null, currency: 'USD', spentToday: 0 })
    const jobs = []
    for (const prompt of prompts(10, 'lake'))
      jobs.push(await studio.api.invoke('jobs.submit', { request: v3(prompt) }))
    await studio.backend.engine.waitForIdle()
    expect(v3Posts()).toHaveLength(5)
    await sleep(300)
    expect(v3Posts()).toHaveLength(5)
    expect(billed(balance)).toBe(5)
    const waiting = await statuses(
      studio,
      jobs.slice(5).map((job) => job.id)
    )
    for (const job of waiting) {
      expect(job.status).toBe('pending')
      expect(job.tasks[0]?.error?.words?.code).toBe('budgetDay')
      expect(job.tasks[0]?.error?.message).toContain('past your daily cap of $0.20')
    }
    const caps = await studio.api.invoke('caps.get', { profileId })
    expect(caps).toMatchObject({
      day: 200_000,
      spentToday: 200_000,
      reservedToday: 0,
      spentThisMonth: 200_000,
      reservedThisMonth: 0
    })
    await expect.poll(() => announced.at(-1)?.spentToday).toBe(200_000)

    await studio.backend.close()
    studio = startTestBackend(temp.dir, 'day')
    await studio.backend.engine.waitForIdle()
    await sleep(200)
    expect(v3Posts()).toHaveLength(5)
    expect(await studio.api.invoke('caps.get', { profileId })).toEqual(caps)

    const removed = await studio.api.invoke('caps.set', { profileId, scope: 'day', capMicros: null })
    expect(removed.day).toBeNull()
    await studio.backend.engine.waitForIdle()
    expect(v3Posts()).toHaveLength(10)
    const done = await statuses(
      studio,
      jobs.map((job) => job.id)
    )
    expect(done.every((job) => job.status === 'succeeded')).toBe(true)
    expect((await studio.api.invoke('caps.get', { profileId })).spentToday).toBe(400_000)
    await studio.backend.close()
  })

  it('holds a job without a price under a cap, and refuses commands for a profile that does not exist', async () => {
    emulator.clearLog()
    const { studio, profileId } = await pricedStudio('unpriced')
    await studio.api.invoke('caps.set', { profileId, scope: 'month', capMicros: 1_000_000 })
    const job = await studio.api.invoke('jobs.submit', {
      request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'no price', size: '1K' } }
    })
    await studio.backend.engine.waitForIdle()
    expect(emulator.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(0)
    const held = await studio.api.invoke('jobs.get', { id: job.id })
    expect(held.tasks[0]?.error?.words?.code).toBe('budgetNoPrice')
    // A price for it lets it go, with no other word.
    const exported = await studio.api.invoke('prices.export', { profileId, format: 'csv' })
    expect(exported.fileName).toBe('Emulator prices.csv')
    const imported = await studio.api.invoke('prices.import', {
      profileId,
      format: 'csv',
      text: `${exported.text}wan-image,image,0.05,,,,\r\n`
    })
    expect(imported.ok).toBe(true)
    await studio.backend.engine.waitForIdle()
    expect((await studio.api.invoke('jobs.get', { id: job.id })).status).toBe('succeeded')
    expect((await studio.api.invoke('caps.get', { profileId })).spentThisMonth).toBe(50_000)
    await expect(studio.api.invoke('caps.get', { profileId: 'no-such-profile' })).rejects.toThrow(
      'That gateway profile no longer exists.'
    )
    await expect(studio.api.invoke('groups.setCap', { id: 'nope', capMicros: 1 })).rejects.toThrow(
      'That group of jobs no longer exists.'
    )
    await studio.backend.close()
  })

  /*
   * A kill -9 at each step of a send, simulated in this process: the probe copies the data folder at that
   * very moment (what SQLite has committed is what a kill leaves), stops the engine, and ends the step. The
   * copy is then started as the next run. Whatever the moment, the gateway bills no more than the cap holds,
   * the ledger counts no more than the cap, no request goes twice, and each job ends accounted for.
   */
  const CRASHES: { point: CrashPoint; k: number; family: 'v3' | 'v2' }[] = [
    { point: 'job.committed', k: 1, family: 'v3' },
    { point: 'send.claimed', k: 1, family: 'v3' },
    { point: 'send.claimed', k: 4, family: 'v3' },
    { point: 'send.answered', k: 2, family: 'v3' },
    { point: 'download.stored', k: 3, family: 'v3' },
    { point: 'send.claimed', k: 1, family: 'v2' },
    { point: 'send.answered', k: 1, family: 'v2' },
    { point: 'poll.answered', k: 2, family: 'v2' }
  ]

  it.each(CRASHES)(
    'a crash at $point (#$k, $family) never lets spend pass the cap after the restart',
    async ({ point, k, family }) => {
      emulator.clearLog()
      const balance = emulator.getBalance(emulator.keys.ordinary)
      const name = `crash-${family}-${point}-${k}`
      const copy = `${name}-restarted`
      let seen = 0
      let crashed = false
      let original: TestBackend | null = null
      const { studio } = await pricedStudio(name, {
        probe: (reached) => {
          // After the kill nothing of this process happens: a send it would still start ends at its first step.
          if (crashed) throw new Error('the process was killed')
          if (reached !== point || ++seen < k || !original) return
          crashed = true
          // What is committed now is what a kill -9 leaves; the database's shared memory is rebuilt on open.
          cpSync(original.dataDir, `${temp.dir}/${copy}`, {
            recursive: true,
            filter: (source) => !source.endsWith('-shm') && !isTempName(basename(source))
          })
          original.backend.engine.stop()
          throw new Error(`simulated kill -9 at ${point}`)
        }
      })
      original = studio
      const { price, count, allowed, request, path } =
        family === 'v3'
          ? { price: PRICE_MICROS, count: 10, allowed: 5, request: v3, path: '/v3/images/generations' }
          : { price: V2_PRICE_MICROS, count: 5, allowed: 2, request: v2, path: '/v2/images/generations' }
      const cap = allowed * price
      await studio.api
        .invoke('jobs.submitGroup', {
          name,
          screen: 'images',
          capMicros: cap,
          requests: prompts(count, name).map(request)
        })
        .catch(() => undefined)
      await expect.poll(() => crashed, { timeout: 10_000 }).toBe(true)
      await studio.backend.close()

      const restarted = startTestBackend(temp.dir, copy)
      await restarted.backend.engine.waitForIdle()
      const group = (await restarted.api.invoke('groups.list', { limit: 1 }))[0]
      expect(group).toBeDefined()
      const groupCap = await restarted.api.invoke('groups.cap', { id: group?.id ?? '' })
      // The ledger never counts past the cap, and the gateway never billed past it.
      expect(groupCap.spentMicros + groupCap.reservedMicros).toBeLessThanOrEqual(cap)
      expect(billed(balance) * price).toBeLessThanOrEqual(cap)
      // No request went twice (P17, P19), and there were never more than the cap holds.
      const keys = creates(path).map((entry) => entry.idempotencyKey)
      expect(new Set(keys).size).toBe(keys.length)
      expect(keys.length).toBeLessThanOrEqual(allowed)
      // Every job is accounted for: done, waiting for the user (may have run), or waiting for budget.
      const jobs = await statuses(restarted, group?.jobIds ?? [])
      expect(jobs).toHaveLength(count)
      for (const job of jobs) {
        expect(['succeeded', 'needs_attention', 'pending']).toContain(job.status)
        if (job.status === 'pending') expect(job.error?.code).toBe('budget')
      }
      // The restart used what the cap still held, to the last cent and no further: every job not waiting for
      // budget is counted, the ones whose outcome is unknown at their estimate.
      const counted = groupCap.spentMicros + groupCap.reservedMicros
      expect(counted).toBe(cap)
      expect(jobs.filter((job) => job.status !== 'pending')).toHaveLength(allowed)
      await restarted.backend.close()
    }
  )
})
