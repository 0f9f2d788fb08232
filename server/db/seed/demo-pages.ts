import { demoBannerImageFile } from './demo-images.ts'

/** Demo banners, announcements and articles: plausible shop notices and help pages in three languages. */

export interface DemoBanner {
  name: string
  imgUrl: string
  jumpUrl: string
  sort: number
  active: boolean
}

export interface DemoAnnouncement {
  name: string
  jpName: string
  enName: string
  content: string
  jpContent: string
  enContent: string
  sort: number
  publishedAt: Date
}

export interface DemoArticle {
  id: number
  type: number
  name: string
  jpName: string
  enName: string
  content: string
  jpContent: string
  enContent: string
  footerSort: number | null
}

/** The VIP tier rules; the site header links to `/article/180?type=2`. */
export const VIP_RULES_ARTICLE_ID = 180

/** Paragraphs, then an optional bullet list, as simple HTML. */
function doc(paragraphs: readonly string[], items: readonly string[] = []): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('')
  return items.length === 0 ? body : `${body}<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`
}

const BANNER_LINKS: readonly { name: string; jumpUrl: string }[] = [
  { name: '预订新品 / Pre-order now', jumpUrl: '/product-search/list?type=1' },
  { name: '新品上架 / New arrivals', jumpUrl: '/product-new' },
  { name: '本月热销 / Hot this month', jumpUrl: '/product-hot' },
  { name: '定金说明 / How deposits work', jumpUrl: '/article/173?type=1' },
  { name: '现货速发 / In stock', jumpUrl: '/product-search/list?type=2' },
]

export function demoBanners(): DemoBanner[] {
  return BANNER_LINKS.map((link, i) => ({
    name: link.name,
    imgUrl: `/media/demo/${demoBannerImageFile(i + 1)}`,
    jumpUrl: link.jumpUrl,
    sort: i + 1,
    active: true,
  }))
}

const DAY_MS = 86_400_000

/** Notices dated a few days to weeks before `today`, newest first. */
export function demoAnnouncements(today: Date): DemoAnnouncement[] {
  const notices: Omit<DemoAnnouncement, 'sort' | 'publishedAt'>[] = [
    {
      name: '本月发货安排',
      jpName: '今月の発送スケジュール',
      enName: "This month's shipping schedule",
      content: doc(
        ['本月到货的预订商品将在入库后 5 个工作日内发出。补款通知会通过邮件发送，请在 7 天内完成补款。'],
        ['每周二、周五集中发货', '合并发货请在订单备注中说明'],
      ),
      jpContent: doc(
        [
          '今月入荷の予約商品は、入庫後5営業日以内に発送いたします。残金のご案内はメールでお送りしますので、7日以内にお支払いください。',
        ],
        ['発送は毎週火曜日・金曜日', 'まとめて発送をご希望の場合は備考欄にご記入ください'],
      ),
      enContent: doc(
        [
          'Pre-orders arriving this month ship within 5 business days of reaching our warehouse. We e-mail you when the balance is due; please pay it within 7 days.',
        ],
        ['Parcels leave every Tuesday and Friday', 'Ask for combined shipping in the order note'],
      ),
    },
    {
      name: '年末年始休业通知',
      jpName: '年末年始休業のお知らせ',
      enName: 'Year-end holiday closure',
      content: doc(['12 月 29 日至 1 月 3 日期间仓库休业，期间可正常下单，订单将于 1 月 4 日起依次处理。']),
      jpContent: doc([
        '12月29日から1月3日まで倉庫は休業いたします。期間中もご注文は承りますが、発送は1月4日以降順次となります。',
      ]),
      enContent: doc([
        'Our warehouse is closed from 29 December to 3 January. You can still order; we process orders in turn from 4 January.',
      ]),
    },
    {
      name: '定金规则调整',
      jpName: '予約金ルール改定のお知らせ',
      enName: 'Changes to the deposit rules',
      content: doc(['自下月起，单价 1 万日元以上的预订商品定金调整为商品价格的 30%。已下单的订单不受影响。']),
      jpContent: doc([
        '来月より、単価1万円以上の予約商品の予約金を商品価格の30%に改定いたします。ご注文済みの商品には影響ありません。',
      ]),
      enContent: doc([
        'From next month, the deposit on pre-order items priced ¥10,000 or more becomes 30% of the price. Orders already placed are not affected.',
      ]),
    },
    {
      name: '国际运费调整',
      jpName: '国際送料改定のお知らせ',
      enName: 'International shipping rates update',
      content: doc(['受燃油附加费影响，部分国家和地区的国际运费将有所调整，详情请参阅配送说明。']),
      jpContent: doc([
        '燃油サーチャージの影響により、一部の国・地域への国際送料を改定いたします。詳しくは配送についてをご覧ください。',
      ]),
      enContent: doc([
        'Because of fuel surcharges, international shipping rates to some countries change. See the shipping page for details.',
      ]),
    },
    {
      name: '系统维护通知',
      jpName: 'システムメンテナンスのお知らせ',
      enName: 'Scheduled maintenance',
      content: doc(['本周日凌晨 2:00–4:00（日本时间）进行系统维护，期间可能无法下单。']),
      jpContent: doc([
        '今週日曜日の午前2時〜4時（日本時間）にシステムメンテナンスを行います。この間はご注文いただけない場合があります。',
      ]),
      enContent: doc([
        'We are doing maintenance this Sunday from 2:00 to 4:00 (Japan time); ordering may be unavailable during that window.',
      ]),
    },
  ]
  return notices.map((notice, i) => ({
    ...notice,
    sort: i + 1,
    publishedAt: new Date(today.getTime() - (i * 9 + 2) * DAY_MS),
  }))
}

