import type { Catalog } from '../catalog'
import type { gallery as en } from '../en/gallery'

/** 简体中文: the gallery area. */
export const gallery: Catalog<typeof en> = {}
