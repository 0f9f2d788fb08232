import type { ShopSettings } from '../../services/shop-settings.ts'
import { DEMO_PRODUCT_IMAGES_BY_SHAPE } from './demo-images.ts'

/** The demo shop's service side: customer-service contacts and charge settings. */

export interface DemoCustomerServiceContact {
  nickname: string
  qrcodeUrl: string | null
  email: string | null
  sort: number
}

/**
 * The members' customer-service panel. The demo has no real messaging QR codes, so two contacts show a
 * demo card picture in their place and the third is reachable by e-mail only.
 */
export function demoCustomerServiceContacts(): DemoCustomerServiceContact[] {
  const [firstCard, secondCard] = DEMO_PRODUCT_IMAGES_BY_SHAPE.card
  const picture = (file: string | undefined) => (file ? `/media/demo/${file}` : null)
  return [
    {
      nickname: '客服 小悠 / Yuu',
      qrcodeUrl: picture(firstCard),
      email: 'yuu@support.yoyaku.example',
      sort: 1,
    },
    { nickname: '客服 阿光 / Hikari', qrcodeUrl: picture(secondCard), email: null, sort: 2 },
    { nickname: '批发合作 / Wholesale desk', qrcodeUrl: null, email: 'wholesale@yoyaku.example', sort: 3 },
  ]
}

/**
 * Demo charge settings: 5 % member discount, 3 % platform fee, 30 % deposit, 3.5 % settlement fee,
 * and a display rate of 0.0476 renminbi to the yen, charged at no more than 0.05.
 */
export const DEMO_SHOP_SETTINGS: ShopSettings = {
  charge: { discount: 0.95, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035, rate: 0.0476 },
  maxRate: 0.05,
}
