import type { Catalog } from '../catalog'
import type { images as en } from '../en/images'

/** 简体中文: the images area. */
export const images: Catalog<typeof en> = {}
