import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { endpointInfo } from '../../jobs/imageForm/form'
import type { PlannedJob } from './plan'
import { shapeKey, type Shape, type ShapeFit } from './shapes'

function fitWords(fit: ShapeFit, shape: Shape, t: TFunction): string {
  switch (fit.kind) {
    case 'default':
      return fit.noField ? t('compare.fit.noField') : t('compare.fit.default')
    case 'exact':
      return t('compare.fit.exact', { value: fit.value })
    case 'near':
      return t('compare.fit.near', { value: fit.value })
    case 'none':
      return t('compare.fit.none', { shape: t(`compare.shapes.${shapeKey(shape)}`) })
  }
}

/**
 * What each ticked model will be sent, before anything is: the size its endpoint gets for the shape (or
 * that it cannot take that shape), and anything its pre-flight refuses, in the Images screen's words.
 */
export function PlanList({ plans, shape }: { plans: readonly PlannedJob[]; shape: Shape }): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="compare-plan" aria-label={t('compare.form.plan')}>
      <h2 className="compare-plan-title">{t('compare.form.plan')}</h2>
      <ol>
        {plans.map((plan) => (
          <li key={`${plan.endpoint}|${plan.model}`} className={plan.issues.length > 0 ? 'blocked' : ''}>
            <span className="compare-plan-model">{plan.model}</span>
            <span className="muted"> · {endpointInfo(plan.endpoint, t).label} · </span>
            <span className={plan.fit.kind === 'none' || plan.fit.kind === 'near' ? 'compare-warn' : ''}>
              {fitWords(plan.fit, shape, t)}
            </span>
            {plan.issues.map((issue) => (
              <p key={issue} className="compare-issue" role="alert">
                {issue}
              </p>
            ))}
          </li>
        ))}
      </ol>
    </section>
  )
}
