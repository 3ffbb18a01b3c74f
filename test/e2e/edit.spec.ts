import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { expect, openStudio, test } from './support/fixtures'
import { generateButton, generateForm, goTo, imagesOf, jobCard, pickModel } from './support/studio'

const WIDTH = 480
const HEIGHT = 320

/** A source photo stand-in: smooth gradients, so every flipped pixel differs from the original. */
async function gradientPng(): Promise<{ file: string; raw: Buffer }> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3)
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const p = (y * WIDTH + x) * 3
      raw[p] = Math.round((x / WIDTH) * 200) + 20
      raw[p + 1] = Math.round((y / HEIGHT) * 180) + 30
      raw[p + 2] = 140
    }
  const file = join(mkdtempSync(join(tmpdir(), 'gs-edit-')), 'meadow.png')
  writeFileSync(
    file,
    await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .png()
      .toBuffer()
  )
  return { file, raw: await sharp(file).ensureAlpha().raw().toBuffer() }
}

/** Distance from a point to the segment A–B. */
function distance(px: number, py: number, a: [number, number], b: [number, number]): number {
  const [ax, ay] = a
  const [bx, by] = b
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(ax + t * dx - px, ay + t * dy - py)
}

test('a new user paints a mask, sends an edit, and only the painted pixels change', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(120_000)
  const source = await gradientPng()
  await openStudio(page, studio)
  await goTo(page, 'Edit')
  await expect(page.getByText('Choose an image to edit', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send edit' })).toHaveAccessibleDescription(
    'Choose an image to edit.'
  )
  await page.screenshot({ path: 'test-results/edit-empty.png' })

  await page.getByLabel('Image file to edit').setInputFiles(source.file)
  await expect(page.getByText(`${WIDTH}×${HEIGHT} · the mask is sent at this exact size`)).toBeVisible()
  const tools = page.getByRole('toolbar', { name: 'Mask tools' })
  const mask = page.getByRole('img', { name: /^Mask:/ })
  await expect(mask).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send edit' })).toHaveAccessibleDescription(
    'Say what should change.'
  )

  // Brush size by keyboard: ] grows it; the slider shows it.
  await page.keyboard.press('b')
  await expect(tools.getByRole('button', { name: 'Brush' })).toHaveAttribute('aria-pressed', 'true')
  const size = tools.getByLabel('Brush size')
  await size.fill('40')
  await page.keyboard.press(']')
  await expect(size).toHaveValue('50')
  await page.keyboard.press('[')
  await expect(size).toHaveValue('40')

  const box = await mask.boundingBox()
  if (!box) throw new Error('mask canvas has no box')
  const toScreen = (x: number, y: number): [number, number] => [
    box.x + (x * box.width) / WIDTH,
    box.y + (y * box.height) / HEIGHT
  ]
  const stroke = async (from: [number, number], to: [number, number]): Promise<void> => {
    await page.mouse.move(...toScreen(...from))
    await page.mouse.down()
    await page.mouse.move(...toScreen(...to), { steps: 24 })
    await page.mouse.up()
  }

  // A stray stroke, undone with Ctrl+Z; then the real one; the eraser tried and undone too.
  await stroke([60, 260], [420, 260])
  await expect(page.getByText(/^Painted: /)).toBeVisible()
  await page.keyboard.press('Control+z')
  await expect(page.getByText('Nothing painted yet: the painted area is what changes.')).toBeVisible()
  await page.keyboard.press('Control+Shift+z')
  await expect(page.getByText(/^Painted: /)).toBeVisible()
  await page.keyboard.press('Control+z')
  const a: [number, number] = [90, 110]
  const b: [number, number] = [330, 170]
  await stroke(a, b)
  await page.keyboard.press('e')
  await expect(tools.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true')
  await stroke([200, 100], [200, 200])
  await page.keyboard.press('Control+z')
  await page.keyboard.press('b')
  // Zoom and pan leave the mask where it is.
  await tools.getByRole('button', { name: 'Zoom in' }).click()
  await tools.getByRole('button', { name: /Fit|%/ }).click()
  await tools.getByLabel('Mask overlay opacity').fill('0.7')

  const form = page.getByRole('form', { name: 'Edit request' })
  await form.getByLabel('What should change?').fill('turn the stripe into a river')
  await form.getByLabel('Output format').selectOption('png')
  await expect(form.getByLabel('Model')).toHaveValue('studio-image-compat')
  await expect(form.getByText('Billed per token')).toBeVisible()
  await page.screenshot({ path: 'test-results/edit-mask-painted.png' })
  await form.getByRole('button', { name: 'Send edit' }).click()

  const card = jobCard(page, 'turn the stripe into a river')
  await expect(imagesOf(card)).toHaveCount(1, { timeout: 30_000 })
  await page.screenshot({ path: 'test-results/edit-result.png' })

  // The result, fetched as the page would, compared pixel by pixel with the original.
  await imagesOf(card).first().click()
  const viewer = page.getByRole('dialog', { name: 'Image 1 of 1' })
  const src = await viewer.getByRole('img', { name: 'turn the stripe into a river' }).getAttribute('src')
  const response = await page.request.get(new URL(src ?? '', studio.origin).href)
  expect(response.ok()).toBe(true)
  const result = await sharp(await response.body())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  expect([result.info.width, result.info.height]).toEqual([WIDTH, HEIGHT])
  const radius = 20
  let changed = 0
  const outside: string[] = []
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const p = (y * WIDTH + x) * 4
      const differs = [0, 1, 2].some((c) => result.data[p + c] !== source.raw[p + c])
      const d = distance(x + 0.5, y + 0.5, a, b)
      if (differs) {
        changed++
        if (d > radius + 1.5) outside.push(`${x},${y}`)
      } else if (d < radius - 1.5) outside.push(`unchanged inside ${x},${y}`)
    }
  expect(outside.slice(0, 10)).toEqual([])
  // The painted capsule is about 2r × |AB| + πr² ≈ 11,000 pixels.
  expect(changed).toBeGreaterThan(9_000)
  expect(changed).toBeLessThan(13_500)
  await viewer.getByRole('button', { name: 'Close' }).click()

  await goTo(page, 'Settings')
  await page.getByRole('radio', { name: 'Dark' }).check()
  await goTo(page, 'Edit')
  await page.screenshot({ path: 'test-results/edit-dark.png' })

  // After a reload the edit is still there.
  await page.reload()
  await goTo(page, 'Edit')
  await expect(imagesOf(jobCard(page, 'turn the stripe into a river'))).toHaveCount(1)
  expect(outsideRequests).toEqual([])
})

