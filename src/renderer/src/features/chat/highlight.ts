import type { Root } from 'hast'
import { common, createLowlight } from 'lowlight'

/**
 * Syntax highlighting for code blocks in replies: lowlight (highlight.js grammars, the common
 * set of about 35 languages) as a syntax tree, never HTML. This module is loaded on first use only
 * (`import()` from Markdown.tsx), so the app starts without it.
 */
const lowlight = createLowlight(common)

/** Past this size a block without a named language is not guessed at: guessing runs every grammar. */
const AUTO_MAX_CHARS = 4000

export function highlightCode(code: string, language: string | null): Root | null {
  if (language) return lowlight.registered(language) ? lowlight.highlight(language, code) : null
  if (code.length > AUTO_MAX_CHARS) return null
  const guessed = lowlight.highlightAuto(code)
  // A guess with nothing to colour is no better than plain text.
  return guessed.data?.relevance ? guessed : null
}
