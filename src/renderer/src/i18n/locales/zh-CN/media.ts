import type { Catalog } from '../catalog'
import type { media as en } from '../en/media'

/** 简体中文: the media area. */
export const media: Catalog<typeof en> = {}
