import type { FileSettings } from '@shared/schemas/fileSettings'

/**
 * Whether an imported file's settings hold anything the Images form could take (a prompt, a request of
 * ours, a model, a seed, a size, a CFG): only then does the detail offer "Use these settings".
 */
export const offersSettings = (settings: FileSettings | null | undefined): settings is FileSettings =>
  !!settings &&
  (!!settings.prompt ||
    !!settings.body ||
    !!settings.model ||
    settings.seed !== null ||
    (!!settings.width && !!settings.height) ||
    settings.guidance !== null)
