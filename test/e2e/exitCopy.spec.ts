import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { readBack } from '../helpers/exiftool'
import { pngChunk, tEXt, withChunks } from '../helpers/pngChunks'
import { expect, openStudio, test } from './support/fixtures'
import { connectApi, generateImages } from './support/galleryApi'

/**
 * Issue 26, one image at a time: "Save as…" in the Gallery's details gives the image's copy with its
 * story inside, read back by Debian's ExifTool (not ours); a file that came with content credentials
 * leaves byte for byte as it was imported, its story beside it in the same zip. "Copy image" puts the
 * picture and its prompt on the clipboard together.
 */

const PROMPT = 'a red fox asleep in fresh snow, 雪中的狐狸'
const SHOTS = process.env.GS_SHOTS_DIR

async function openGallery(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Gallery' }).click()
  await expect(page.getByRole('listbox', { name: 'Images' })).toBeVisible()
}

test('Save as… gives the copy with its story inside; a credentialed file leaves untouched with its sidecar', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(120_000)
  const downloads = mkdtempSync(join(tmpdir(), 'gs-e2e-exit-'))
  const { api, close } = await connectApi(studio)
  // A file a camera signed: its own settings (A1111's words) and a C2PA manifest store (`caBX`).
  const plain = await sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: 30, g: 120, b: 200 } }
  })
    .png()
    .toBuffer()
  const signed = withChunks(
    withChunks(plain, [tEXt('parameters', 'a signed lighthouse\nSteps: 20, Seed: 7, Size: 48x32')]),
    [pngChunk('caBX', Buffer.from('jumb-stand-in: the manifest store bytes'))],
    'before IEND'
  )
  try {
    await api.invoke('models.refresh', { profileId: 'demo' })
    const [job] = await generateImages(api, [PROMPT])
    const resultId = job?.results[0]?.id ?? ''
    expect(resultId).not.toBe('')
    const imported = await api.invoke('gallery.importFiles', {
      files: [{ name: 'signed.png', data: signed.toString('base64') }]
    })
    const signedId = imported.added[0] ?? ''
    expect(signedId).not.toBe('')

    await openStudio(page, studio)
    await openGallery(page)
    const grid = page.getByRole('listbox', { name: 'Images' })
    const details = page.getByRole('complementary', { name: 'Image details' })

    // The generated image: its copy carries every field, its prompt in Chinese too.
    await grid.getByRole('option', { name: /red fox/ }).click()
    const saveAs = details.getByRole('link', { name: 'Save as…' })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/exit-copy-details.png` })
    await expect(saveAs).toHaveAccessibleDescription(/prompt and settings written into the file/)
    await expect(details.getByText('Copies the image and, as text, its prompt and settings.')).toBeVisible()
    const [copy] = await Promise.all([page.waitForEvent('download'), saveAs.click()])
    expect(copy.suggestedFilename()).toBe(`${PROMPT}-${resultId.slice(0, 8)}.png`)
    const copyPath = join(downloads, 'copy.png')
    await copy.saveAs(copyPath)
    const read = readBack(copyPath)
    expect(read['XMP-dc:Description']).toBe(PROMPT)
    expect(read['XMP-gs:ResultId']).toBe(resultId)
    expect(read['XMP-gs:JobId']).toBe(job?.id)
    expect(String(read['XMP-xmp:CreatorTool'])).toMatch(/^Gateway Studio /)

    // Copy image: the picture as a PNG and, as text, its prompt, in one clipboard item.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await details.getByRole('button', { name: 'Copy image' }).click()
    await expect(details.getByText('Copied the image and, as text, its prompt and settings.')).toBeVisible()
    // Evaluated in the page, as text: this file is compiled without the DOM's types.
    const clipboard = await page.evaluate<{ types: string[]; text: string } | null>(`(async () => {
      const [item] = await navigator.clipboard.read()
      if (!item) return null
      return { types: [...item.types].sort(), text: await (await item.getType('text/plain')).text() }
    })()`)
    expect(clipboard?.types).toEqual(['image/png', 'text/plain'])
    expect(clipboard?.text.split('\n')[0]).toBe(PROMPT)
    expect(clipboard?.text).toContain('Model: studio-image-v3')

    // The stage (the image large) offers the same two, for the image it shows.
    await grid.getByRole('option', { name: /red fox/ }).dblclick()
    const stage = page.getByRole('dialog', { name: /^Image \d of 2$/ })
    await expect(stage.getByRole('link', { name: 'Save as…' })).toHaveAttribute('href', `/copies/${resultId}`)
    await expect(stage.getByRole('button', { name: 'Copy image' })).toBeVisible()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/exit-copy-stage.png` })
    await page.keyboard.press('Escape')
    await expect(stage).toBeHidden()

    // The signed file: byte for byte as imported, its story beside it, both in one zip.
    await grid.getByRole('option', { name: /signed lighthouse/ }).click()
    await expect(details.getByText('Content credentials present')).toBeVisible()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/exit-copy-credentials.png` })
    await expect(details.getByRole('link', { name: 'Save as…' })).toHaveAccessibleDescription(
      /content credentials, so it is never changed/
    )
    const [zipped] = await Promise.all([
      page.waitForEvent('download'),
      details.getByRole('link', { name: 'Save as…' }).click()
    ])
    const stem = `a signed lighthouse-${signedId.slice(0, 8)}`
    expect(zipped.suggestedFilename()).toBe(`${stem}.zip`)
    const zipPath = join(downloads, 'signed.zip')
    await zipped.saveAs(zipPath)
    const zip = unzipSync(readFileSync(zipPath))
    expect(Object.keys(zip).sort()).toEqual([`${stem}.png`, `${stem}.png.json`])
    expect(Buffer.from(zip[`${stem}.png`] ?? []).equals(signed)).toBe(true)
    const sidecar = JSON.parse(Buffer.from(zip[`${stem}.png.json`] ?? []).toString('utf8')) as {
      prompt?: string
      resultId?: string
    }
    expect(sidecar).toMatchObject({ prompt: 'a signed lighthouse', resultId: signedId })
    expect(outsideRequests).toEqual([])
  } finally {
    close()
    rmSync(downloads, { recursive: true, force: true })
  }
})
