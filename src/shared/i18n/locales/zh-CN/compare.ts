import type { Catalog } from '../catalog'
import type { compare as en } from '../en/compare'

/** 简体中文: the Compare screen. A job is 任务 (as in the Queue), a favorite 收藏 (as in the Gallery). */
export const compare: Catalog<typeof en> = {
  title: '对比',
  form: {
    label: '模型对比',
    prompt: '提示词',
    promptPlaceholder: '黄昏时悬崖上的灯塔，水粉画风格',
    models: '模型',
    modelsHint: '选 {{min}} 到 {{max}} 个，每个模型在各自的端点上单独生成一个任务。',
    full: '一次对比最多 {{max}} 个模型。取消勾选一个再换别的。',
    loadingModels: '正在加载模型…',
    noModels: '此网关没有列出任何图像模型。',
    tryAgain: '重试',
    shape: '画幅',
    shapeHint: '每个模型按其端点提供的尺寸套用这个画幅。',
    plan: '各模型将收到',
    picked: '已选 {{count}} / {{max}}',
    send_one: '对比 {{count}} 个模型',
    send_other: '对比 {{count}} 个模型',
    sending: '正在发送…',
    ready_one: '就绪：向 {{count}} 个模型发送一次请求。',
    ready_other: '就绪：向 {{count}} 个模型各发送一次请求。',
    reasons: {
      prompt: '请填写提示词。',
      few: '请至少选择 {{min}} 个模型。',
      blocked: '{{model}}：{{issue}}'
    }
  },
  // Keyed 16x9, not 16:9: i18next reads a colon in a key as a namespace.
  shapes: {
    default: '各模型默认',
    '1x1': '方形 1:1',
    '3x2': '横版 3:2',
    '2x3': '竖版 2:3',
    '4x3': '横版 4:3',
    '3x4': '竖版 3:4',
    '16x9': '宽屏 16:9',
    '9x16': '竖屏 9:16'
  },
  fit: {
    default: '使用其默认尺寸',
    noField: '无尺寸可设，由网关决定',
    exact: '尺寸 {{value}}',
    near: '尺寸 {{value}}（最接近的可选尺寸）',
    none: '没有{{shape}}尺寸，保持默认'
  },
  issues: {
    notListed: '此网关已不再列出该模型。'
  },
  references: {
    title: '参考图',
    hint_other: '每个模型都会收到这 {{count}} 张',
    image: '参考图 {{n}}',
    remove: '移除参考图 {{n}}'
  },
  grid: {
    title: '并排对比',
    label: '参与对比的模型',
    emptyTitle: '还没有对比',
    emptyText: '写一段提示词，选两到四个模型后发送：每个模型的图片会出现在各自的一栏里。'
  },
  cell: {
    label: '{{model}} 这一栏',
    handing: '正在提交任务…',
    running: '已用时 {{time}}',
    took: '用时 {{time}}',
    keep: '☆ 收藏',
    kept: '★ 已收藏',
    keepHint: '收藏该模型的图片，它们会留在图库的收藏中。'
  }
}
