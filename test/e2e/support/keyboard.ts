import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Keyboard-only journeys (issue 16): after the page loads, only keys move the user along, and wherever
 * focus lands it must be seen.
 */

/** What the focused element looks like, read in the page: its description and whether a ring shows. */
interface FocusLook {
  what: string
  outline: string
  boxShadow: string
  visible: boolean
}

/** Runs in the page (a string: the e2e project is typed without the DOM library). */
const FOCUS_LOOK = `(() => {
  const el = document.activeElement
  if (!el || el === document.body) return { what: 'body', outline: '', boxShadow: '', visible: false }
  const style = getComputedStyle(el)
  const outline =
    style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
      ? style.outlineWidth + ' ' + style.outlineStyle + ' ' + style.outlineColor
      : ''
  const boxShadow = style.boxShadow === 'none' ? '' : style.boxShadow
  const name = el.getAttribute('aria-label') ?? (el.innerText ?? '').slice(0, 40)
  return {
    what: el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + name + '"',
    outline,
    boxShadow,
    visible: outline !== '' || boxShadow !== ''
  }
})()`

async function focusLook(page: Page): Promise<FocusLook> {
  return page.evaluate<FocusLook>(FOCUS_LOOK)
}

/**
 * The focused element has a visible focus indicator: a computed outline or box-shadow. Focus may take a
 * moment to settle (a dialog that closes after its action resolves hands focus back to its opener then),
 * so the check gives it up to a second before it says where focus was left.
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  let look = await focusLook(page)
  for (let waited = 0; !look.visible && waited < 1000; waited += 50) {
    await page.waitForTimeout(50)
    look = await focusLook(page)
  }
  expect(look.visible, `no visible focus on ${look.what}`).toBe(true)
}

/** Presses a key (or chord), then checks the focus that results can be seen. */
export async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key)
  await expectVisibleFocus(page)
}

async function isFocused(target: Locator): Promise<boolean> {
  try {
    await expect(target).toBeFocused({ timeout: 50 })
    return true
  } catch {
    return false
  }
}

/**
 * Tabs (or Shift+Tabs) until `target` has the focus, checking at every stop that the focus is visible;
 * fails after `max` stops, naming where focus went.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 60 }: { back?: boolean; max?: number } = {}
): Promise<void> {
  const visited: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    await expectVisibleFocus(page)
    if (await isFocused(target)) return
    visited.push((await focusLook(page)).what)
  }
  throw new Error(`Tab never reached ${target.toString()}; visited:\n${visited.join('\n')}`)
}

/** Types text into the focused field, as a user would. */
export async function typeText(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text)
}

/**
 * Goes to a screen by its shortcut, read from the sidebar button's aria-keyshortcuts (the numbering
 * follows the sidebar), and checks the screen's heading.
 */
export async function goToByKeys(
  page: Page,
  screen: string,
  heading: string | RegExp = screen
): Promise<void> {
  const button = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: screen, exact: true })
  const keys = await button.getAttribute('aria-keyshortcuts')
  if (!keys) throw new Error(`the ${screen} button declares no shortcut`)
  await press(page, keys)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(button).toBeFocused()
}

/** Chooses a model in the shared picker by keys: Tab to it, type to filter, Enter on the first match. */
export async function pickModelByKeys(page: Page, picker: Locator, model: string): Promise<void> {
  await tabTo(page, picker)
  await typeText(page, model)
  await expect(page.getByRole('option', { name: new RegExp(`^${model}\\b`) }).first()).toBeVisible()
  await press(page, 'Enter')
  await expect(picker).toHaveValue(model)
}
