import type { Page } from '@playwright/test'
import { en } from '../../src/shared/i18n/locales/en'
import { zhCN } from '../../src/shared/i18n/locales/zh-CN'
import { LANGUAGES } from '../../src/shared/language'
import { expectAxeClean } from './support/axe'
import { expect, openStudio, test } from './support/fixtures'
import { withImages } from './support/galleryApi'
import { press, tabTo } from './support/keyboard'

const PROMPTS = ['a lighthouse at dawn', 'a ceramic teapot on linen', 'a red fox in the snow']
const SHOTS = process.env.GS_SHOTS_DIR

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' })
}

/** The words of the screen's way in, in either language. */
type GalleryWords = Pick<typeof en, 'nav'> & { gallery: { grid: { label: string } } }

async function openGallery(page: Page, words: GalleryWords = en): Promise<void> {
  await page
    .getByRole('navigation', { name: words.nav.main })
    .getByRole('button', { name: words.nav.gallery })
    .click()
  const grid = page.getByRole('listbox', { name: words.gallery.grid.label })
  await expect(grid.getByRole('option')).toHaveCount(PROMPTS.length)
}

/*
 * Stars and a note on a gallery image: given in its details by pointer and by keys, kept across a reload,
 * given to tiles from the grid's keys, and the details still clean under axe, in English and light and in
 * 简体中文 and dark.
 */
test('a designer stars images and notes one, by pointer and by keys, and finds them after a reload', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(90_000)
  await withImages(studio, PROMPTS)
  await openStudio(page, studio)
  await openGallery(page)
  const grid = page.getByRole('listbox', { name: en.gallery.grid.label })
  const fox = grid.getByRole('option', { name: PROMPTS[2], exact: true })

  // The help lists the grid's keys, the stars among them, in a group of their own.
  await fox.focus()
  await press(page, 'Shift+?')
  const help = page.getByRole('dialog', { name: en.ui.shortcuts.title })
  const galleryKeys = help.getByRole('region', { name: en.ui.shortcuts.groups.gallery, exact: true })
  await expect(galleryKeys).toContainText('Give 1 to 5 stars')
  await expect(galleryKeys.locator('kbd')).toContainText(['1–5', '0'])
  await shot(page, 'shortcuts-gallery-en-light')
  await expectAxeClean(page, 'keyboard shortcuts with the gallery keys')
  await press(page, 'Escape')
  await expect(help).toBeHidden()

  await fox.click()
  const details = page.getByRole('complementary', { name: en.gallery.detail.label })
  const stars = details.getByRole('group', { name: en.gallery.marks.rating })
  await expect(stars.getByRole('radio')).toHaveCount(5)
  await expect(stars.getByText(en.gallery.marks.none)).toBeVisible()

  // By pointer: four stars, then the lit star again takes them off, then three. Lit stars are filled and
  // unlit ones outlined, so the count shows without telling the colours apart.
  const star = stars.getByText(/^[★☆]$/)
  await expect(stars.getByText('☆')).toHaveCount(5)
  await star.nth(3).click()
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await expect(stars.getByText('★')).toHaveCount(4)
  await expect(stars.getByText('☆')).toHaveCount(1)
  await expect(grid.getByRole('option', { name: `${PROMPTS[2]}, 4 stars` })).toContainText('★ 4')
  await star.nth(3).click()
  await expect(stars.getByRole('radio', { checked: true })).toHaveCount(0)
  await expect(fox).toBeVisible()
  await star.nth(2).click()
  await expect(stars.getByRole('radio', { name: '3 stars' })).toBeChecked()

  // By keys in the group: one more star, then the note, saved on leaving it.
  await stars.getByRole('radio', { name: '3 stars' }).focus()
  await press(page, 'ArrowRight')
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked()
  const note = details.getByRole('textbox', { name: en.gallery.marks.note })
  await tabTo(page, note)
  await page.keyboard.type('Hero shot.')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Crop tighter at the horizon.')
  await press(page, 'Tab')
  await expect(details.getByRole('status').filter({ hasText: en.gallery.marks.saved })).toBeVisible()
  await shot(page, 'stars-details-en-light')
  await expectAxeClean(page, 'gallery › image details with stars and a note')

  // From the grid's keys: the tile the keys are on, then a selection of two.
  const teapot = grid.getByRole('option', { name: PROMPTS[1], exact: true })
  await teapot.focus()
  await press(page, '2')
  await expect(grid.getByRole('option', { name: `${PROMPTS[1]}, 2 stars` })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Gave 1 image 2 stars.' })).toBeVisible()
  // Escape lets go of the fox the click selected; Space then picks two, and the keys rate both.
  await press(page, 'Escape')
  await press(page, 'Space')
  const lighthouse = grid.getByRole('option', { name: PROMPTS[0], exact: true })
  await lighthouse.focus()
  await press(page, 'Space')
  await expect(page.getByText('2 selected images of 3')).toBeVisible()
  await press(page, '5')
  await expect(page.getByRole('status').filter({ hasText: 'Gave 2 images 5 stars.' })).toBeVisible()
  await expect(grid.getByRole('option', { name: `${PROMPTS[0]}, 5 stars` })).toBeVisible()
  await expect(grid.getByRole('option', { name: `${PROMPTS[1]}, 5 stars` })).toBeVisible()

  // What the backend kept, read again from scratch.
  await page.reload()
  await openGallery(page)
  await grid.getByRole('option', { name: `${PROMPTS[2]}, 4 stars` }).click()
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await expect(note).toHaveValue('Hero shot.\nCrop tighter at the horizon.')

  // The same details in Chinese and the dark theme, also clean.
  await page
    .getByRole('navigation', { name: en.nav.main })
    .getByRole('button', { name: en.nav.settings })
    .click()
  await page.getByRole('radio', { name: LANGUAGES['zh-CN'].name, exact: true }).check()
  await page.getByRole('radio', { name: zhCN.settings.themes.dark, exact: true }).check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await openGallery(page, zhCN)
  const zhGrid = page.getByRole('listbox', { name: zhCN.gallery.grid.label })
  await zhGrid.getByRole('option', { name: `${PROMPTS[2]}，4 星` }).click()
  const zhDetails = page.getByRole('complementary', { name: zhCN.gallery.detail.label })
  await expect(
    zhDetails.getByRole('group', { name: zhCN.gallery.marks.rating }).getByRole('radio', { name: '4 星' })
  ).toBeChecked()
  await expect(zhDetails.getByRole('textbox', { name: zhCN.gallery.marks.note })).toHaveValue(
    'Hero shot.\nCrop tighter at the horizon.'
  )
  await shot(page, 'stars-details-zh-dark')
  await expectAxeClean(page, 'gallery › image details, zh-CN dark')

  // `?` from a tile lists the grid's keys, the stars among them, under their own heading.
  await zhGrid.getByRole('option', { name: `${PROMPTS[2]}，4 星` }).focus()
  await press(page, 'Shift+?')
  const zhHelp = page.getByRole('dialog', { name: zhCN.ui.shortcuts.title })
  const zhKeys = zhHelp.getByRole('region', { name: zhCN.ui.shortcuts.groups.gallery, exact: true })
  await expect(zhKeys).toContainText(zhCN.ui.shortcuts.items.galleryStars)
  await expect(zhKeys.locator('kbd')).toContainText(['1–5', '0'])
  await shot(page, 'shortcuts-gallery-zh-dark')
  await expectAxeClean(page, 'keyboard shortcuts with the gallery keys, zh-CN dark')
  await press(page, 'Escape')
  await expect(zhHelp).toBeHidden()
  expect(outsideRequests).toEqual([])
})
