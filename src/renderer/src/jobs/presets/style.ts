import type { Style } from '@shared/schemas/presets'

/** A style as a screen keeps it: its name (what a preset saves) and the words it puts around the prompt. */
export type ChosenStyle = Pick<Style, 'name' | 'prefix' | 'suffix'>

/** Shared with the batch expansion, so a batch's rows are styled as a single send is. */
export { styledPrompt } from '@shared/text'
