import type { ReactElement } from 'react'
import { ComingSoon } from '../shell/ComingSoon'

export function GalleryScreen(): ReactElement {
  return <ComingSoon title="Gallery" promise="Browse, search and export everything you have generated." />
}
