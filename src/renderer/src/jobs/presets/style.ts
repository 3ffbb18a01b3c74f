import type { Style } from '@shared/schemas/presets'

/** A style as a screen keeps it: its name (what a preset saves) and the words it puts around the prompt. */
export type ChosenStyle = Pick<Style, 'name' | 'prefix' | 'suffix'>

/** The prompt as sent with a style: its words before and after, joined by a space where needed. */
export function styledPrompt(prompt: string, style: Pick<Style, 'prefix' | 'suffix'> | null): string {
  if (!style) return prompt
  const join = (a: string, b: string): string =>
    a === '' ? b : b === '' ? a : /^[,;:.]/.test(b) ? `${a}${b}` : `${a} ${b}`
  return join(join(style.prefix.trim(), prompt.trim()), style.suffix.trim())
}
