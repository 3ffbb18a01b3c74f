import type { ModelView } from '@shared/schemas/profiles'

/** Where a model sits in the picker: its group's key, heading and place among the groups. */
export interface GroupOf {
  key: string
  label: string
  /** Lower first; groups of equal order follow their labels. */
  order: number
}

export interface PickerOption {
  model: ModelView
  /** Why it cannot be picked right now, in the reader's words; null when it can. */
  disabledReason: string | null
}

export interface PickerGroup {
  key: string
  label: string
  options: PickerOption[]
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/**
 * Groups the listing for the picker: groups by order then heading, and inside a group the models that can
 * be picked first, each part by id ("v2" before "v10"). A model `groupOf` places nowhere (null) is left
 * out; a model listed twice is shown once, in the first group it lands in.
 */
export function groupModels(
  models: readonly ModelView[],
  groupOf: (model: ModelView) => GroupOf | null,
  unavailable: ReadonlyMap<string, string> = new Map()
): PickerGroup[] {
  const groups = new Map<string, GroupOf & { options: PickerOption[] }>()
  const seen = new Set<string>()
  for (const model of models) {
    if (seen.has(model.id)) continue
    const place = groupOf(model)
    if (!place) continue
    seen.add(model.id)
    const group = groups.get(place.key) ?? { ...place, options: [] }
    group.options.push({ model, disabledReason: unavailable.get(model.id) ?? null })
    groups.set(place.key, group)
  }
  return [...groups.values()]
    .sort((a, b) => a.order - b.order || collator.compare(a.label, b.label))
    .map(({ key, label, options }) => ({
      key,
      label,
      options: options.sort(
        (a, b) =>
          Number(a.disabledReason !== null) - Number(b.disabledReason !== null) ||
          collator.compare(a.model.id, b.model.id)
      )
    }))
}

const words = (text: string): string => text.toLocaleLowerCase().normalize('NFKC')

/**
 * Keeps the options every typed word is found in (id, provider, group heading or billing unit, in any
 * case), and drops groups left empty. "image v3" finds "studio-image-v3"; an empty query keeps all.
 */
export function filterGroups(groups: readonly PickerGroup[], query: string): PickerGroup[] {
  const terms = words(query).split(/\s+/).filter(Boolean)
  if (terms.length === 0) return [...groups]
  return groups
    .map((group) => ({
      ...group,
      options: group.options.filter((option) => {
        const { id, ownedBy, billingUnit } = option.model
        const haystack = words([id, ownedBy ?? '', group.label, billingUnit ?? ''].join(' '))
        return terms.every((term) => haystack.includes(term))
      })
    }))
    .filter((group) => group.options.length > 0)
}

/** The options in the order they are shown, for the arrow keys. */
export const flatOptions = (groups: readonly PickerGroup[]): PickerOption[] =>
  groups.flatMap((group) => group.options)

/**
 * The option the arrow keys move to from `from` by `step` (±1), not past either end: disabled ones are
 * landed on too, so a keyboard or screen reader user hears why they cannot be picked. -1 when empty.
 */
export function moveActive(count: number, from: number, step: 1 | -1): number {
  if (count === 0) return -1
  if (from < 0) return step === 1 ? 0 : count - 1
  return Math.min(count - 1, Math.max(0, from + step))
}

/** Where the list opens: on the chosen model, else on the first one that can be picked. */
export function initialActive(options: readonly PickerOption[], value: string | null): number {
  const chosen = value === null ? -1 : options.findIndex((o) => o.model.id === value)
  if (chosen >= 0) return chosen
  return options.findIndex((o) => o.disabledReason === null)
}

/** Grouping by provider (the listing's owned_by); models that name none go last, under `unnamed`. */
export const byProvider =
  (unnamed: string) =>
  (model: ModelView): GroupOf =>
    model.ownedBy
      ? { key: `provider:${model.ownedBy}`, label: model.ownedBy, order: 0 }
      : { key: 'provider:', label: unnamed, order: 1 }
