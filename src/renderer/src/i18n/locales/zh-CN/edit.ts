import type { Catalog } from '../catalog'
import type { edit as en } from '../en/edit'

/** 简体中文: the edit area. */
export const edit: Catalog<typeof en> = {}
