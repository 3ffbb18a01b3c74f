import type { z } from 'zod'
import type { PriceTable } from '../../src/shared/money'

/** The emulator's two synchronous image models at $0.04 and $0.03 an image, as tests of money price them. */
export const IMAGE_PRICES: z.input<typeof PriceTable> = {
  version: 1,
  currency: 'USD',
  models: {
    'studio-image-v3': { unit: 'image', price: '0.04' },
    'wan-image': { unit: 'image', price: '0.03' }
  }
}
