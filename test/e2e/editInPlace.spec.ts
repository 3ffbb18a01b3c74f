import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { openDatabase } from '../../src/main/db/connection'
import { expect, openStudio, test } from './support/fixtures'
import { goTo } from './support/studio'
import type { Locator, Page } from '@playwright/test'

const WIDTH = 480
const HEIGHT = 320

/** A flat-coloured PNG of the test size: every pixel the demo gateway edits differs from it. */
async function pngFile(name: string, rgb: [number, number, number]): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'gs-edit-in-place-')), name)
  writeFileSync(
    file,
    await sharp({
      create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } }
    })
      .png()
      .toBuffer()
  )
  return file
}

/** Every edit job of the data folder, with how many gateway requests it made (tasks × attempts). */
function editJobs(dataDir: string): Array<{ prompt: string; images: number; mask: boolean; posts: number }> {
  const db = openDatabase(join(dataDir, 'studio.db'), { readonly: true })
  try {
    const rows = db
      .prepare(
        `SELECT j.prompt AS prompt, j.params AS params, SUM(t.attempts) AS posts
           FROM jobs j JOIN tasks t ON t.job_id = j.id WHERE j.kind = 'edit' GROUP BY j.id ORDER BY j.created_at`
      )
      .all() as Array<{ prompt: string; params: string; posts: number }>
    return rows.map((row) => {
      const request = JSON.parse(row.params) as { images?: unknown[]; mask?: unknown }
      return {
        prompt: row.prompt,
        images: request.images?.length ?? 0,
        mask: request.mask !== undefined,
        posts: row.posts
      }
    })
  } finally {
    db.close()
  }
}

/** Drags the mouse across `target` along its middle, from one share of its width to another. */
async function dragAcross(page: Page, target: Locator, from: number, to: number): Promise<void> {
  const box = await target.boundingBox()
  if (!box) throw new Error('nothing to drag across')
  const y = box.y + box.height * 0.5
  await page.mouse.move(box.x + box.width * from, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * to, y, { steps: 12 })
  await page.mouse.up()
}

/** The pixels of an image the page shows, fetched as the page fetches it. */
async function pixelsOf(page: Page, origin: string, src: string | null): Promise<Buffer> {
  const response = await page.request.get(new URL(src ?? '', origin).href)
  expect(response.ok()).toBe(true)
  return sharp(await response.body())
    .removeAlpha()
    .raw()
    .toBuffer()
}

