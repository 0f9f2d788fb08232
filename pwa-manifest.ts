/**
 * The web app manifest (vite-plugin-pwa writes it to manifest.webmanifest). Its texts are in
 * Chinese by default, with Japanese and English variants in the `*_localized` members of the
 * manifest localization proposal (https://w3c.github.io/manifest/#localized-members): a browser
 * that knows them picks the shopper's language, the others keep the Chinese.
 *
 * Images: scripts/make-icons.ts draws the icons, scripts/make-screenshots.ts takes the screenshots.
 */
import type { ManifestOptions } from 'vite-plugin-pwa'

/** Texts in the two languages besides the default Chinese, keyed by language tag. */
interface LocalizedTexts {
  ja: string
  en: string
}

interface LocalizedMembers {
  name_localized?: LocalizedTexts
  short_name_localized?: LocalizedTexts
  description_localized?: LocalizedTexts
}

type Shortcut = ManifestOptions['shortcuts'][number] & LocalizedMembers

export type YoyakuManifest = Partial<Omit<ManifestOptions, 'shortcuts'>> &
  LocalizedMembers & { shortcuts: Shortcut[] }

function shortcutIcon(name: string): ManifestOptions['icons'] {
  return [{ src: `/shortcuts/${name}-96.png`, sizes: '96x96', type: 'image/png', purpose: 'any' }]
}

export const pwaManifest: YoyakuManifest = {
  // the identity of the installed app: never change it, or installs become a different app
  id: '/',
  name: 'Yoyaku 予约 · 日本动漫周边预订',
  name_localized: {
    ja: 'Yoyaku 予約 · 日本のアニメグッズ予約',
    en: 'Yoyaku · Anime goods pre-orders from Japan',
  },
  short_name: 'Yoyaku 予约',
  short_name_localized: { ja: 'Yoyaku 予約', en: 'Yoyaku' },
  description: '日本动漫周边与收藏品预订、仓储、合箱、国际发货',
  description_localized: {
    ja: '日本のアニメグッズとコレクターズアイテムの予約、保管、同梱、海外発送',
    en: 'Pre-order anime goods and collectibles from Japan, with storage, combined packing and international shipping',
  },
  lang: 'zh-CN',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#1e3a8a',
  categories: ['shopping'],
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    // the artwork kept well inside the safe zone, so a circle or squircle mask never cuts it
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // shown by Chromium's richer install dialog only; they stay out of the service worker's precache
  screenshots: [
    {
      src: '/screenshots/home-wide.jpg',
      sizes: '1280x800',
      type: 'image/jpeg',
      form_factor: 'wide',
      label: 'Yoyaku 首页：预订活动、公告、热门系列与推荐商品',
    },
    {
      src: '/screenshots/home-narrow.jpg',
      sizes: '412x915',
      type: 'image/jpeg',
      form_factor: 'narrow',
      label: 'Yoyaku 手机上的首页',
    },
  ],
  shortcuts: [
    {
      name: '购物车',
      name_localized: { ja: 'カート', en: 'Cart' },
      url: '/cart/list',
      icons: shortcutIcon('cart'),
    },
    {
      name: '我的订单',
      name_localized: { ja: '注文履歴', en: 'My orders' },
      url: '/order-list/list',
      icons: shortcutIcon('orders'),
    },
    {
      name: '我的收藏',
      name_localized: { ja: 'お気に入り', en: 'My favorites' },
      url: '/collect/list',
      icons: shortcutIcon('favourites'),
    },
  ],
}
