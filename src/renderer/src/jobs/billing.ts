/** How a model says it bills, in words for the line under a model picker (Images, Edit). */
export function billingLabel(unit: string | null | undefined): string {
  if (!unit) return 'The gateway does not say how this model is billed'
  if (unit === 'image') return 'Billed per image'
  if (unit === 'token') return 'Billed per token'
  return `Billed per ${unit}`
}
