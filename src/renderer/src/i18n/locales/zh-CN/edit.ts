import type { Catalog } from '../catalog'
import type { edit as en } from '../en/edit'

/** 简体中文: the edit area. */
export const edit: Catalog<typeof en> = {
  title: '编辑',
  closeImage: '关闭图片',
  sourceSize: '{{width}}×{{height}} · 蒙版将按此精确尺寸发送',
  sourceSizeWhole: '{{width}}×{{height}} · 整张图都可能被修改',
  wholeHint: '整张图模式：拖动可平移，滚轮缩放。只想改一部分，请切换到“涂抹区域”。',
  shortcuts:
    '<kbd>B</kbd> 画笔 · <kbd>E</kbd> 橡皮擦 · <kbd>[</kbd> <kbd>]</kbd> 画笔大小 · <kbd>Ctrl+Z</kbd> 撤销 · <kbd>Ctrl+Shift+Z</kbd> 重做 · 滚轮缩放 · 按住<kbd>空格</kbd>或鼠标中键拖动可平移',
  settings: '编辑设置',
  results: {
    title: '编辑结果',
    emptyTitle: '还没有编辑结果',
    emptyText: '编辑结果会显示在这里，并保存到图库。'
  },
  source: {
    choose: '选择要编辑的图片',
    then: '然后涂抹需要修改的区域，并描述要怎么改。',
    fromLibrary: '从图库选择',
    openFile: '打开文件…',
    fileLabel: '要编辑的图片文件',
    adding: '正在添加图片…',
    dropHint: '也可以把图片拖放或粘贴到这里',
    pickTitle: '选择要编辑的图片'
  },
  notices: {
    noSize: '这张图片的尺寸未知，无法为它制作蒙版。',
    closeFirst: '请先关闭当前图片，否则它的蒙版会丢失。',
    cannotLoad: '该任务无法在这里载入。',
    imageGone: '这次编辑所用的图片已不在图库中。',
    loaded: '已载入之前的编辑。',
    maskUnreadable: '已载入之前的编辑，但无法读回它的蒙版，请重新涂抹。',
    sent: '编辑已发送。完成后结果会直接替换画布，和原图并排对比。',
    arrived: '编辑完成，可以在画布上和原图对比。',
    inputsCapped: '没能全部加进来：输入图片已经满了。'
  },
  mode: {
    label: '修改范围',
    title: '涂抹要改的区域，或者让模型改整张图',
    painted: '涂抹区域',
    whole: '整张图'
  },
  inputs: {
    title: '输入图片',
    count: '{{total}} / {{max}}',
    base: '画布上的图 · 蒙版作用于这张',
    baseWhole: '画布上的图',
    baseAlt: '画布上的图片',
    item: '图片 {{number}}',
    moveUp: '上移{{name}}',
    moveDown: '下移{{name}}',
    remove: '移除{{name}}',
    fromLibrary: '从图库添加',
    fromFile: '添加文件…',
    fileLabel: '其他输入图片文件',
    hint: '模型可以参考的其他图片，会按这个顺序排在画布上的图之后发送。',
    full: '已到上限：一次编辑最多 {{max}} 张图。',
    pickTitle: '添加输入图片'
  },
  compare: {
    label: '结果',
    keep: '继续编辑',
    retry: '重来',
    retryTitle: '回到画布，蒙版保持不变，改改描述再发送',
    results: '结果',
    result: '结果 {{number}}',
    open: '查看大图',
    before: '修改前',
    after: '修改后',
    slider: '修改前后对比',
    value: '修改前 {{before}}，修改后 {{after}}',
    hint: '拖动分隔线，或选中它后用方向键对比。点“继续编辑”会以结果为底图接着改。'
  },
  chain: {
    label: '版本',
    title: '版本',
    hint: '每次保留的结果都是一个版本，选中哪个就从哪个接着改。之后的版本仍保存在图库里。',
    original: '原图',
    edit: '第 {{number}} 次编辑',
    item: '{{name}}，第 {{number}} 个版本，共 {{total}} 个'
  },
  tools: {
    label: '蒙版工具',
    tool: '工具',
    brush: '画笔',
    brushTitle: '画笔（B）',
    eraser: '橡皮擦',
    eraserTitle: '橡皮擦（E）',
    size: '大小',
    sizeTitle: '画笔大小（[ 和 ]）',
    brushSize: '画笔大小',
    pixels: '{{size}} 像素',
    history: '历史记录',
    undo: '撤销',
    undoTitle: '撤销（Ctrl+Z）',
    redo: '重做',
    redoTitle: '重做（Ctrl+Shift+Z）',
    mask: '蒙版',
    invert: '反选',
    invertTitle: '互换已涂抹与未涂抹的区域',
    clear: '清除',
    zoom: '缩放',
    zoomOut: '缩小',
    zoomIn: '放大',
    fit: '适应窗口 · {{zoom}}',
    fitTitle: '完整显示图片',
    overlay: '不透明度',
    overlayTitle: '蒙版在图片上显示的浓淡',
    overlayOpacity: '蒙版叠加不透明度'
  },
  stage: {
    image: '正在编辑的图片',
    mask: '蒙版：涂抹的区域就是模型要修改的部分'
  },
  form: {
    label: '编辑请求',
    prompt: '要修改什么？',
    promptPlaceholder: '例如：把天空换成日落',
    model: '模型',
    loadingModels: '正在加载模型…',
    noModel: '没有可编辑图片的模型',
    noModelHint: '此网关没有为你的密钥提供支持 <code>{{endpoint}}</code> 的模型。',
    images: '图片数量',
    outputFormat: '输出格式',
    defaultFormat: '默认',
    nothingPainted: '还没有涂抹：涂抹的区域就是要修改的部分。',
    painted: '已涂抹：图片的 {{share}} 将被修改。',
    send: '发送编辑',
    sending: '正在发送…',
    ready: '准备就绪。蒙版将按图片的精确尺寸发送。',
    maskExport: '无法准备蒙版：{{reason}}',
    wholeImage: '整张图：不发送蒙版，模型可以改动图中任何地方。',
    readyWhole: '准备就绪，将发送整张图，不带蒙版。',
    decideFirst: '要再发一次编辑，请先选：在这个结果上“继续编辑”，或回到原图“重来”。'
  },
  issues: {
    source: '请选择要编辑的图片。',
    prompt: '请描述要修改的内容。',
    model: '请选择能编辑图片的模型。',
    mask: '请涂抹要修改的区域（按 B 使用画笔）。',
    n: '图片数量须为 1 到 10 之间的整数。'
  }
}
