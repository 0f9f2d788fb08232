import { t } from '@lingui/core/macro'

/*
 * The audit trail's codes (`<entity>.<verb>`) in the operator's language. A code the console does not
 * know yet (a newer server) is shown as it is.
 */

const ENTITY_LABELS: Record<string, () => string> = {
  announcement: () => t`公告`,
  article: () => t`文章`,
  banner: () => t`横幅`,
  brand: () => t`品牌`,
  category: () => t`分类`,
  customer: () => t`客户`,
  customerService: () => t`客服联系方式`,
  extraFee: () => t`额外费用`,
  job: () => t`自动任务`,
  media: () => t`图片`,
  order: () => t`订单`,
  package: () => t`包裹`,
  packageApply: () => t`打包申请`,
  product: () => t`商品`,
  'product-import': () => t`批量导入`,
  series: () => t`系列`,
  settings: () => t`设置`,
  shippingMethod: () => t`运输方式`,
  staff: () => t`员工`,
  tierRun: () => t`会员等级任务`,
  vipLevels: () => t`会员等级`,
}

const ACTION_LABELS: Record<string, () => string> = {
  create: () => t`新建`,
  update: () => t`修改`,
  delete: () => t`删除`,
  reorder: () => t`调整顺序`,
  replace: () => t`整体替换`,
  upload: () => t`上传`,
  arrival: () => t`到仓登记`,
  forfeit: () => t`没收定金`,
  ordered: () => t`已向厂商下单`,
  refund: () => t`退款`,
  split: () => t`拆分`,
  delivered: () => t`已签收`,
  lock: () => t`锁定`,
  unlock: () => t`解锁`,
  ship: () => t`发货`,
  packed: () => t`已打包`,
  picked: () => t`已拣货`,
  apply: () => t`应用`,
  charges: () => t`费用设置`,
  payLatch: () => t`付款开关`,
  rate: () => t`汇率`,
  run: () => t`运行`,
  role: () => t`价格角色`,
  points: () => t`积分调整`,
  disable: () => t`禁用`,
  enable: () => t`恢复`,
  void: () => t`作废`,
  waive: () => t`免除`,
}

/** What kind of thing a row changed, in words. */
export function entityLabel(entity: string): string {
  return ENTITY_LABELS[entity]?.() ?? entity
}

/** What a row did, in words ('订单 · 退款'); the code when it is not known. */
export function actionLabel(action: string): string {
  const dot = action.lastIndexOf('.')
  const entity = ENTITY_LABELS[action.slice(0, dot)]
  const verb = ACTION_LABELS[action.slice(dot + 1)]
  return dot > 0 && entity && verb ? `${entity()} · ${verb()}` : action
}
