import type { Catalog } from '../catalog'
import type { ui as en } from '../en/ui'

/** 简体中文: the ui area. */
export const ui: Catalog<typeof en> = {}
