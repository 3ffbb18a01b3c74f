import { z } from 'zod'

/** Options the OpenAI-style image endpoints (compat, v3, edits) share, with the upstream value sets. */
export const openAiImageOptions = {
  background: z.enum(['transparent', 'opaque', 'auto']).optional(),
  output_format: z.enum(['png', 'jpeg', 'webp']).optional(),
  output_compression: z.number().int().min(0).max(100).optional(),
  moderation: z.enum(['low', 'auto']).optional()
}

/** `transparent` needs a format with alpha. */
export function transparentNeedsAlpha(
  body: { background?: string; output_format?: string },
  ctx: z.RefinementCtx
): void {
  if (body.background === 'transparent' && body.output_format === 'jpeg') {
    ctx.addIssue({
      code: 'custom',
      path: ['background'],
      message: '"transparent" requires output_format "png" or "webp"'
    })
  }
}
