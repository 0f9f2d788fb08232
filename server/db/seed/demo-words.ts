import type { ArtShape } from './demo-images.ts'

/**
 * Hand-written word tables for the demo catalog, in Chinese, Japanese and English. Every franchise,
 * character and maker here is invented; none is meant to resemble a real trademark.
 */

/** A word or name in the shop's three languages. */
export interface Words {
  cn: string
  jp: string
  en: string
}

/** A leaf category: the kind of item products in it are, and what such items cost and how they ship. */
export interface ItemKind {
  category: Words
  /** How the item reads at the end of a product name. */
  label: Words
  /** Range of the Japanese single price, yen. */
  price: readonly [number, number]
  /** Units per box to choose from; more than 1 means sold by the box (blind boxes, packs). */
  boxIn: readonly number[]
  /** A line-up of the whole series (packs, books) rather than one character's item. */
  lineup?: boolean
  shape: ArtShape
}

export interface TopCategory {
  category: Words
  makers: readonly string[]
  kinds: readonly ItemKind[]
}

const SINGLE = [1] as const

export const TOP_CATEGORIES: readonly TopCategory[] = [
  {
    category: { cn: '手办', jp: 'フィギュア', en: 'Figures' },
    makers: ['Hoshizora Models', 'Mikazuki Figure Works', 'Aoba Hobby'],
    kinds: [
      {
        category: { cn: '比例手办', jp: 'スケールフィギュア', en: 'Scale figures' },
        label: { cn: '1/7 比例手办', jp: '1/7スケールフィギュア', en: '1/7 Scale Figure' },
        price: [14000, 60000],
        boxIn: SINGLE,
        shape: 'figure',
      },
      {
        category: { cn: 'Q版手办', jp: 'デフォルメフィギュア', en: 'Chibi figures' },
        label: { cn: 'Q版可动手办', jp: 'デフォルメ可動フィギュア', en: 'Chibi Action Figure' },
        price: [5500, 9000],
        boxIn: SINGLE,
        shape: 'figure',
      },
      {
        category: { cn: '景品手办', jp: 'プライズフィギュア', en: 'Prize figures' },
        label: { cn: '景品手办', jp: 'プライズフィギュア', en: 'Prize Figure' },
        price: [1800, 3800],
        boxIn: SINGLE,
        shape: 'figure',
      },
      {
        category: { cn: '可动人偶', jp: 'アクションフィギュア', en: 'Action figures' },
        label: { cn: '可动人偶', jp: 'アクションフィギュア', en: 'Action Figure' },
        price: [8000, 24000],
        boxIn: SINGLE,
        shape: 'figure',
      },
      {
        category: { cn: '盲盒手办', jp: 'トレーディングフィギュア', en: 'Blind box figures' },
        label: { cn: '迷你手办盲盒', jp: 'トレーディングミニフィギュア', en: 'Blind Box Mini Figures' },
        price: [700, 1500],
        boxIn: [6, 8, 10, 12],
        lineup: true,
        shape: 'box',
      },
    ],
  },
  {
    category: { cn: '集换式卡牌', jp: 'トレーディングカード', en: 'Trading cards' },
    makers: ['Hinode Cards', 'Kirameki Games'],
    kinds: [
      {
        category: { cn: '补充包', jp: 'ブースターパック', en: 'Booster packs' },
        label: { cn: '卡牌补充包', jp: 'ブースターパック', en: 'Booster Pack' },
        price: [300, 550],
        boxIn: [10, 12, 15, 16, 20],
        lineup: true,
        shape: 'card',
      },
      {
        category: { cn: '预组卡组', jp: 'スターターデッキ', en: 'Starter decks' },
        label: { cn: '预组卡组', jp: 'スターターデッキ', en: 'Starter Deck' },
        price: [990, 1800],
        boxIn: SINGLE,
        lineup: true,
        shape: 'card',
      },
      {
        category: { cn: '卡套', jp: 'カードスリーブ', en: 'Card sleeves' },
        label: { cn: '卡套', jp: 'カードスリーブ', en: 'Card Sleeves' },
        price: [600, 1200],
        boxIn: SINGLE,
        shape: 'card',
      },
      {
        category: { cn: '卡垫', jp: 'プレイマット', en: 'Playmats' },
        label: { cn: '橡胶卡垫', jp: 'ラバープレイマット', en: 'Rubber Playmat' },
        price: [2500, 4500],
        boxIn: SINGLE,
        shape: 'card',
      },
    ],
  },
  {
    category: { cn: '毛绒玩具', jp: 'ぬいぐるみ', en: 'Plush' },
    makers: ['Fuwari Toys', 'Kumo Plush Studio'],
    kinds: [
      {
        category: { cn: '毛绒公仔', jp: 'ぬいぐるみ', en: 'Plush dolls' },
        label: { cn: '毛绒公仔', jp: 'ぬいぐるみ', en: 'Plush Doll' },
        price: [2500, 6800],
        boxIn: SINGLE,
        shape: 'plush',
      },
      {
        category: { cn: '毛绒挂件', jp: 'マスコット', en: 'Plush charms' },
        label: { cn: '毛绒挂件', jp: 'ぬいぐるみマスコット', en: 'Plush Mascot Charm' },
        price: [1200, 2200],
        boxIn: SINGLE,
        shape: 'plush',
      },
      {
        category: { cn: '抱枕', jp: 'クッション', en: 'Cushions' },
        label: { cn: '造型抱枕', jp: 'ダイカットクッション', en: 'Die-cut Cushion' },
        price: [3500, 7500],
        boxIn: SINGLE,
        shape: 'plush',
      },
    ],
  },
  {
    category: { cn: '亚克力周边', jp: 'アクリルグッズ', en: 'Acrylic goods' },
    makers: ['Tsukimi Craft', 'Sakuragi Goods'],
    kinds: [
      {
        category: { cn: '亚克力立牌', jp: 'アクリルスタンド', en: 'Acrylic stands' },
        label: { cn: '亚克力立牌', jp: 'アクリルスタンド', en: 'Acrylic Stand' },
        price: [1500, 2800],
        boxIn: SINGLE,
        shape: 'figure',
      },
      {
        category: { cn: '亚克力挂件', jp: 'アクリルキーホルダー', en: 'Acrylic keychains' },
        label: { cn: '亚克力挂件', jp: 'アクリルキーホルダー', en: 'Acrylic Keychain' },
        price: [700, 1100],
        boxIn: SINGLE,
        shape: 'card',
      },
      {
        category: { cn: '亚克力砖', jp: 'アクリルブロック', en: 'Acrylic blocks' },
        label: { cn: '亚克力砖', jp: 'アクリルブロック', en: 'Acrylic Block' },
        price: [2500, 4800],
        boxIn: SINGLE,
        shape: 'card',
      },
      {
        category: { cn: '亚克力透卡', jp: 'アクリルカード', en: 'Acrylic cards' },
        label: { cn: '亚克力透卡盲盒', jp: 'トレーディングアクリルカード', en: 'Trading Acrylic Cards' },
        price: [600, 880],
        boxIn: [8, 10, 12],
        lineup: true,
        shape: 'card',
      },
    ],
  },
  {
    category: { cn: '服饰', jp: 'アパレル', en: 'Apparel' },
    makers: ['Nagi Apparel', 'Somei Wear'],
    kinds: [
      {
        category: { cn: 'T恤', jp: 'Tシャツ', en: 'T-shirts' },
        label: { cn: 'T恤', jp: 'Tシャツ', en: 'T-shirt' },
        price: [3500, 5200],
        boxIn: SINGLE,
        shape: 'shirt',
      },
      {
        category: { cn: '卫衣', jp: 'パーカー', en: 'Hoodies' },
        label: { cn: '连帽卫衣', jp: 'パーカー', en: 'Hoodie' },
        price: [7500, 12000],
        boxIn: SINGLE,
        shape: 'shirt',
      },
      {
        category: { cn: '帽子', jp: 'キャップ', en: 'Caps' },
        label: { cn: '棒球帽', jp: 'キャップ', en: 'Cap' },
        price: [3500, 4800],
        boxIn: SINGLE,
        shape: 'shirt',
      },
      {
        category: { cn: '包袋', jp: 'バッグ', en: 'Bags' },
        label: { cn: '帆布托特包', jp: 'キャンバストートバッグ', en: 'Canvas Tote Bag' },
        price: [2800, 6000],
        boxIn: SINGLE,
        shape: 'shirt',
      },
    ],
  },
  {
    category: { cn: '书籍与画集', jp: '書籍・画集', en: 'Books & art books' },
    makers: ['Kazane Publishing', 'Shiori Books'],
    kinds: [
      {
        category: { cn: '画集', jp: '画集', en: 'Art books' },
        label: { cn: '官方画集', jp: '公式画集', en: 'Official Art Book' },
        price: [3000, 8000],
        boxIn: SINGLE,
        lineup: true,
        shape: 'book',
      },
      {
        category: { cn: '漫画', jp: 'コミックス', en: 'Manga' },
        label: { cn: '漫画', jp: 'コミックス', en: 'Manga' },
        price: [550, 900],
        boxIn: SINGLE,
        lineup: true,
        shape: 'book',
      },
      {
        category: { cn: '设定资料集', jp: '設定資料集', en: 'Setting books' },
        label: { cn: '设定资料集', jp: '設定資料集', en: 'Setting Materials Book' },
        price: [2800, 5500],
        boxIn: SINGLE,
        lineup: true,
        shape: 'book',
      },
      {
        category: { cn: '杂志', jp: 'ムック・雑誌', en: 'Magazines' },
        label: { cn: '特辑杂志', jp: '特集ムック', en: 'Special Issue Magazine' },
        price: [1200, 2200],
        boxIn: SINGLE,
        lineup: true,
        shape: 'book',
      },
    ],
  },
  {
    category: { cn: '模型', jp: 'プラモデル', en: 'Model kits' },
    makers: ['Aoba Hobby', 'Kurogane Kits'],
    kinds: [
      {
        category: { cn: '机甲模型', jp: 'メカプラモデル', en: 'Mecha kits' },
        label: {
          cn: '专用机 1/100 拼装模型',
          jp: '専用機 1/100プラモデル',
          en: 'Custom Mech 1/100 Model Kit',
        },
        price: [2800, 16000],
        boxIn: SINGLE,
        shape: 'box',
      },
      {
        category: { cn: '角色模型', jp: 'キャラクタープラモデル', en: 'Character kits' },
        label: { cn: '角色拼装模型', jp: 'キャラクタープラモデル', en: 'Character Model Kit' },
        price: [3500, 9000],
        boxIn: SINGLE,
        shape: 'box',
      },
      {
        category: { cn: '场景模型', jp: 'ジオラマキット', en: 'Diorama kits' },
        label: { cn: '场景模型套件', jp: 'ジオラマキット', en: 'Diorama Kit' },
        price: [4000, 12000],
        boxIn: SINGLE,
        lineup: true,
        shape: 'box',
      },
    ],
  },
  {
    category: { cn: '文具', jp: '文房具', en: 'Stationery' },
    makers: ['Shiori Books', 'Sakuragi Goods', 'Tsukimi Craft'],
    kinds: [
      {
        category: { cn: '透明文件夹', jp: 'クリアファイル', en: 'Clear files' },
        label: { cn: '透明文件夹', jp: 'クリアファイル', en: 'Clear File' },
        price: [400, 660],
        boxIn: SINGLE,
        shape: 'card',
      },
      {
        category: { cn: '笔记本', jp: 'ノート', en: 'Notebooks' },
        label: { cn: '笔记本', jp: 'ノート', en: 'Notebook' },
        price: [600, 1200],
        boxIn: SINGLE,
        shape: 'book',
      },
      {
        category: { cn: '贴纸', jp: 'ステッカー', en: 'Stickers' },
        label: { cn: '贴纸套装', jp: 'ステッカーセット', en: 'Sticker Set' },
        price: [400, 800],
        boxIn: SINGLE,
        shape: 'card',
      },
      {
        category: { cn: '吧唧', jp: '缶バッジ', en: 'Can badges' },
        label: { cn: '吧唧盲盒', jp: 'トレーディング缶バッジ', en: 'Trading Can Badges' },
        price: [500, 700],
        boxIn: [6, 8, 10, 12],
        lineup: true,
        shape: 'card',
      },
      {
        category: { cn: '色纸', jp: '色紙', en: 'Shikishi boards' },
        label: { cn: '迷你色纸盲盒', jp: 'トレーディングミニ色紙', en: 'Trading Mini Shikishi' },
        price: [600, 800],
        boxIn: [6, 10],
        lineup: true,
        shape: 'card',
      },
    ],
  },
]

