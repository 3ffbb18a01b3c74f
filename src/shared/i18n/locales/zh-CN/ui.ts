import type { Catalog } from '../catalog'
import type { ui as en } from '../en/ui'

/**
 * 简体中文: the ui area. Endpoint names are the ones the Images screen shows (同步出图、流式组图、单张生成…);
 * a job's states follow the words Chinese task queues use (排队中、运行中、已完成、部分完成).
 */
export const ui: Catalog<typeof en> = {
  locale: 'zh-CN',
  endpoints: {
    models: '模型列表',
    chatCompletions: 'Chat Completions 接口',
    messages: 'Messages 接口',
    responses: 'Responses 接口'
  },
  list: { separator: '、', or: '或', and: '和' },
  sentenceGap: '',
  gatewayLine: {
    on: '当前网关：{{gateway}}',
    demo: ' · 演示网关：{{gives}}。',
    gives: {
      chat: '回复是随机生成的占位文字，并非真实模型',
      images: '只会绘制占位图形，不会按提示词作画',
      video: '只返回一段示例视频，并非按提示词生成'
    }
  },
  models: {
    thisGateway: '此网关',
    unlisted: '当前网关（{{gateway}}）未提供 {{model}}，已取消选择。请从它提供的模型中另选一个。'
  },
  modelPicker: {
    list: '模型列表',
    noProvider: '其他',
    none: '此网关没有适用于这个页面的模型。',
    noMatch: '没有匹配“{{query}}”的模型。',
    count_other: '{{count, number}} 个模型',
    cannotPick: '暂不可选：{{reason}}',
    unavailable: '暂不可用：网关在 {{time}} 拒绝了请求，{{until}} 后可再试',
    noAccess: '你的 API 密钥无权使用此模型'
  },
  referenceOffer: {
    takesNone_other: '{{model}} 不支持参考图，添加的 {{count}} 张参考图无法随它一起发送。',
    takesFewer: '{{model}} 最多支持 {{max}} 张参考图，当前已添加 {{count}} 张。',
    switch: '换成支持参考图的模型（提示词和参考图都会保留）：',
    switchTo: '换成 {{model}}',
    upTo_other: '最多 {{count}} 张 · {{via}}',
    noneOnGateway: '{{gateway}} 上没有模型支持这么多张参考图。',
    remove_other: '改为移除参考图'
  },
  clipboard: {
    copied: '已复制提示词。',
    unavailable: '这里无法使用剪贴板，请选中提示词后手动复制。'
  },
  dialog: { close: '关闭', cancel: '取消' },
  shortcuts: {
    title: '键盘快捷键',
    open: '键盘快捷键',
    tooltip: '{{label}}（{{keys}}）',
    groups: {
      general: '全局',
      screens: '切换页面',
      gallery: '图库',
      chat: '聊天输入框',
      maskEditor: '蒙版编辑'
    },
    items: {
      help: '查看键盘快捷键',
      submit: '在当前页面发送或生成，输入时也可用',
      close: '关闭对话框、菜单或列表',
      screen: '前往{{screen}}',
      send: '发送消息',
      newline: '换行',
      brush: '画笔',
      eraser: '切换橡皮擦',
      smaller: '缩小笔刷',
      larger: '放大笔刷',
      undo: '撤销一笔',
      redo: '重做一笔',
      pan: '按住并拖动可平移画面',
      move: '画布选中时移动画笔（按住 Shift 移得更远）',
      paint: '在画笔处涂抹；按住再配合方向键可画一笔',
      galleryMove: '移到上一张或下一张图片',
      galleryEnds: '跳到第一张或最后一张图片',
      galleryOpen: '查看图片详情；再按一次放大查看',
      gallerySelect: '将图片加入所选，或移出所选',
      galleryRange: '选中从上次选择的图片到这张之间的所有图片',
      galleryStars: '评 1 到 5 星（图片在所选之中时，给所有所选图片评星）',
      galleryNoStars: '清除星级',
      galleryClear: '取消选择'
    },
    keys: { ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', enter: 'Enter', escape: 'Esc', space: '空格' }
  },
  link: {
    missingToken: '此页面需要使用 `npm run web` 打印的地址打开（地址中带有一次性令牌）。',
    notSent: '未发送：暂时无法连接 Gateway Studio 的后端。它会自动重连，恢复后请再试一次。',
    cutOff:
      '与 Gateway Studio 后端的连接在答复前中断，这项操作可能已完成，也可能没有。连接恢复后请检查一下。',
    noAnswer: '网页服务没有响应：它已停止或已崩溃。',
    newAddress: '网页服务已重新运行，但地址已更换。请打开它打印的新地址继续。',
    httpStatus: '网页服务返回了 HTTP {{status}}。',
    closed: '与网页服务的连接已关闭：它已停止或已崩溃。',
    appBackend: '应用的后端没有响应（{{reason}}）。'
  },
  jobs: {
    status: {
      pending: '等待发送',
      running: '运行中',
      succeeded: '已完成',
      failed: '失败',
      cancelled: '已取消',
      expired: '已过期',
      needs_attention: '需要处理',
      incomplete: '部分完成'
    },
    task: {
      pending: '等待发送',
      submitting: '已发送，等待答复',
      queued: '在网关排队中',
      running: '网关正在运行',
      succeeded: '已完成',
      failed: '失败',
      cancelled: '已取消',
      expired: '已过期',
      needs_attention: '需要处理',
      incomplete: '部分完成'
    },
    saving: '正在保存到图库',
    waitingForDisk: '等待磁盘空间以便保存',
    waitingForBudget: '等待预算',
    untracked: '已停止跟踪——网关仍可能完成并计费',
    receiving: '正在接收图片',
    savingResult: '正在把结果保存到图库',
    partial: {
      ready: '{{total}} 张中 {{ready}} 张已就绪',
      failed: '{{count}} 张失败',
      missing: '{{count}} 张未送达',
      cancelled: '{{count}} 张已取消',
      separator: '，'
    },
    progress: {
      percent: '{{percent}}%',
      done: '已完成 {{done}}/{{total}}',
      soFar_other: '已收到 {{count}} 张'
    },
    duration: {
      seconds: '{{seconds}} 秒',
      minutes: '{{minutes}} 分 {{seconds}} 秒',
      hours: '{{hours}} 小时 {{minutes}} 分',
      days_other: '{{count}} 天'
    },
    billing: {
      unknown: '网关未说明此模型的计费方式',
      image: '按张计费',
      token: '按 Token 计费',
      other: '按 {{unit}} 计费'
    },
    cancel: {
      cancel: '取消',
      stopTracking: '停止跟踪',
      stopsHere: '在这里停止，不再发送任何请求。',
      asksGateway: '在这里停止，并请网关取消它（{{call}}）。',
      mayStillRun: '在这里停止跟踪。我们不知道此网关的取消调用，因此网关仍可能继续运行并计费。',
      stoppedTracking: '已停止跟踪',
      notAsked: '没有请网关取消（未设置取消调用）：网关仍可能运行“{{what}}”并计费。',
      refused: '网关没有取消它',
      cancelled: '已在网关取消',
      answers: '{{answers}}（“{{what}}”）'
    }
  }
}
