/**
 * The shape every language's catalog must have: the English catalog's keys, each a string, except that
 * the `_one` plural forms are optional (Chinese has one plural form, `_other`). A key missing from a
 * translation is a compile error, not a blank on screen.
 */
export type Catalog<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string ? string : Catalog<T[K]>
} & {
  [K in keyof T as K extends `${string}_one` ? K : never]?: string
}
