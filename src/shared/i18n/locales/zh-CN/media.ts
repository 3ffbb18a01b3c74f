import type { Catalog } from '../catalog'
import type { media as en } from '../en/media'

/**
 * 简体中文: the media area, in the gallery's words (收藏、用量、改写后的提示词、图库). "Remix" fills the form with a
 * job's prompt and parameters again, so it reads 复用参数; file symbols (KB、MB) and the browser's own
 * words about a video stay as they are.
 */
export const media: Catalog<typeof en> = {
  card: {
    label: '任务：{{prompt}}',
    images: '图片',
    workingOn: '{{status}}：已收到 {{arrived}}/{{total}} 张图片',
    streamRefused: '网关拒绝为这个模型使用流式输出。已记住这一点：下次这个模型会默认关闭流式输出。',
    remixWithoutStream: '复用参数（关闭流式输出）',
    usage: '用量：{{usage}}',
    copyPrompt: '复制提示词',
    remix: '复用参数',
    noCancelCall: '此网关未设置取消调用：“停止跟踪”只会让应用不再跟踪它，网关仍可能继续运行并计费。'
  },
  slot: {
    name: '第 {{position}} 张，共 {{total}} 张',
    open: '第 {{position}} 张，共 {{total}} 张，{{size}}：打开大图',
    favorite: '收藏第 {{position}} 张（共 {{total}} 张）',
    failedName: '第 {{position}} 张（共 {{total}} 张）失败',
    failed: '第 {{position}} 张失败',
    title: '第 {{position}} 张',
    note: '第 {{position}} 张，共 {{total}} 张：{{text}}',
    saving: '正在保存到图库…',
    neverArrived: '未送达：流式传输提前结束。',
    generating: '正在生成…',
    notKept: '这张图片未能保存。'
  },
  usage: {
    images_other: '{{n}} 张图片',
    tokens_other: '{{n}} Token',
    outputTokens_other: '输出 {{n}} Token',
    separator: '，'
  },
  results: {
    running: '{{count}} 个运行中',
    showOlder: '显示更早的'
  },
  viewer: {
    title: '第 {{position}} 张，共 {{total}} 张',
    cannotShow: '无法显示这张图片',
    cannotShowWords: '无法显示这个图片文件：文件已损坏，或其格式无法在这里解码。',
    previous: '上一张',
    next: '下一张',
    close: '关闭',
    size: '尺寸',
    model: '模型',
    created: '创建时间',
    prompt: '提示词',
    revisedPrompt: '改写后的提示词',
    usage: '用量',
    notReported: '网关未报告',
    wholeJob: '网关按整个任务报告用量，没有单张图片的用量（见任务卡片）',
    favorite: '收藏',
    copyPrompt: '复制提示词',
    remix: '复用参数',
    useAsReference: '用作参考图',
    edit: '编辑',
    openFull: '打开原图',
    saveCopy: '另存一份'
  },
  stage: {
    fitLabel: '适应',
    actualLabel: '实际像素',
    toActual: '按实际像素显示（1:1）',
    toFit: '适应窗口',
    hint: '按 Z 在适应和 1:1 之间切换 · 1:1 时拖动或用方向键移动画面 · ← → 切换图片',
    canvas: '图片（{{zoom}}）',
    filmstrip: '本次任务的图片',
    neighbours: '相邻图片',
    frame: '第 {{position}} 张，共 {{total}} 张',
    parameters: '参数',
    noParameters: '只有提示词和模型',
    job: '本次任务',
    wholeJobUsage: '整个任务（{{images}}）共 {{usage}}，网关没有报告单张图片的用量'
  },
  library: {
    close: '关闭',
    emptyTitle: '图库是空的',
    emptyText: '生成的图片和你添加的文件会显示在这里。',
    images: '图库图片',
    imported: '导入的图片',
    showOlder: '显示更早的',
    loading: '正在加载…',
    chosen: '已选 {{chosen}}/{{limit}}',
    addOne: '添加图片',
    addMany_other: '添加 {{count}} 张图片'
  },
  failure: {
    anotherPlayer: '其他播放器也许能打开它；文件仍保留在图库中。',
    download: '下载文件'
  },
  video: {
    cannotPlay: '这里无法播放此视频',
    playerSays: '（播放器提示：{{message}}）',
    aborted: '视频在开始播放前停止了加载{{detail}}。',
    network: '无法从图库读取此视频{{detail}}。文件可能已被移动或删除。',
    decode: '文件已读取，但无法解码：文件已损坏，或其编码方式这个播放器无法读取{{detail}}。',
    unsupported:
      '这个播放器无法以 {{type}} 格式打开此文件：文件已损坏，或其格式、编码在这里不受支持{{detail}}。',
    unsupportedVideo:
      '这个播放器无法以视频格式打开此文件：文件已损坏，或其格式、编码在这里不受支持{{detail}}。'
  },
  facts: {
    seconds: '{{seconds}} 秒',
    minutes: '时长 {{time}}'
  },
  intake: {
    pasted: '粘贴的图片',
    notImage: '{{name}} 不是 PNG、JPEG 或 WebP 图片。',
    tooLarge: '{{name}} 超过了 {{size}} MB。',
    unreadable: '无法读取 {{name}}。',
    refused: '{{name}}：{{reason}}'
  }
}