test('an edit lands in place: before/after by keyboard, keep editing, the whole image with two inputs, step back', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(150_000)
  const meadow = await pngFile('meadow.png', [60, 140, 90])
  const sky = await pngFile('sky.png', [70, 120, 210])
  await openStudio(page, studio)
  await goTo(page, 'Edit')

  // "Open a file…" is a real button: focused and pressed from the keyboard, it opens the file chooser.
  const open = page.getByRole('button', { name: 'Open a file…' })
  await open.focus()
  await expect(open).toBeFocused()
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), open.press('Enter')])
  await chooser.setFiles(meadow)
  await expect(page.getByText(`${WIDTH}×${HEIGHT} · the mask is sent at this exact size`)).toBeVisible()

  // Paint a stroke and send: one job, one request to the gateway.
  await dragAcross(page, page.getByRole('img', { name: /^Mask:/ }), 0.2, 0.8)
  const form = page.getByRole('form', { name: 'Edit request' })
  await form.getByLabel('What should change?').fill('a river through the meadow')
  await form.getByRole('button', { name: 'Send edit' }).click()

  // The result replaces the canvas: a before/after slider, moved by the arrow keys.
  const slider = page.getByRole('slider', { name: 'Before and after' })
  await expect(slider).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('toolbar', { name: 'Mask tools' })).toHaveCount(0)
  await expect(slider).toHaveAttribute('aria-valuenow', '50')
  await slider.focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(slider).toHaveAttribute('aria-valuenow', '40')
  await expect(slider).toHaveAttribute('aria-valuetext', 'Before 40%, after 60%')
  await page.keyboard.press('End')
  await expect(slider).toHaveAttribute('aria-valuenow', '100')
  await page.keyboard.press('Home')
  await expect(slider).toHaveAttribute('aria-valuenow', '0')
  // A drag moves the divider too: to about a quarter of the way across.
  const stage = page.getByTestId('compare-stage')
  const after = stage.getByRole('img', { name: 'After' })
  await dragAcross(page, after, 0.5, 0.25)
  const dragged = Number(await slider.getAttribute('aria-valuenow'))
  expect(dragged).toBeGreaterThanOrEqual(23)
  expect(dragged).toBeLessThanOrEqual(27)
  const beforeSrc = await stage.getByRole('img', { name: 'Before' }).getAttribute('src')
  const afterSrc = await after.getAttribute('src')
  expect(afterSrc).not.toEqual(beforeSrc)
  await page.screenshot({ path: '/tmp/editinplace-compare.png' })
  expect(editJobs(studio.dataDir)).toEqual([
    { prompt: 'a river through the meadow', images: 1, mask: true, posts: 1 }
  ])

  // While the result is shown, Send edit waits for a choice: it would resend the original, unseen.
  const waiting = form.getByRole('button', { name: 'Send edit' })
  await expect(waiting).toBeDisabled()
  await expect(waiting).toHaveAccessibleDescription(
    'Before sending again: Keep editing from this result, or Try again from the original.'
  )
  await form.getByLabel('What should change?').press('Control+Enter')
  await page.waitForTimeout(500)
  expect(editJobs(studio.dataDir)).toHaveLength(1)
  await page.screenshot({ path: '/tmp/pb-edit-waits.png' })

  // Every control of the comparison is a Tab stop, in reading order, with a visible focus.
  const keep = page.getByRole('button', { name: 'Keep editing' })
  await keep.focus()
  for (const next of [
    page.getByRole('button', { name: 'Try again' }),
    page.getByRole('button', { name: 'Open full view', exact: true }),
    slider
  ]) {
    await page.keyboard.press('Tab')
    await expect(next).toBeFocused()
  }
  await page.screenshot({ path: '/tmp/editinplace-focus.png' })

  // Keep editing, from the keyboard: the result is the new base, under a fresh mask; two versions.
  await keep.focus()
  await page.keyboard.press('Enter')
  const versions = page.getByRole('navigation', { name: 'Versions' })
  await expect(versions.getByRole('button')).toHaveCount(2)
  await expect(versions.getByRole('button', { name: 'Edit 1, version 2 of 2' })).toHaveAttribute(
    'aria-current',
    'step'
  )
  await expect(page.getByText('Nothing painted yet: the painted area is what changes.')).toBeVisible()
  await expect(page.getByRole('img', { name: 'The image being edited' })).toHaveAttribute(
    'src',
    afterSrc ?? ''
  )

  // Whole image, chosen with the arrow keys of the mode radios: no mask, and words that say so.
  await page.getByRole('radio', { name: 'Painted area' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Whole image' })).toBeChecked()
  await expect(
    page.getByText('Whole image: no mask is sent, so the model may change any part of it.')
  ).toBeVisible()
  await expect(page.getByRole('img', { name: /^Mask:/ })).toBeHidden()
  await expect(page.getByText(`${WIDTH}×${HEIGHT} · the whole image may change`)).toBeVisible()

  // A second input image, from a file through the keyboard-reachable button; the cap is shown.
  const inputs = form.getByRole('group', { name: 'Input images' })
  await expect(inputs.getByText('1 of 16')).toBeVisible()
  const addChooser = page.waitForEvent('filechooser')
  await inputs.getByRole('button', { name: 'Add a file…' }).click()
  await (await addChooser).setFiles(sky)
  await expect(inputs.getByText('Image 2')).toBeVisible()
  await expect(inputs.getByText('2 of 16')).toBeVisible()
  await form.getByLabel('What should change?').fill('make it winter')
  const send = form.getByRole('button', { name: 'Send edit' })
  await expect(send).toHaveAccessibleDescription('Ready. The whole image is sent, without a mask.')
  await page.screenshot({ path: '/tmp/editinplace-whole.png' })
  await send.click()
  await expect(slider).toBeVisible({ timeout: 30_000 })
  await expect(slider).toHaveAttribute('aria-valuenow', '50')
  // Without a mask the demo gateway edits every pixel of the first image.
  const base = await pixelsOf(page, studio.origin, afterSrc)
  const whole = await pixelsOf(
    page,
    studio.origin,
    await stage.getByRole('img', { name: 'After' }).getAttribute('src')
  )
  let same = 0
  for (let i = 0; i < whole.length; i += 3)
    if (whole[i] === base[i] && whole[i + 1] === base[i + 1] && whole[i + 2] === base[i + 2]) same++
  expect(same).toBe(0)
  expect(editJobs(studio.dataDir)).toEqual([
    { prompt: 'a river through the meadow', images: 1, mask: true, posts: 1 },
    { prompt: 'make it winter', images: 2, mask: false, posts: 1 }
  ])
  await page.getByRole('button', { name: 'Keep editing' }).click()
  await expect(versions.getByRole('button')).toHaveCount(3)
  await page.screenshot({ path: '/tmp/editinplace-chain.png' })

  // Step back with the arrow keys: the original is the base again; nothing else is sent.
  await versions.getByRole('button', { name: 'Edit 2, version 3 of 3' }).focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  const original = versions.getByRole('button', { name: 'Original, version 1 of 3' })
  await expect(original).toHaveAttribute('aria-current', 'step')
  await expect(original).toBeFocused()
  const originalSrc = await page.getByRole('img', { name: 'The image being edited' }).getAttribute('src')
  expect(originalSrc).not.toEqual(afterSrc)
  // A click steps forward again.
  await versions.getByRole('button', { name: 'Edit 1, version 2 of 3' }).click()
  await expect(page.getByRole('img', { name: 'The image being edited' })).toHaveAttribute(
    'src',
    afterSrc ?? ''
  )

  // The chain outlives a change of screen and a reload of the window.
  await goTo(page, 'Images')
  await goTo(page, 'Edit')
  await expect(versions.getByRole('button', { name: 'Edit 1, version 2 of 3' })).toHaveAttribute(
    'aria-current',
    'step'
  )
  await page.reload()
  await goTo(page, 'Edit')
  await expect(versions.getByRole('button')).toHaveCount(3)
  await expect(page.getByRole('img', { name: 'The image being edited' })).toHaveAttribute(
    'src',
    afterSrc ?? ''
  )
  await expect(page.getByRole('radio', { name: 'Whole image' })).toBeChecked()

  // "Use as reference" on an earlier result, here: one more input image of this edit; nothing is sent.
  const count = inputs.getByText(/^\d+ of 16$/)
  const had = Number((await count.textContent())?.split(' ')[0])
  await page
    .getByRole('button', { name: /: open full view$/ })
    .first()
    .click()
  await page.getByRole('dialog').getByRole('button', { name: 'Use as reference' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit' })).toBeVisible()
  await expect(count).toHaveText(`${had + 1} of 16`)
  await expect(
    page.getByText('Added to the input images: the model sees it beside the image being edited.')
  ).toBeVisible()
  await page.screenshot({ path: '/tmp/pb-edit-reference.png' })
  expect(editJobs(studio.dataDir)).toHaveLength(2)
  expect(outsideRequests).toEqual([])
})
