import type { Catalog } from '../catalog'
import type { locations as en } from '../en/locations'

/**
 * 简体中文: 设置 › 团队位置. A location is 团队位置 (as the backend's sentences say it), a bucket 存储桶, the
 * team library 团队图库; keys follow the words of Chinese cloud consoles (访问密钥 ID、私有访问密钥、区域、
 * 路径样式). Addresses, paths and user names are shown as typed.
 */
export const locations: Catalog<typeof en> = {
  title: '团队位置',
  intro:
    '团队图库存放的地方：一个存储桶、一台服务器或一个共享文件夹。密钥和密码只保存在这台电脑上，保存后不会再显示。',
  yourName: '你在共享作品上的名字',
  yourNameHint: '队友会在你共享的图片旁看到它。留空则使用这台电脑的用户名 {{user}}。',
  nameSaved: '已保存。',
  list: '已保存的位置',
  empty: '还没有团队位置。添加团队存放图库的存储桶、服务器或共享文件夹。',
  add: '添加位置',
  kinds: {
    s3: '存储桶（兼容 S3）',
    webdav: 'WebDAV 服务器',
    folder: '共享文件夹'
  },
  kindsShort: {
    s3: '存储桶',
    webdav: 'WebDAV 服务器',
    folder: '共享文件夹'
  },
  kindHints: {
    s3: 'AWS S3、Cloudflare R2、MinIO、Backblaze B2，以及其他兼容 S3 的对象存储。',
    webdav: 'NAS、Nextcloud、ownCloud，或其他通过 WebDAV 共享文件夹的服务器。',
    folder: '团队每个人都能打开的文件夹：Dropbox、同步盘或文件服务器上的文件夹。'
  },
  address: {
    s3: '{{endpoint}} 上的 {{bucket}}/{{prefix}}'
  },
  keyHint: '密钥 {{hint}}',
  user: '用户 {{name}}',
  noCredentials: '未保存密钥',
  noSignIn: '无需登录',
  state: {
    reached: '{{ago}}连接成功',
    unreached: '无法连接：{{problem}}',
    checkedAgo: '{{ago}}检查',
    notChecked: '尚未检查',
    justNow: '刚刚',
    checking: '正在检查…'
  },
  checkAgain: '重新检查',
  checkAgainNamed: '重新检查：{{name}}',
  edit: '编辑',
  editNamed: '编辑 {{name}}',
  remove: '移除…',
  removeNamed: '移除 {{name}}…',
  confirmRemove: {
    title: '要从这台电脑上移除“{{name}}”吗？',
    body: '该位置上的任何内容都不会被删除，图库仍留在原处，其他人照常使用。只是这台电脑不再记得它的地址和密钥或密码。',
    keep: '保留',
    confirm: '从这台电脑上移除'
  },
  cleanUp: '清理…',
  cleanUpNamed: '清理 {{name}}…',
  confirmCleanUp: {
    title: '要清理“{{name}}”吗？',
    intro: '平常的同步只会添加文件。清理会删除不再有任何用处的文件：',
    images: '团队已删除的图片的文件（放置满一天之后）',
    snapshots: '图库索引的旧副本（每台电脑最新的一份会保留）',
    reviewPages: '这台电脑上已撤下、已过期或没有完成的审阅页面',
    unfinished: '中断的上传留下的残余文件（放置满一天之后）',
    kept: '仍在图库中的图片、它们的历史和每个人的修改都会保留。你的图库不受影响。',
    credentials: '清理需要在该位置有删除文件权限的凭据；同步只需要添加文件的权限。',
    keep: '取消',
    confirm: '清理',
    running: '正在同步，然后清理“{{name}}”…',
    runningLabel: '正在清理',
    again: '重试',
    done: '完成',
    failed: '“{{name}}”的清理已停止'
  },
  cleanedUp: {
    nothing: '没有可删除的内容：这个位置上的所有文件都仍在使用。',
    removed: '已删除 {{files}}（{{size}}）。',
    recent_other: '保留了 {{count, number}} 个最近的文件：队友可能仍在共享它们。',
    undated_other: '保留了 {{count, number}} 个文件，因为该位置没有提供它们的时间。',
    unread_other:
      '保留了 {{count, number}} 个文件：有队友使用更新版本的 Gateway Studio 写入此处，当前版本无法判断这些文件是否仍在使用。请更新应用后再清理。',
    kindsLabel: '按类型列出已删除的文件',
    kinds: {
      images: '团队已删除的图片：{{files}}（{{size}}）',
      thumbnails: '它们的缩略图：{{files}}（{{size}}）',
      snapshots: '图库索引的旧副本：{{files}}（{{size}}）',
      reviewPages: '已撤下的审阅页面：{{files}}（{{size}}）',
      unfinished: '中断的上传留下的残余文件：{{files}}（{{size}}）'
    }
  },
  saved: '已保存“{{name}}”。',
  removed: '已从这台电脑上移除“{{name}}”。',
  form: {
    addTitle: '添加位置',
    editTitle: '修改“{{name}}”',
    kind: '位置类型',
    name: '名称',
    nameHint: '这个位置在 Gateway Studio 中的名称。',
    endpoint: 'Endpoint 地址',
    endpointPlaceholder: 'https://s3.cn-north-1.amazonaws.com.cn',
    endpointHint: '服务的 S3 访问地址。Cloudflare R2：https://<account>.r2.cloudflarestorage.com',
    region: '区域',
    regionPlaceholder: 'cn-north-1',
    regionHint: 'R2 填 auto；不分区域的服务填 us-east-1。',
    bucket: '存储桶',
    prefix: '存储桶中的文件夹（可选）',
    prefixHint: '图库放在这个文件夹里，例如 team/library/。留空则使用整个存储桶。',
    pathStyle: '路径样式访问',
    pathStyleHint:
      '存储桶名放在路径中，而不是主机名中。MinIO、NAS 以及 AWS 以外的大多数服务需要开启，AWS 需要关闭。在你手动更改之前，它会随 Endpoint 自动调整。',
    accessKeyId: '访问密钥 ID',
    secretAccessKey: '私有访问密钥',
    keysHint: '在服务的控制台中获取。密钥只需要读取和添加文件的权限。',
    url: '文件夹地址',
    urlPlaceholder: 'https://nas.local/remote.php/dav/files/xiaoming/团队/',
    urlHint: '存放图库的那个文件夹的网址。',
    username: '用户名（可选）',
    password: '密码（可选）',
    signInHint: '如果服务器不需要登录，两项都留空即可。',
    path: '文件夹的完整路径',
    pathPlaceholder: '/Volumes/团队/图库',
    pathHint: '这个文件夹在本机上的位置，例如 /Volumes/团队/图库 或 D:\\团队\\图库。',
    keepSecret: '留空则继续使用已保存的密钥。',
    keepKeys: '已保存：密钥 {{hint}}。两项都留空则继续使用已保存的密钥。',
    keepPassword: '留空则继续使用已保存的密码。',
    elsewhere_other:
      '这会把“{{name}}”指向另一个地方，也就是另一个团队图库。保存后，通过它共享的 {{count, number}} 个画板将不再关联：它们仍留在你的图库中，你可以重新共享。',
    movedServer: '这是另一台服务器：已保存的密钥或密码不会发送给它，保存时会被清除。请在下方重新输入。',
    test: '测试连接',
    testing: '正在测试…',
    save: '保存位置',
    saving: '正在保存…',
    cancel: '取消'
  },
  result: {
    reached: '连接成功，Gateway Studio 可以打开这个位置。',
    unreached: '无法连接',
    status: '服务器返回了 HTTP {{status}}。'
  },
  problems: {
    denied: {
      s3: '服务器拒绝了这组密钥，或者这组密钥无权读取这个存储桶。',
      webdav: '服务器拒绝了这个用户名和密码，或者这个用户无权打开该文件夹。',
      folder: '这台电脑无权打开那个文件夹。请联系共享它的人为你开通权限。'
    },
    missing: {
      s3: '这个地址上没有这个存储桶。',
      webdav: '这个地址上没有这个文件夹。',
      folder: '这台电脑上没有这个文件夹。请检查路径，并确认所在的磁盘已连接。'
    },
    unreachable: {
      s3: '这个地址没有响应。请检查地址，并确认电脑已联网。',
      webdav: '这个地址没有响应。请检查地址，并确认电脑已联网。',
      folder: '这个文件夹没有响应。如果它在网络驱动器上，请确认驱动器已连接。'
    },
    full: {
      s3: '这个位置的空间已满。',
      webdav: '这个位置的空间已满。',
      folder: '这个文件夹所在的磁盘已满。'
    },
    failed: {
      s3: '服务器返回了错误（HTTP {{status}}）。',
      webdav: '服务器返回了错误（HTTP {{status}}）。',
      folder: '暂时无法使用这个文件夹，请稍后再试。'
    },
    failedNoStatus: '服务器的回应 Gateway Studio 无法读取。'
  },
  fields: {
    nameEmpty: '请为这个位置取个名称。',
    nameLong: '名称最多 80 个字符。',
    endpoint: '请输入服务的网址，以 https:// 开头。',
    url: '请输入文件夹的网址，以 https:// 开头。',
    addressSignIn: '请不要把用户名和密码写在地址里，它们有单独的输入框。',
    addressLong: '这个地址太长了。',
    region: '请输入区域（服务不分区域时填 us-east-1）。',
    regionLong: '区域最多 64 个字符。',
    bucketEmpty: '请输入存储桶的名称。',
    bucket: '存储桶名称由 3 到 63 个小写字母、数字、点或短横线组成，不能有空格。',
    prefix: '请用 / 分隔的普通文件夹名，例如 team/library/（最多 8 层）。',
    pathEmpty: '请输入共享文件夹的完整路径。',
    pathRelative: '请输入从磁盘顶层开始的完整路径，例如 /Volumes/团队/图库。',
    pathLong: '这个路径太长了。',
    accessKeyId: '请输入访问密钥 ID。',
    secretAccessKey: '请输入私有访问密钥。',
    username: '请输入与这个密码对应的用户名。',
    password: '请输入这个用户的密码。',
    usernameCleared: '请输入用户名。如果不再需要登录，请移除这个位置后重新添加。',
    tooLong: '内容太长了。',
    other: '请检查这一项。'
  }
}