/** Invented anime and game franchises. */
export const SERIES_NAMES: readonly Words[] = [
  { cn: '星之旅团', jp: '星の旅団', en: 'Star Brigade' },
  { cn: '月下剑姬', jp: '月下の剣姫', en: 'Moonlit Sword Princess' },
  { cn: '机甲少女战线', jp: '機甲少女戦線', en: 'Mech Maiden Front' },
  { cn: '魔法书店的日常', jp: '魔法書店の日常', en: 'Days at the Magic Bookshop' },
  { cn: '猫咪咖啡馆日和', jp: 'ねこカフェ日和', en: 'Cat Café Days' },
  { cn: '深海都市', jp: '深海都市', en: 'Abyssal City' },
  { cn: '苍空学园', jp: '蒼空学園', en: 'Azure Sky Academy' },
  { cn: '炎之刻印', jp: '炎の刻印', en: 'Mark of Flame' },
  { cn: '偶像星光舞台', jp: 'アイドル☆ステージライト', en: 'Idol Stagelight' },
  { cn: '异世界面包房', jp: '異世界ベーカリー', en: 'Otherworld Bakery' },
  { cn: '夜行侦探社', jp: '夜行探偵社', en: 'Night Owl Detective Agency' },
  { cn: '樱花铁道', jp: '桜鉄道', en: 'Sakura Railway' },
  { cn: '龙骑士物语', jp: '竜騎士物語', en: 'Dragon Knight Saga' },
  { cn: '银河快递员', jp: '銀河配達員', en: 'Galactic Courier' },
  { cn: '幻想交响乐团', jp: '幻想オーケストラ', en: 'Fantasia Orchestra' },
  { cn: '影忍学园', jp: '影忍学園', en: 'Shadow Ninja Academy' },
  { cn: '钟塔的咏叹调', jp: '時計塔のアリア', en: 'Aria of the Clock Tower' },
  { cn: '极光猎人', jp: 'オーロラハンター', en: 'Aurora Hunters' },
  { cn: '花与剑的圆舞曲', jp: '花と剣のワルツ', en: 'Waltz of Flowers and Blades' },
  { cn: '电脑漫游者', jp: '電脳ワンダラー', en: 'Cyber Wanderer' },
  { cn: '妖怪旅馆', jp: 'あやかし旅館', en: 'Spirit Inn' },
  { cn: '钢铁之翼', jp: '鋼鉄の翼', en: 'Wings of Steel' },
  { cn: '海边的夏日', jp: '海辺のサマーデイズ', en: 'Seaside Summer Days' },
  { cn: '月光庭园', jp: '月光庭園', en: 'Moonlight Garden' },
  { cn: '赛博武士', jp: 'サイバー侍', en: 'Cyber Samurai' },
  { cn: '雪原之狐', jp: '雪原の狐', en: 'Fox of the Snowfield' },
  { cn: '料理少女', jp: 'クッキングガールズ', en: 'Cooking Girls' },
  { cn: '星际赛车手', jp: 'スターレーサーズ', en: 'Star Racers' },
  { cn: '勇者不想上班', jp: '勇者は働きたくない', en: "The Hero Won't Go to Work" },
  { cn: '魔女的茶会', jp: '魔女のお茶会', en: "The Witches' Tea Party" },
  { cn: '浮岛守护者', jp: '浮島の守り人', en: 'Guardians of the Floating Isles' },
  { cn: '森之音乐会', jp: '森のコンサート', en: 'Forest Concert' },
  { cn: '彩虹甜点屋', jp: '虹色スイーツ店', en: 'Rainbow Sweets Shop' },
  { cn: '战国机巧传', jp: '戦国からくり伝', en: 'Sengoku Clockwork Chronicle' },
]

