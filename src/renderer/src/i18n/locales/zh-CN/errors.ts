import type { Catalog } from '../catalog'
import type { errors as en } from '../en/errors'

/** 简体中文: the errors area. */
export const errors: Catalog<typeof en> = {}
