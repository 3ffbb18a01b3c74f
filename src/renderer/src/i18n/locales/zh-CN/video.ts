import type { Catalog } from '../catalog'
import type { video as en } from '../en/video'

/** 简体中文: the video area. */
export const video: Catalog<typeof en> = {}