/** Character names; each series casts a handful of them. */
export const CHARACTER_NAMES: readonly Words[] = [
  { cn: '艾琳', jp: 'エリン', en: 'Erin' },
  { cn: '露娜', jp: 'ルナ', en: 'Luna' },
  { cn: '凯', jp: 'カイ', en: 'Kai' },
  { cn: '米娅', jp: 'ミア', en: 'Mia' },
  { cn: '莲', jp: 'レン', en: 'Ren' },
  { cn: '佐伊', jp: 'ゾーイ', en: 'Zoe' },
  { cn: '诺亚', jp: 'ノア', en: 'Noah' },
  { cn: '莉莉', jp: 'リリィ', en: 'Lily' },
  { cn: '阿斯特', jp: 'アスター', en: 'Aster' },
  { cn: '希娜', jp: 'シーナ', en: 'Sheena' },
  { cn: '小春', jp: '小春', en: 'Koharu' },
  { cn: '千夜', jp: '千夜', en: 'Chiya' },
  { cn: '葵', jp: 'アオイ', en: 'Aoi' },
  { cn: '朔夜', jp: 'サクヤ', en: 'Sakuya' },
  { cn: '晴斗', jp: 'ハルト', en: 'Haruto' },
  { cn: '雪菜', jp: 'ユキナ', en: 'Yukina' },
  { cn: '琥珀', jp: 'コハク', en: 'Kohaku' },
  { cn: '菲娜', jp: 'フィーナ', en: 'Fina' },
  { cn: '奥斯卡', jp: 'オスカー', en: 'Oscar' },
  { cn: '玛丽', jp: 'マリー', en: 'Marie' },
  { cn: '赛拉', jp: 'セラ', en: 'Sera' },
  { cn: '罗伊', jp: 'ロイ', en: 'Roy' },
  { cn: '娜娜', jp: 'ナナ', en: 'Nana' },
  { cn: '焰', jp: 'ホムラ', en: 'Homura' },
  { cn: '凛', jp: 'リン', en: 'Rin' },
  { cn: '翼', jp: 'ツバサ', en: 'Tsubasa' },
  { cn: '雫', jp: 'シズク', en: 'Shizuku' },
  { cn: '克劳德', jp: 'クロード', en: 'Claude' },
]

/** Characters per series: enough variety without every series sharing the same cast. */
export const CAST_SIZE = 6

/** Name suffixes for special runs. */
export const EDITIONS = {
  reissue: { cn: '再版', jp: '再販', en: '(Reissue)' },
  limited: { cn: '限定版', jp: '限定版', en: 'Limited Edition' },
  deluxe: { cn: '豪华版', jp: 'DX版', en: 'Deluxe Edition' },
} as const satisfies Record<string, Words>

/** Volume wording for line-up items ("第3弹" / "第3弾" / "Vol. 3"). */
export function volumeWords(volume: number): Words {
  return { cn: `第${volume}弹`, jp: `第${volume}弾`, en: `Vol. ${volume}` }
}
