import type { Locator, Page } from '@playwright/test'
import type { ApiClient } from '../../src/shared/client'
import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import {
  contractClient,
  emulatorControl,
  submitV2Group,
  useEmulatorProfile,
  waitUntilAccepted
} from './support/queueClient'
import { startWebHostProcess } from './support/webHost'

let emulator: EmulatorProcess

test.beforeAll(async () => {
  emulator = await startEmulatorProcess()
})

test.afterAll(async () => {
  await emulator.stop()
})

const nav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' })
const go = (page: Page, name: string): Promise<void> => nav(page).getByRole('button', { name }).click()
const taskRow = (page: Page, prompt: string): Locator =>
  page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').filter({ hasText: prompt })

async function shoot(page: Page, api: ApiClient, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await api.invoke('settings.update', { theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await page.screenshot({ path: `test-results/${name}-${theme}.png` })
  }
  await api.invoke('settings.update', { theme: 'light' })
}

async function startVideo(page: Page, prompt: string, duration = '2'): Promise<void> {
  await go(page, 'Video')
  await page.getByLabel('Prompt').fill(prompt)
  await page.getByLabel('Duration (seconds)').fill(duration)
  await page.getByRole('button', { name: 'Generate video' }).click()
  await expect(page.getByRole('list', { name: 'Recent videos' }).getByText(prompt)).toBeVisible()
}

/** The `<video>` in view has loaded its metadata: the browser read the MP4 from the media route. */
async function expectPlayable(video: Locator): Promise<void> {
  const loadedDuration = (el: unknown): number => {
    const media = el as { readyState: number; duration: number }
    return media.readyState >= 1 ? media.duration : 0
  }
  await expect.poll(() => video.evaluate(loadedDuration), { timeout: 15_000 }).toBeGreaterThan(0)
}

test('a new user starts a video and two v2 images, follows them on the Queue, gets the toast and plays the video', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(120_000)
  const { api, close } = await contractClient(studio)
  try {
    await openStudio(page, studio)
    await go(page, 'Queue')
    await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible()
    await expect(page.getByText('No jobs yet')).toBeVisible()
    await shoot(page, api, 'tasks-empty')

    // The Video screen validates as the user types, with the spec's words next to the field.
    await go(page, 'Video')
    const duration = page.getByLabel('Duration (seconds)')
    await duration.fill('0')
    await expect(duration).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Use a whole number of at least 1 (duration: 0).')).toBeVisible()
    await page.getByLabel('Width').fill('1280')
    await expect(page.getByText('Enter both width and height, or neither.')).toBeVisible()
    await page.getByLabel('Width').fill('')
    await page.getByText('More options').click()
    await page.getByLabel('Resolution').selectOption('720p')
    await page.getByLabel('Other fields (JSON)').fill('{"camera_fixed": ')
    await expect(page.getByText(/not valid JSON/)).toBeVisible()
    await page.getByLabel('Other fields (JSON)').fill('')
    await shoot(page, api, 'video-form')

    await startVideo(page, 'A paper boat on a rainy street')
    const group = await submitV2Group(api, 'Lighthouse at dawn, two takes')
    expect(group.tasks).toHaveLength(2)
    // A quick synchronous image beside them: one request, done in a moment, never polled.
    await api.invoke('jobs.submit', {
      request: {
        endpoint: 'imagesV3',
        body: { model: 'studio-image-v3', prompt: 'Quick fox sketch', size: '1024x1024' }
      }
    })

    await go(page, 'Queue')
    const videoRow = taskRow(page, 'A paper boat on a rainy street')
    const groupRow = taskRow(page, 'Lighthouse at dawn, two takes')
    await expect(videoRow).toBeVisible()
    await expect(groupRow).toContainText('Async task ×2')
    // Both are going: the badge counts them, and the rows say where each one is.
    await expect(nav(page).getByRole('button', { name: 'Queue' })).toHaveAccessibleDescription('2 running')
    await expect(videoRow).toContainText('Running at the gateway')
    await expect(videoRow.getByRole('progressbar')).toBeVisible()
    await expect(videoRow).toContainText(/Last poll/)
    await expect(taskRow(page, 'Quick fox sketch')).toContainText('One request, no polling')
    await groupRow.getByRole('button', { name: 'Show the 2 tasks' }).click()
    await expect(groupRow.getByRole('list', { name: 'Tasks of this job' }).getByRole('listitem')).toHaveCount(
      2
    )
    await shoot(page, api, 'tasks-running')

    await expect(videoRow).toContainText('Done', { timeout: 40_000 })
    await expect(groupRow).toContainText('Done', { timeout: 40_000 })
    await expect(nav(page).getByRole('button', { name: 'Queue' })).toHaveAccessibleDescription(
      'Nothing running'
    )

    // The finish is announced in the page (the web host has no desktop notifications).
    const toasts = page.getByRole('region', { name: 'Notifications' })
    await expect(toasts.getByText('Video ready')).toBeVisible({ timeout: 20_000 })
    await expect(toasts.getByText('2 images ready')).toBeVisible({ timeout: 20_000 })
    await page.screenshot({ path: 'test-results/tasks-toast.png' })

    // "Play" from the toast opens the player; the browser loads the MP4's metadata.
    await toasts
      .getByRole('status')
      .filter({ hasText: 'Video ready' })
      .getByRole('button', { name: 'Play' })
      .click()
    const player = page.getByRole('dialog', { name: 'Video' })
    const video = player.locator('video')
    await expect(video).toBeVisible()
    await expectPlayable(video)
    await expect(player).toContainText('320 × 180')
    await expect(player).toContainText('2.0 s')
    await shoot(page, api, 'video-player')
    await player.getByRole('button', { name: 'Close' }).click()

    // Filters: status, kind.
    await page.getByRole('radio', { name: 'Done', exact: true }).check()
    await page.getByLabel('Kind').selectOption('video')
    await expect(videoRow).toBeVisible()
    await expect(groupRow).toHaveCount(0)
    await shoot(page, api, 'tasks-filters')
    await page.getByRole('button', { name: 'Clear filters' }).first().click()
    await expect(groupRow).toBeVisible()

    // The Video screen plays it inline too.
    await go(page, 'Video')
    const inline = page.getByRole('list', { name: 'Recent videos' }).locator('video')
    await expectPlayable(inline)
    await shoot(page, api, 'video-screen')

    // Delete asks first, then removes the row.
    await go(page, 'Queue')
    await groupRow.getByRole('button', { name: 'Delete…' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete this job?' })
    await expect(confirm).toContainText('2 saved files')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(groupRow).toHaveCount(0)
    expect(outsideRequests).toEqual([])
  } finally {
    close()
  }
})

test('tasks resume and finish after the web host restarts on the same data folder [P24]', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(120_000)
  const control = emulatorControl(emulator)
  await control.clearFaults()
  await control.clearLog()
  const first = await contractClient(studio)
  await useEmulatorProfile(first.api, emulator)
  await openStudio(page, studio)
  await startVideo(page, 'Restart-proof video', '3')
  const group = await submitV2Group(first.api, 'Restart-proof images')
  const videoJob = (await first.api.invoke('jobs.list', { kind: ['video'] }))[0]
  const before = await waitUntilAccepted(first.api, [videoJob?.id ?? '', group.id])
  first.close()
  expect(before.every((job) => job.status === 'running')).toBe(true)

  // Stopped mid-task, the way a user quits; the gateway keeps the tasks.
  expect(await studio.stop('SIGTERM')).toBe(0)
  const second = await startWebHostProcess(studio.dataDir)
  const again = await contractClient(second)
  try {
    await page.goto(second.url)
    await go(page, 'Queue')
    const videoRow = taskRow(page, 'Restart-proof video')
    const groupRow = taskRow(page, 'Restart-proof images')
    await expect(videoRow).toBeVisible()
    await expect(videoRow).toContainText('Done', { timeout: 40_000 })
    await expect(groupRow).toContainText('Done', { timeout: 40_000 })
    await videoRow.getByRole('button', { name: 'Play' }).click()
    await expectPlayable(page.getByRole('dialog', { name: 'Video' }).locator('video'))

    const after = await Promise.all(before.map((job) => again.api.invoke('jobs.get', { id: job.id })))
    for (const [index, job] of after.entries()) {
      expect(job.status).toBe('succeeded')
      // Same remote tasks, polled further by the new host: resumed, not sent again.
      expect(job.tasks.map((t) => t.remoteId)).toEqual(before[index]?.tasks.map((t) => t.remoteId))
    }
    const log = await control.log()
    expect(log.filter((r) => r.method === 'POST' && r.path === '/v1/videos/generations')).toHaveLength(1)
    expect(log.filter((r) => r.method === 'POST' && r.path === '/v2/images/generations')).toHaveLength(2)
    expect(outsideRequests.filter((url) => !url.startsWith(second.origin))).toEqual([])
  } finally {
    again.close()
    await second.stop()
  }
})

test('a send cut off without an answer waits for the user, who re-sends only after the "may charge twice" question [P17]', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(90_000)
  const control = emulatorControl(emulator)
  await control.clearFaults()
  await control.clearLog()
  const { api, close } = await contractClient(studio)
  try {
    await useEmulatorProfile(api, emulator)
    await control.script('POST /v1/videos/generations', { reset: true })
    await openStudio(page, studio)
    await startVideo(page, 'Maybe billed already')
    await go(page, 'Queue')
    const row = taskRow(page, 'Maybe billed already')
    await expect(row).toContainText('Needs attention', { timeout: 20_000 })
    await expect(nav(page).getByRole('button', { name: 'Queue' })).toHaveAccessibleDescription(
      '1 needs attention'
    )
    const posts = async () =>
      (await control.log()).filter((r) => r.method === 'POST' && r.path === '/v1/videos/generations')
    expect(await posts()).toHaveLength(1)

    await shoot(page, api, 'tasks-needs-attention-row')

    // Asked, and declined: nothing is sent.
    await row.getByRole('button', { name: 'Send again…' }).click()
    const question = page.getByRole('alertdialog', { name: 'Send this request again?' })
    await expect(question).toContainText('may charge twice')
    await shoot(page, api, 'tasks-needs-attention')
    await question.getByRole('button', { name: 'Don’t send' }).click()
    await expect(question).toHaveCount(0)
    await expect(row).toContainText('Needs attention')
    expect(await posts()).toHaveLength(1)

    // Asked again, and accepted: exactly one more POST, with the same Idempotency-Key.
    await row.getByRole('button', { name: 'Send again…' }).click()
    await question.getByRole('button', { name: 'Send again, it may charge twice' }).click()
    await expect(row).toContainText('Done', { timeout: 40_000 })
    const sent = await posts()
    expect(sent).toHaveLength(2)
    expect(sent[0]?.idempotencyKey).toBeTruthy()
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey)
    expect(outsideRequests).toEqual([])
  } finally {
    close()
  }
})
