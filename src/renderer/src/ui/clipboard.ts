import type { TFunction } from 'i18next'
import { currentT } from './words'

/** Copies text with the async clipboard; says in the screen's notice line whether it worked. */
export async function copyPrompt(
  text: string,
  say: (notice: string) => void,
  t: TFunction = currentT
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    say(t('ui.clipboard.copied'))
  } catch {
    say(t('ui.clipboard.unavailable'))
  }
}
