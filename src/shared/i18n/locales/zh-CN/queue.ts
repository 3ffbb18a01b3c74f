import type { Catalog } from '../catalog'
import type { queue as en } from '../en/queue'

/**
 * 简体中文: the queue area. A job is 任务 and the requests the gateway sees for it are 子任务; polling is
 * 轮询. Sending a job again is 重新发送, and it "may charge twice" (可能重复计费); stopping to follow a task
 * the gateway keeps is 停止跟踪, never 取消.
 */
export const queue: Catalog<typeof en> = {
  title: '队列',
  summary: {
    nothing: '没有正在运行的任务',
    running: '{{count, number}} 个运行中',
    waiting: '{{count, number}} 个等待发送',
    attention: '{{count, number}} 个需要处理'
  },
  badge: {
    running: '{{count, number}} 个运行中',
    waiting: '{{count, number}} 个等待发送',
    attention_other: '{{count, number}} 个需要处理',
    and: '，'
  },
  filters: {
    status: '状态',
    statuses: {
      all: '全部状态',
      active: '进行中',
      attention: '需要处理',
      done: '已完成',
      failed: '失败或部分完成',
      cancelled: '已取消'
    },
    kind: '类型',
    kinds: { all: '全部类型', image: '图片', edit: '编辑', video: '视频' },
    gateway: '网关',
    anyGateway: '全部网关',
    clear: '清除筛选'
  },
  empty: {
    filteredTitle: '没有符合这些筛选条件的任务',
    filteredText: '试试换个状态、类型或网关。',
    title: '还没有任务',
    text: '视频、图片组以及其他所有生成任务在运行时都会显示在这里，附带进度和结果。应用重启后，它们仍会继续。',
    makeVideo: '生成视频',
    generateImages: '生成图片'
  },
  loadFailed: '无法载入队列',
  list: '任务列表',
  loading: '正在载入…',
  older: '显示更早的任务',
  team: {
    title: '团队同步',
    starting: '正在连接 {{name}}…',
    publish: '正在共享到 {{name}}',
    sync: '正在与 {{name}} 同步',
    cleanUp: '正在清理 {{name}}',
    sending: '已发送 {{done, number}} / {{total, number}} 张图片',
    sendingBytes: '已发送 {{done, number}} / {{total, number}} 张图片 · {{sent}} / {{size}}',
    reading: '正在读取队友的更改：{{done, number}} / {{total, number}}',
    receiving: '已接收 {{done, number}} / {{total, number}} 张图片',
    progressLabel: '与 {{name}} 同步的进度',
    failed: '无法与 {{name}} 同步',
    failedAt: '上次尝试于 {{time}}。在此所做的更改会等待，连上后即发送。',
    syncNow: '立即同步',
    syncing: '正在同步…'
  },
  batches: {
    title: '批量任务',
    progress: '已完成 {{done, number}} / {{total, number}}',
    progressLabel: '{{name}} 的进度',
    failed_other: '{{count, number}} 个失败',
    left: '按目前速度约需 {{time}}',
    sending: '按队列顺序发送中。',
    pausedUser: '已暂停：恢复之前不会发送其中等待的任务。',
    pausedBalance: '已暂停：网关表示此密钥的余额或额度已用完。请充值后再恢复这个批量。',
    pause: '暂停批量',
    resume: '恢复批量',
    retryFailed_other: '重试 {{count, number}} 个失败任务',
    retried_other:
      '已重新发送 {{count, number}} 个任务，每个都是新的请求（之前的请求已被拒绝，不会重复计费）。',
    cancel: '取消批量',
    cancelTitle: '取消“{{name}}”？',
    cancelWaiting_other: '{{count, number}} 个尚未发送的任务将不再发送。',
    cancelGoing_other:
      '{{count, number}} 个任务已在网关处理中：Gateway Studio 将停止跟踪，但网关仍可能完成并计费。',
    keep: '保留批量',
    cancelConfirm: '取消批量',
    cancelled_other: '已取消 {{count, number}} 个任务。',
    cancelledUntracked:
      '已取消 {{count, number}} 个任务。其中 {{untracked, number}} 个已被网关接受：不再跟踪，网关仍可能完成并计费。',
    toFront: '优先发送',
    waitingBudget_other:
      '等待预算：{{count, number}} 个任务发送后会超出支出上限（这个批量的，或你每日、每月的），因此暂不发送。提高上限即可发送。',
    spent: '已花费 {{spent}}，上限 {{cap}}',
    spentNoCap: '已花费 {{spent}}，未设上限',
    reserved: '{{amount}} 正在进行',
    changeCap: '修改上限',
    setCap: '设置上限',
    capLabel: '这个批量的上限（{{currency}}）',
    capHint: '留空表示这个批量没有自己的上限。提高上限后，能容纳的任务会立即发送。',
    capInvalid: '请输入金额，例如 5 或 12.50，或者留空。',
    capSave: '保存上限',
    capKeep: '保持不变',
    publish: {
      menu: '发布给团队…',
      title: '将“{{name}}”发布给团队',
      none: '这台电脑上还没有团队位置。团队位置是团队存放图库的存储桶、服务器或共享文件夹：请先在“设置 › 团队位置”中添加，再发布这个批量。',
      whatGoes:
        '批量中已完成的图片会作为一个以批量命名的画板，连同提示词和保留/舍弃标记一起上传到“{{location}}”。',
      later: '批量之后完成的图片会在下次与“{{location}}”同步时加入画板（应用每 2 分钟自动同步一次）。',
      again: '再次发布这个批量时，更新的是同一个画板，不会出现第二个。',
      teammates: '与“{{location}}”同步的队友会在自己的图库中看到这个画板。',
      nothingDeleted: '团队位置上的内容永远不会被删除。',
      publish: '发布',
      cancel: '取消',
      ok: '知道了',
      background: '在后台继续发布',
      done: '完成',
      publishing: '正在将批量的图片发布到“{{location}}”…',
      publishingLabel: '正在发布批量',
      publishingSlow: '图片较多时可能需要一些时间。关闭此窗口后发布仍会继续。',
      published_other:
        '已将 {{count, number}} 张图片发布到“{{location}}”，画板名为“{{board}}”。队友同步后即可看到。',
      failed: '无法发布到“{{location}}”'
    }
  },
  pause: {
    idle: '没有等待发送的任务。',
    pause: '暂停队列',
    resume: '继续队列',
    sending_other: '{{count, number}} 个任务等待发送。',
    paused_other:
      '队列已暂停：{{count, number}} 个等待中的任务在你继续之前不会发送，已在发送的任务会照常完成。'
  },
  row: {
    place: '第 {{place, number}} 位',
    notSent: '尚未发送',
    waitingFor: '已等待',
    placeGroup: '排队位置（Alt+↑ / Alt+↓ 移动，或拖动这一行）',
    earlier: '提前',
    later: '延后',
    toFront: '下一个发送',
    noPrompt: '（无提示词）',
    streamed: '，流式返回',
    group: '（{{count, number}} 个子任务）',
    runningFor: '已运行',
    took: '用时',
    progress: '“{{prompt}}”的进度',
    lastPoll: '上次轮询：{{ago}}',
    notPolled: '尚未轮询',
    polls_other: '已轮询 {{count, number}} 次',
    justNow: '刚刚',
    ago: '{{duration}}前',
    pollingNow: '正在轮询',
    nextIn: '{{duration}}后轮询',
    stillProcessed: '仍在处理中',
    noAnswer: '未收到答复',
    waitingReply: '正在等待答复',
    neverPolled: '从未轮询',
    oneRequest: '单次请求，无需轮询',
    play: '播放',
    open: '打开',
    sendAgain: '重新发送…',
    retry: '重试',
    retryHint: '以新任务再次发送相同的请求',
    cancel: '取消',
    stopTracking: '停止跟踪',
    delete: '删除…',
    deleteHint: '删除',
    showTasks_other: '显示 {{count, number}} 个子任务',
    showDetails: '显示详情',
    tasks_other: '{{count, number}} 个子任务',
    mayStillBill: '此网关未设置取消调用：“停止跟踪”只是让应用不再跟踪这个任务，网关仍可能继续运行并计费。',
    stillTrying: '仍在重试，上次出错：{{error}}',
    cannotRetry: '无法再读取这个任务的请求，不能重试。'
  },
  details: {
    usage: '本任务用量：{{usage}}',
    billedPer: { token: '按 Token 计费', image: '按张计费', other: '按 {{unit}} 计费' },
    tasks: '本任务的子任务',
    task: '子任务 {{number}}',
    gatewayStatus: '网关状态：',
    pollsLast: '{{polls}}（上次：{{ago}}）',
    cancel: '取消：'
  },
  resend: {
    title: '重新发送这个请求？',
    keep: '不发送',
    confirm: '重新发送（可能重复计费）',
    lostOne:
      'Gateway Studio 没有收到这个请求的答复：发送过程中连接中断，或应用停止了。网关可能已经运行了它<strong>并已计费</strong>。',
    lostMany:
      'Gateway Studio 没有收到其中 {{count, number}} 个请求的答复：发送过程中连接中断，或应用停止了。网关可能已经运行了它们<strong>并已计费</strong>。',
    chargeTwice:
      '重新发送<strong>可能重复计费</strong>。请求会带着相同的请求键发出，支持的网关可以借此识别重复请求，但并非所有网关都支持。',
    unsure: '如果不确定，请先查看网关的用量或账单页面，或者改为取消这个任务。'
  },
  delete: {
    title: '删除这个任务？',
    keep: '保留',
    confirm: '删除',
    withFiles_other: '“{{prompt}}”及其 {{count, number}} 个已保存的文件将从图库中移除。此操作无法撤销。',
    noFiles: '“{{prompt}}”将从列表中移除。此操作无法撤销。',
    stillRunning: '它仍在运行：会先在这里停止，但网关仍可能把它完成。'
  },
  result: {
    image: '结果',
    video: '视频',
    player: '视频：{{prompt}}',
    missingImage: '图片 {{number}}：{{status}}',
    missingVideo: '视频 {{number}}：{{status}}',
    statuses: {
      pending: '仍在下载',
      stored: '已保存',
      failed: '失败',
      expired: '已过期',
      rejected: '被拒绝'
    }
  },
  notice: {
    play: '播放',
    open: '打开',
    show: '在队列中查看',
    what: {
      image_other: '{{count, number}} 张图片',
      edit: '编辑任务',
      video: '视频'
    },
    titles: {
      ready: '{{what}}已完成',
      unsaved: '{{what}}已生成，但没能保存',
      partly_saved: '{{what}}已生成，部分没能保存',
      partly_done: '{{what}}只完成了一部分',
      failed: '{{what}}未能完成',
      expired: '{{what}}已过期',
      needs_attention: '{{what}}需要你处理',
      cancelled_by_gateway: '{{what}}已被网关取消',
      batch_done: '批量已完成'
    },
    bodies: {
      ready: '“{{prompt}}”，模型：{{model}}',
      saved: '“{{prompt}}”：已保存 {{saved, number}}/{{total, number}}。{{reason}}',
      partly_done: '“{{prompt}}”：已收到 {{arrived, number}}/{{expected, number}}。',
      failed: '“{{prompt}}”：{{reason}}',
      needs_attention: '“{{prompt}}”：请求可能已经发出并已计费。再次发送前，请先到队列中核对。',
      prompt: '提示词：“{{prompt}}”',
      batch_done: '“{{name}}”：完成 {{done, number}}/{{total, number}}，失败 {{failed, number}}'
    },
    noResult: '没有收到结果。',
    noReason: '网关没有说明原因。',
    desktop: {
      said: '网关返回：“{{said}}”'
    }
  }
}
