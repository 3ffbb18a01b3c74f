/** Copies text with the async clipboard; says in the screen's notice line whether it worked. */
export async function copyPrompt(text: string, say: (notice: string) => void): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    say('Prompt copied.')
  } catch {
    say('The clipboard is not available here; select the prompt and copy it by hand.')
  }
}
