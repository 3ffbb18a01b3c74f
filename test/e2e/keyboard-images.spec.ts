import { expect, openStudio, test } from './support/fixtures'
import { goToByKeys, press, tabTo, typeText } from './support/keyboard'
import { generateForm, imagesOf, jobCard } from './support/studio'

/*
 * Issue 16, keyboard only: Images against the demo gateway. Tab to the prompt, write it, generate with the
 * app's Ctrl+Enter from inside the prompt, then Tab to the finished image and open its full view by Enter.
 */
test('keyboard only: an image is generated and opened from the results', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(90_000)
  await openStudio(page, studio)
  await goToByKeys(page, 'Images')

  const prompt = 'a kettle on a stove, drawn by keyboard'
  await tabTo(page, generateForm(page).getByLabel('Prompt'))
  await typeText(page, prompt)
  await press(page, 'Control+Enter')

  const card = jobCard(page, prompt)
  await expect(card).toBeVisible()
  const first = imagesOf(card).first()
  await expect(first).toBeVisible({ timeout: 45_000 })

  // The result is reachable by Tab and opens by Enter; Escape closes the view.
  await tabTo(page, first, { max: 80 })
  await press(page, 'Enter')
  const viewer = page.getByRole('dialog')
  await expect(viewer).toBeVisible()
  await page.screenshot({ path: '/tmp/kb/images-viewer.png' })
  await press(page, 'Escape')
  await expect(viewer).toBeHidden()
  await expect(first).toBeFocused()
  expect(outsideRequests).toEqual([])
})