test('an image from the studio opens in the editor, and an edit can be remixed with its mask', async ({
  page,
  studio
}) => {
  test.setTimeout(90_000)
  await openStudio(page, studio)
  await goTo(page, 'Images')
  await pickModel(page, 'studio-image-v3')
  await generateForm(page).getByLabel('Prompt').fill('a quiet harbour')
  await generateButton(page).click()
  await imagesOf(jobCard(page, 'a quiet harbour')).first().click()
  await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit' })).toBeVisible()
  await expect(page.getByText('1024×1024 · the mask is sent at this exact size')).toBeVisible()

  const mask = page.getByRole('img', { name: /^Mask:/ })
  const box = await mask.boundingBox()
  if (!box) throw new Error('mask canvas has no box')
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5, { steps: 10 })
  await page.mouse.up()
  const painted = await page.getByText(/^Painted: /).textContent()
  await page.getByLabel('What should change?').fill('add a lighthouse')
  await page.getByRole('button', { name: 'Send edit' }).click()
  const card = jobCard(page, 'add a lighthouse')
  await expect(imagesOf(card)).toHaveCount(1, { timeout: 30_000 })

  // Remix: the screen is reloaded from the job, mask included.
  await page.getByRole('button', { name: 'Close image' }).click()
  await expect(page.getByText('Choose an image to edit', { exact: true })).toBeVisible()
  await card.getByRole('button', { name: 'Remix' }).click()
  await expect(page.getByLabel('What should change?')).toHaveValue('add a lighthouse')
  await expect(page.getByText(/^Painted: /)).toHaveText(painted ?? '')
})
