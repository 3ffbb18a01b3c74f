import type { ReactElement } from 'react'
import { ScreenHeader } from '../../ui/ScreenHeader'

/** Says plainly that a screen is not built yet, and what it will do, instead of a blank page. */
export function ComingSoon({ title, promise }: { title: string; promise: string }): ReactElement {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeader title={title} />
      <div className="empty-state">
        <p className="empty-title">Not built yet</p>
        <p>{promise}</p>
      </div>
    </section>
  )
}
