/** A file's text without the byte-order mark some editors (Excel's "CSV UTF-8") put first. */
export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)

/** Words a style puts before and after a prompt. */
export interface PromptStyle {
  prefix: string
  suffix: string
}

/**
 * The prompt as sent with a style: its words before and after, joined by a space where needed (none
 * before punctuation). The same on every screen and for every row of a batch.
 */
export function styledPrompt(prompt: string, style: PromptStyle | null | undefined): string {
  if (!style) return prompt
  const join = (a: string, b: string): string =>
    a === '' ? b : b === '' ? a : /^[,;:.]/.test(b) ? `${a}${b}` : `${a} ${b}`
  return join(join(style.prefix.trim(), prompt.trim()), style.suffix.trim())
}
