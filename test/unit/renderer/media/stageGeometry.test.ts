import { describe, expect, it } from 'vitest'
import {
  actualScale,
  clampPan,
  fitScale,
  panKeeping,
  placement,
  shownSize
} from '@renderer/media/stageGeometry'

describe('stage geometry', () => {
  const box = { width: 1000, height: 700 }

  it('fits a 16:9 image to the width and keeps its ratio', () => {
    const image = { width: 2048, height: 1152 }
    const shown = shownSize(image, fitScale(image, box))
    expect(shown.width).toBeCloseTo(1000, 6)
    expect(shown.width / shown.height).toBeCloseTo(16 / 9, 9)
    expect(placement(shown, box, { x: 0, y: 0 }).y).toBeCloseTo((700 - 562.5) / 2, 6)
  })

  it('fits a 9:16 image to the height, and enlarges a small one to fill the box', () => {
    expect(fitScale({ width: 1152, height: 2048 }, box)).toBeCloseTo(700 / 2048, 9)
    expect(fitScale({ width: 320, height: 240 }, box)).toBeCloseTo(700 / 240, 9)
  })

  it('shows one image pixel per device pixel at 1:1', () => {
    expect(actualScale(1)).toBe(1)
    expect(actualScale(2)).toBe(0.5)
    expect(actualScale(0)).toBe(1)
  })

  it('pans only as far as the image reaches past the box, and not at all when it fits', () => {
    const shown = { width: 2048, height: 1152 }
    expect(clampPan({ x: 5000, y: -5000 }, shown, box)).toEqual({ x: 524, y: -226 })
    expect(clampPan({ x: 40, y: 40 }, { width: 500, height: 300 }, box)).toEqual({ x: 0, y: 0 })
  })

  it('keeps the point under the pointer in place when zooming', () => {
    const at = { x: 200, y: -100 }
    const pan = panKeeping(at, { x: 0, y: 0 }, 0.5, 1)
    // The image point under `at` was at (at - pan)/0.5 from the centre; after zooming it is still at `at`.
    expect(pan.x + (at.x / 0.5) * 1).toBeCloseTo(at.x, 6)
    expect(pan.y + (at.y / 0.5) * 1).toBeCloseTo(at.y, 6)
    expect(pan).toEqual({ x: -200, y: 100 })
  })
})
