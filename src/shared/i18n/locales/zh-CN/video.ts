import type { Catalog } from '../catalog'
import type { video as en } from '../en/video'

/** 简体中文: the video area. */
export const video: Catalog<typeof en> = {
  title: '视频',
  form: {
    title: '新建视频',
    noModelTitle: '此网关没有视频模型',
    noModelText: '网关列出的模型都不支持 <code>{{endpoint}}</code>。',
    checkAgain: '重新检查',
    model: '模型',
    loadingModels: '正在加载模型…',
    noModel: '没有视频模型',
    prompt: '提示词',
    promptPlaceholder: '雨中的街道上，一只纸船顺水漂流，缓慢推镜',
    duration: '时长（秒）',
    size: '尺寸（可选）',
    width: '宽度',
    height: '高度',
    sizePreset: '尺寸预设',
    gatewayDefault: '网关默认',
    custom: '自定义',
    presets: {
      landscape: '{{width}} × {{height}} · 横屏',
      portrait: '{{width}} × {{height}} · 竖屏',
      landscapeHd: '{{width}} × {{height}} · 横屏高清',
      square: '{{width}} × {{height}} · 方形'
    },
    starting: '正在启动…',
    generate: '生成视频',
    runsAsTask: '以任务形式在网关上运行，离开此页面或关闭应用后仍会继续。',
    runsAsTaskBilled: '以任务形式在网关上运行，离开此页面或关闭应用后仍会继续。按 {{unit}} 计费。'
  },
  more: {
    title: '更多选项',
    intro:
      '以扩展字段发送，沿用多数视频网关的字段名（<code>resolution</code>、<code>ratio</code>、<code>seed</code>、<code>watermark</code>、<code>generate_audio</code>、<code>image</code>）。保持“网关默认”则不发送该字段。',
    resolution: '分辨率',
    ratio: '画面比例',
    adaptive: '自适应',
    seed: '随机种子',
    random: '随机',
    watermark: '水印',
    on: '开启',
    off: '关闭',
    audio: '声音',
    withSound: '有声',
    silent: '静音',
    otherFields: '其他字段（JSON）',
    otherFieldsHint: '网关支持的其他参数都可以写在这里，例如 <code>{"camera_fixed": true}</code>。'
  },
  firstFrame: {
    title: '首帧',
    none: '无',
    library: '从图库选择',
    url: '图片地址',
    libraryImages: '图库图片',
    loading: '正在载入图库…',
    empty: '图库中还没有图片，请先生成或导入一张。',
    imported: '导入的图片',
    importedSized: '导入的图片 {{width}}×{{height}}'
  },
  issues: {
    notJson: '这不是有效的 JSON。请填写一个对象，例如 {"camera_fixed": true}。',
    notObject: '请填写一个 JSON 对象，例如 {"camera_fixed": true}。',
    extraField: '{{field}}：{{reason}}',
    aFieldName: '字段名',
    notAllowed: '不允许',
    setAbove: '请在上方的字段中设置 {{names}}，不要写在这里。',
    seed: '随机种子须为整数。',
    pickLibraryImage: '请从图库中选择一张图片，或选择“无”。',
    imageAddress: '请输入图片的 http(s) 地址。',
    sizeBoth: '宽度和高度请同时填写，或都不填。',
    sizeWhole: '宽度和高度须为整数像素。',
    model: '请选择此网关的视频模型。'
  },
  recent: {
    title: '我的视频',
    list: '最近的视频',
    emptyTitle: '还没有视频',
    emptyText: '描述一个镜头并选好时长，视频生成后会在这里播放。'
  },
  card: {
    player: '视频：{{prompt}}',
    progress: '“{{prompt}}”的进度',
    runningFor: '已运行 {{duration}}',
    showInQueue: '在队列中查看'
  }
}
