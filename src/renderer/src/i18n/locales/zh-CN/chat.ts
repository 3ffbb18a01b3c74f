import type { Catalog } from '../catalog'
import type { chat as en } from '../en/chat'

/** 简体中文: the chat area. */
export const chat: Catalog<typeof en> = {}