type ArticleText = Pick<DemoArticle, 'name' | 'jpName' | 'enName' | 'content' | 'jpContent' | 'enContent'>

/** Articles by id; `type` decides the footer column (type modulo 4). */
const ARTICLES: readonly (ArticleText & { id: number; type: number; footerSort: number | null })[] = [
  {
    id: 170,
    type: 0,
    footerSort: 1,
    name: '店铺规则',
    jpName: 'ショップ規約',
    enName: 'Shop rules',
    content: doc(
      ['Yoyaku 代购并销售日本正版动漫周边。下单即表示您同意以下规则。'],
      ['每个账号仅限本人使用', '限购商品超出数量的订单将被取消', '价格以下单时显示为准'],
    ),
    jpContent: doc(
      [
        'Yoyakuは日本の正規アニメグッズを販売しています。ご注文をもって以下の規約に同意したものとみなします。',
      ],
      [
        'アカウントはご本人様のみご利用いただけます',
        'お一人様の購入数制限を超えたご注文はキャンセルとなります',
        '価格はご注文時の表示価格となります',
      ],
    ),
    enContent: doc(
      ['Yoyaku sells licensed anime goods from Japan. By placing an order you agree to these rules.'],
      [
        'An account is for its owner only',
        'Orders above a per-customer limit are cancelled',
        'The price is the one shown when you order',
      ],
    ),
  },
  {
    id: 171,
    type: 4,
    footerSort: 2,
    name: '关于我们',
    jpName: '私たちについて',
    enName: 'About Yoyaku',
    content: doc(['我们是一家位于日本的动漫周边商店，为海内外收藏家提供预订、现货和代购服务。']),
    jpContent: doc([
      '日本国内のアニメグッズ専門店として、国内外のコレクターの皆様に予約・在庫販売・代理購入サービスをご提供しています。',
    ]),
    enContent: doc([
      'We are an anime goods shop in Japan offering pre-orders, in-stock goods and buying services to collectors worldwide.',
    ]),
  },
  {
    id: 172,
    type: 1,
    footerSort: 3,
    name: '如何预订',
    jpName: '予約の流れ',
    enName: 'How pre-orders work',
    content: doc(
      ['预订商品在截止日期前下单，商品到货后我们会通知您支付尾款并安排发货。'],
      ['选择商品并支付定金', '等待厂商发售', '到货后支付尾款', '我们为您发货'],
    ),
    jpContent: doc(
      ['予約商品は締切日までにご注文ください。入荷後に残金のお支払いをご案内し、発送いたします。'],
      ['商品を選び予約金をお支払い', 'メーカーの発売を待つ', '入荷後に残金をお支払い', '発送'],
    ),
    enContent: doc(
      [
        'Order pre-order items before the closing date. When the goods arrive we ask for the balance and ship.',
      ],
      [
        'Choose an item and pay the deposit',
        'Wait for the maker to release it',
        'Pay the balance when it arrives',
        'We ship it to you',
      ],
    ),
  },
  {
    id: 173,
    type: 1,
    footerSort: 4,
    name: '定金说明',
    jpName: '予約金について',
    enName: 'How deposits work',
    content: doc(
      ['预订商品需先支付定金，定金将在支付尾款时抵扣。'],
      ['定金一般为商品价格的 20%–30%', '因个人原因取消预订，定金不予退还', '厂商取消发售时，定金全额退还'],
    ),
    jpContent: doc(
      ['予約商品は予約金を先にお支払いいただき、残金のお支払い時に差し引きます。'],
      [
        '予約金は通常、商品価格の20〜30%です',
        'お客様都合のキャンセルの場合、予約金は返金できません',
        'メーカーが発売中止した場合は全額返金いたします',
      ],
    ),
    enContent: doc(
      ['Pre-order items take a deposit first; it is deducted from the price when you pay the balance.'],
      [
        'The deposit is usually 20–30% of the price',
        'Deposits are not refunded if you cancel',
        'If the maker cancels the release, we refund the deposit in full',
      ],
    ),
  },
  {
    id: 174,
    type: 5,
    footerSort: 5,
    name: '付款方式',
    jpName: 'お支払い方法',
    enName: 'Payment methods',
    content: doc(['我们支持银行转账和信用卡付款。海外客户支付时产生的手续费由客户承担。']),
    jpContent: doc([
      '銀行振込とクレジットカードがご利用いただけます。海外からのお支払いにかかる手数料はお客様のご負担となります。',
    ]),
    enContent: doc([
      'We accept bank transfer and credit card. Fees for paying from abroad are borne by the customer.',
    ]),
  },
  {
    id: 175,
    type: 3,
    footerSort: 6,
    name: '配送说明',
    jpName: '配送について',
    enName: 'Shipping',
    content: doc(['日本国内 2–3 天送达；国际快递一般 5–10 天。运费按重量和目的地计算。']),
    jpContent: doc([
      '日本国内は2〜3日でお届けします。国際便は通常5〜10日です。送料は重量とお届け先により異なります。',
    ]),
    enContent: doc([
      'Within Japan delivery takes 2–3 days; international express usually 5–10 days. Shipping is charged by weight and destination.',
    ]),
  },
  {
    id: 176,
    type: 7,
    footerSort: 7,
    name: '退换货政策',
    jpName: '返品・交換について',
    enName: 'Returns & exchanges',
    content: doc([
      '商品存在初期不良或发错货时，请在收货后 7 天内联系我们。盲盒、卡牌等随机商品拆封后不予退换。',
    ]),
    jpContent: doc([
      '初期不良や誤配送の場合は、商品到着後7日以内にご連絡ください。ブラインド商品・カード類は開封後の返品・交換はできません。',
    ]),
    enContent: doc([
      'If an item is faulty or we sent the wrong one, contact us within 7 days of delivery. Blind boxes and cards cannot be returned once opened.',
    ]),
  },
  {
    id: 177,
    type: 3,
    footerSort: null,
    name: '合并发货',
    jpName: 'まとめて発送',
    enName: 'Combined shipping',
    content: doc(['到货时间不同的商品可在仓库保管最多 60 天，凑齐后合并发货以节省运费。']),
    jpContent: doc([
      '入荷時期の異なる商品は倉庫で最大60日間お預かりし、まとめて発送して送料を節約できます。',
    ]),
    enContent: doc([
      'We can hold items that arrive at different times for up to 60 days and ship them together to save on postage.',
    ]),
  },
  {
    id: 178,
    type: 6,
    footerSort: 8,
    name: '积分规则',
    jpName: 'ポイント規約',
    enName: 'Points',
    content: doc(['每消费 100 日元可获得 1 积分，1 积分可抵扣 1 日元。积分有效期为 1 年。']),
    jpContent: doc([
      '100円のお買い物ごとに1ポイント貯まり、1ポイント1円としてご利用いただけます。有効期限は1年間です。',
    ]),
    enContent: doc([
      'Earn 1 point for every ¥100 spent; each point is worth ¥1 off. Points expire after one year.',
    ]),
  },
  {
    id: 179,
    type: 0,
    footerSort: 9,
    name: '隐私政策',
    jpName: 'プライバシーポリシー',
    enName: 'Privacy policy',
    content: doc(['我们仅将您的个人信息用于处理订单和发货，不会提供给第三方（法律要求除外）。']),
    jpContent: doc([
      'お客様の個人情報はご注文の処理と発送にのみ使用し、法令に基づく場合を除き第三者に提供することはありません。',
    ]),
    enContent: doc([
      'We use your personal data only to process and ship your orders and never pass it on, except where the law requires.',
    ]),
  },
  {
    id: VIP_RULES_ARTICLE_ID,
    type: 2,
    footerSort: 10,
    name: '会员等级规则',
    jpName: '会員ランク規約',
    enName: 'VIP tier rules',
    content: doc(
      ['会员等级根据过去 12 个月的累计消费自动调整，等级越高，定金比例越低、价格越优惠。'],
      [
        '普通会员：注册即可',
        '银卡会员：累计消费 10 万日元',
        '金卡会员：累计消费 30 万日元',
        '白金会员：累计消费 100 万日元',
        '批发伙伴：需审核，可享批发价',
      ],
    ),
    jpContent: doc(
      [
        '会員ランクは過去12か月のご購入金額に応じて自動で見直されます。ランクが上がるほど予約金の割合が下がり、価格も優遇されます。',
      ],
      [
        '一般会員：ご登録のみ',
        'シルバー会員：ご購入累計10万円',
        'ゴールド会員：ご購入累計30万円',
        'プラチナ会員：ご購入累計100万円',
        '卸売パートナー：審査制、卸価格でご購入いただけます',
      ],
    ),
    enContent: doc(
      [
        'Your tier is reviewed automatically from your spending over the last 12 months. Higher tiers pay smaller deposits and better prices.',
      ],
      [
        'Member: on sign-up',
        'Silver: ¥100,000 spent',
        'Gold: ¥300,000 spent',
        'Platinum: ¥1,000,000 spent',
        'Wholesale partner: by application, with wholesale prices',
      ],
    ),
  },
  {
    id: 181,
    type: 5,
    footerSort: null,
    name: '批发合作',
    jpName: '卸売のご案内',
    enName: 'Wholesale partners',
    content: doc(['实体店和网店可申请成为批发伙伴，按箱订购可享批发价。部分商品仅对批发伙伴开放。']),
    jpContent: doc([
      '実店舗・ネットショップの皆様は卸売パートナーにお申し込みいただけます。ボックス単位のご注文で卸価格が適用されます。一部商品はパートナー様限定です。',
    ]),
    enContent: doc([
      'Shops can apply to become wholesale partners and order by the box at wholesale prices. Some items are for partners only.',
    ]),
  },
]

export function demoArticles(): DemoArticle[] {
  return ARTICLES.map((article) => ({ ...article }))
}
